import Foundation
import ReaderCore

extension TerminalReader {
    /// `f` and `i`: labels over the links (or images) of the page.
    func showHints(_ purpose: HintPurpose) {
        pageLinks = PageLink.find(on: page, blocks: { self.block(section: $0, index: $1) }, images: purpose == .images)
        guard !pageLinks.isEmpty else { return say(purpose == .links ? "no links on this page" : "no images on this page") }
        if purpose == .images, !(book.document is any ResourceProviding) {
            return fail("this format keeps no image files")
        }
        mode = .hints(purpose)
    }

    func hintKey(_ key: Key, purpose: HintPurpose) {
        mode = .reading
        guard case .character(let character) = key, let link = pageLinks.first(where: { $0.label == String(character) }) else { return }
        switch link.target {
        case .link(let target, let section): follow(target, from: section)
        case .image(let href): capabilities.kittyGraphics ? showImage(href) : writeImage(href)
        }
    }

    /// Shows an image of the book over the page (a terminal that speaks kitty's graphics protocol).
    func showImage(_ href: String) {
        guard let provider = book.document as? any ResourceProviding else { return fail("this format keeps no image files") }
        do {
            let data = try provider.resourceData(href: href)
            shownImage = try KittyImage.make(from: data, columns: columns, rows: max(1, rows - 1),
                                             cellWidth: cellPixels.width, cellHeight: cellPixels.height)
            mode = .image(href: href)
        } catch {
            fail("the image could not be shown: \(reason(of: error))")
        }
    }

    /// In the image view: `w` writes the image out; any other key goes back to the page.
    func imageKey(_ key: Key, href: String) {
        closeImage()
        if key == .character("w") { writeImage(href) }
    }

    /// Back to the page from the image view (the next frame deletes the picture).
    func closeImage() {
        shownImage = nil
        mode = .reading
    }

    /// Goes where a link leads, keeping the page to come back to; an outside link is only shown.
    func follow(_ target: LinkTarget, from section: Int) {
        if case .external(let url) = target { return say("a link out of the book: \(url)") }
        guard let position = position(of: target, from: section) else { return fail("the link leads nowhere in this book") }
        history.append(page.start)
        if history.count > 100 { history.removeFirst() }
        show(position: position)
    }

    /// Backspace: back to the page a link was followed from.
    func goBack() {
        guard let position = history.popLast() else { return say("no link followed to come back from") }
        show(position: position)
    }

    /// Where an inner link leads: the document's answer, else the first block carrying the id.
    func position(of target: LinkTarget, from section: Int) -> TextPosition? {
        let document = book.document
        switch target {
        case .external:
            return nil
        case .locator(let locator):
            return try? document.textPosition(for: locator)
        case .resource(let href, let fragment):
            let order = document.readingOrder
            let wanted = href.isEmpty && order.indices.contains(section) ? order[section].href : href
            let found = order.firstIndex { $0.href == wanted }
                ?? order.firstIndex { $0.href.split(separator: "#").first.map(String.init) == wanted }
            if let found, fragment == nil { return TextPosition(section: found, block: 0, offset: 0) }
            if let found {
                let locator = Locator(href: order[found].href, type: order[found].mediaType,
                                      locations: .init(fragments: fragment.map { [$0] }, progression: 0))
                if let position = try? document.textPosition(for: locator), position.section == found,
                   position.block > 0 || position.offset > 0 || anchorBlock(fragment!, in: found) == nil {
                    return position
                }
            }
            guard let fragment else { return nil }
            let sections = ([found ?? section] + order.indices.filter { $0 != (found ?? section) }).prefix(2000)
            for candidate in sections {
                if let block = anchorBlock(fragment, in: candidate) { return TextPosition(section: candidate, block: block, offset: 0) }
            }
            return nil
        }
    }

    /// The first block of `section` carrying `id`.
    private func anchorBlock(_ id: String, in section: Int) -> Int? {
        guard let content = try? book.document.content(ofSection: section) else { return nil }
        return content.blocks.firstIndex { $0.anchorID == id }
    }

    /// Writes an image of the book to a new file in the current folder.
    func writeImage(_ href: String) {
        guard let provider = book.document as? any ResourceProviding else { return fail("this format keeps no image files") }
        do {
            let data = try provider.resourceData(href: href)
            let name = Self.imageFileName(for: href, existing: { FileManager.default.fileExists(atPath: $0) })
            guard FileManager.default.createFile(atPath: name, contents: Data(data)) else {
                return fail("could not write \(name)")
            }
            say("wrote the image to \(name) (\(data.count) bytes)")
        } catch {
            fail("the image could not be read: \(error.reason)")
        }
    }

    /// A file name for an image: its href's last part, letters, digits, `.`, `-` and `_` only,
    /// numbered when a file of that name exists.
    static func imageFileName(for href: String, existing: (String) -> Bool) -> String {
        let last = href.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? "image"
        var base = String(last.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)) }.map(Character.init))
        while base.hasPrefix(".") { base.removeFirst() }
        if base.isEmpty { base = "image" }
        base = String(base.prefix(80))
        var candidate = base
        var number = 2
        while existing(candidate) {
            let dot = base.lastIndex(of: ".")
            candidate = dot.map { String(base[..<$0]) + "-\(number)" + String(base[$0...]) } ?? base + "-\(number)"
            number += 1
        }
        return candidate
    }
}
