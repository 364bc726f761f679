import ReaderHTML

/// What must hold for any CFI the parser accepts.
enum CFIChecks {
    /// A content document with ids, nesting, a list, an image and a surrogate pair, converted once.
    private static let content: HTMLContent = {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title></head>
            <body id="body01"><h1 id="h">Title</h1><p id="para05">xxx<em>yyy</em>0123456789 \u{1F600} tail</p>
            <ul><li id="li1">one</li><li>two<!-- c -->three</li></ul><p><img src="a.png" alt="alt"/>after</p>
            <div id="svg"><p>deep <span id="s1">inner <b>bold</b></span> end</p></div></body></html>
            """
        return (try? HTMLBlockConverter(options: HTMLConversionOptions(keepsSourceText: true))
            .convert(Array(document.utf8), name: "fixed.xhtml")) ?? HTMLContent()
    }()
    private static let source = Array((content.sourceText ?? "").utf16)
    private static let spine: [(itemrefID: String?, idref: String)] = [("ref1", "c1"), (nil, "c2"), ("ref3", "c3")]

    static func check(_ cfi: EPUBCFI) {
        let printed = cfi.description
        // Escaping can lengthen assertions past the parser's cap; only shorter texts must round-trip.
        guard printed.utf8.count <= EPUBCFI.maximumLength else { return }
        let reparsed: EPUBCFI
        do {
            reparsed = try EPUBCFI(parsing: printed)
        } catch {
            preconditionFailure("printed \(printed.prefix(300)) does not parse: \(error)")
        }
        precondition(reparsed == cfi, "\(printed.prefix(300)) parses back as \(reparsed.description.prefix(300))")
        precondition(reparsed.description == printed, "printing is not stable for \(printed.prefix(300))")
        precondition(cfi.compareDocumentOrder(reparsed) == .same, "\(printed.prefix(300)) is not at its own location")
        precondition(!(cfi < reparsed) && !(reparsed < cfi), "\(printed.prefix(300)) sorts before itself")
        if let inner = try? EPUBCFI(parsing: cfi.innerDescription) {
            precondition(inner == cfi, "the inner form of \(printed.prefix(300)) parses differently")
        }
        _ = cfi.partialCFI
        _ = cfi.spineIndex
        _ = cfi.spineItemID
        _ = cfi.spineIndex(correctedAgainst: spine)
        _ = cfi.contentSteps
        _ = cfi.characterOffset
        _ = cfi.start.compareDocumentOrder(cfi.end)
        let resolution = content.pathIndex.resolve(cfi) { range in
            let lower = max(0, min(range.lowerBound, source.count))
            let upper = max(lower, min(range.upperBound, source.count))
            return String(decoding: source[lower..<upper], as: UTF16.self)
        }
        precondition((0...content.pathIndex.sourceLength).contains(resolution.sourceOffset)
                     && resolution.endSourceOffset <= content.pathIndex.sourceLength,
                     "\(printed.prefix(300)) resolves outside the text: \(resolution)")
        _ = content.pathIndex.sourceOffset(for: cfi.contentSteps, characterOffset: cfi.characterOffset)
    }
}
