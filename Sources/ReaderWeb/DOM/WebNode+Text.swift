extension WebNode {
    /// The text of the subtree, as written (the DOM's `textContent`).
    var textContent: String {
        if isText { return text }
        var result = ""
        appendText(to: &result)
        return result
    }

    private func appendText(to result: inout String) {
        for child in children {
            if child.isText { result += child.text } else { child.appendText(to: &result) }
        }
    }

    /// The text trimmed, runs of white space collapsed to one space.
    var innerText: String { textContent.collapsingSpaces() }

    /// The text with a space at every block boundary (so words of two paragraphs never run
    /// together), white space collapsed: what a reader sees, as one line.
    var readableText: String {
        var result = ""
        appendReadable(to: &result)
        return result.collapsingSpaces()
    }

    private func appendReadable(to result: inout String) {
        for child in children {
            if child.isText {
                result += child.text
            } else {
                let isBlock = !ExtractionHints.phrasing.contains(child.name) || child.name == "br" || child.name == "img"
                if isBlock { result += " " }
                child.appendReadable(to: &result)
                if isBlock { result += " " }
            }
        }
    }

    /// The class and id joined, lower case: what the class and id hints are matched against.
    var classAndID: String {
        ((attribute("class") ?? "") + " " + (attribute("id") ?? "")).lowercased()
    }

    /// The share of the text that lies in links (a link to a fragment of the page counts 0.3).
    var linkDensity: Double {
        let length = innerText.count
        guard length > 0 else { return 0 }
        var linkLength = 0.0
        for link in descendants(named: ["a"]) {
            let weight = (link.attribute("href") ?? "").hasPrefix("#") ? 0.3 : 1
            linkLength += Double(link.innerText.count) * weight
        }
        return linkLength / Double(length)
    }

    /// Whether the node is only white space (a text node) or a `<br>`.
    var isWhitespace: Bool {
        isText ? text.allSatisfy(\.isWhitespace) : name == "br"
    }

    /// How many times `character` occurs in the text.
    func count(of character: Character) -> Int {
        innerText.reduce(0) { $0 + ($1 == character ? 1 : 0) }
    }
}

extension StringProtocol {
    /// Trimmed, with every run of white space one space.
    func collapsingSpaces() -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        var pendingSpace = false
        for character in self {
            if character.isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(character)
            }
        }
        return result
    }
}
