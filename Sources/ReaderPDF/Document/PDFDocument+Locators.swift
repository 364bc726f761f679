import ReaderCore

extension PDFDocument {
    /// The Locator of a position: `page`, `offset` in that page's text, `progression` in the page,
    /// `totalProgression`, `position` (= page, as Readium numbers PDF positions), a `page=N`
    /// fragment, the governing outline entry as title, and text context.
    public func locator(at position: TextPosition) throws(ReaderError) -> Locator {
        try checkSection(position.section)
        return try located { () throws(ReaderError) in
            let content = try content(ofSection: position.section)
            var place = PDFSourceOffset(page: position.section + 1, offset: 0)
            if content.blocks.indices.contains(position.block),
               let packed = content.blocks[position.block].sourceMap.sourceOffset(forTextOffset: position.offset) {
                place = PDFSourceOffset(packed: packed)
            }
            var locator = try pageLocator(place)
            locator.text = SourceOffsetLocating.textContext(at: position, in: content)
            return locator
        }
    }

    /// The text position of a Locator: its `page` (else a `page=N` fragment, else `position`,
    /// else `totalProgression`), then its `offset` in that page's text (else `progression`).
    public func textPosition(for locator: Locator) throws(ReaderError) -> TextPosition {
        try located { () throws(ReaderError) in
            guard locator.href.isEmpty || locator.href == href || locator.href == path
                    || locator.href.hasSuffix("/" + href) else {
                throw ReaderError(.invalidLocator, reason: "the Locator points into \"\(locator.href)\", not \"\(href)\"")
            }
            let place = try sourceOffset(of: locator)
            // The end of the inherited part (where the next page's words join on) is still its.
            let section = place.offset <= (try reflow.inheritedPrefixEnd(ofPage: place.page))
                ? try reflow.sectionHoldingStart(ofPage: place.page) : place.page - 1
            return SourceOffsetLocating.textPosition(forSourceOffset: place.packed, in: try content(ofSection: section),
                                                     section: section)
        }
    }

    /// The start of page `page`'s text in the reflowed view.
    public func textPosition(ofPage page: Int) throws(ReaderError) -> TextPosition {
        try textPosition(for: Locator(href: href, type: FormatDescriptor.pdf.mediaType, locations: .init(offset: 0, page: page)))
    }

    /// A Locator for a place, without text context.
    func pageLocator(_ place: PDFSourceOffset) throws(ReaderError) -> Locator {
        let length = try reflow.facts(ofPage: place.page).utf16Length
        let progression = length > 0 ? min(1, Double(place.offset) / Double(length)) : 0
        return locator(place, progression: progression)
    }

    /// The Locator of the start of `page` (what ``pageLocator(_:)`` gives for offset 0), made
    /// without reading the page: a link's target need not be extracted to be pointed at.
    func pageStartLocator(_ page: Int) -> Locator {
        locator(PDFSourceOffset(page: page, offset: 0), progression: 0)
    }

    private func locator(_ place: PDFSourceOffset, progression: Double) -> Locator {
        let total = pageCount > 0 ? (Double(place.page - 1) + progression) / Double(pageCount) : 0
        return Locator(href: href, type: FormatDescriptor.pdf.mediaType, title: outlineTitle(governing: place.page),
                       locations: .init(fragments: ["page=\(place.page)"], progression: progression,
                                        totalProgression: total, position: place.page, offset: place.offset,
                                        page: place.page, pageLabel: pageLabel(ofPage: place.page)))
    }

    private func sourceOffset(of locator: Locator) throws(ReaderError) -> PDFSourceOffset {
        let locations = locator.locations
        var page = locations.page ?? locations.fragments?.lazy.compactMap(Self.pageFragment).first ?? locations.position
        // Only this engine's Locators (which carry `page`) measure progression within the page;
        // Readium's measure it through the whole file, which the page already says.
        var progression = locations.page == nil ? nil : locations.progression
        if page == nil, let total = locations.totalProgression {
            guard total.isFinite, (0...1).contains(total) else {
                throw ReaderError(.invalidLocator, reason: "totalProgression \(total) is outside 0...1")
            }
            let scaled = total * Double(pageCount)
            let index = min(pageCount - 1, Int(scaled.rounded(.down)))
            page = index + 1
            progression = min(1, scaled - Double(index))
        }
        guard let page else {
            throw ReaderError(.invalidLocator, reason: "the Locator has no page, position or totalProgression")
        }
        guard (1...pageCount).contains(page) else {
            throw ReaderError(.invalidLocator, reason: "page \(page) is outside 1...\(pageCount)")
        }
        let length = try reflow.facts(ofPage: page).utf16Length
        var offset = 0
        if let given = locations.offset {
            offset = given
        } else if let progression {
            guard progression.isFinite, (0...1).contains(progression) else {
                throw ReaderError(.invalidLocator, reason: "progression \(progression) is outside 0...1")
            }
            offset = SourceOffsetLocating.offset(ofProgression: progression, length: length)
        }
        guard (0...length).contains(offset) else {
            throw ReaderError(.invalidLocator, reason: "offset \(offset) is outside page \(page)'s text (0...\(length))")
        }
        return PDFSourceOffset(page: page, offset: offset)
    }

    /// `page=12` → 12.
    private static func pageFragment(_ fragment: String) -> Int? {
        guard fragment.hasPrefix("page=") else { return nil }
        return Int(fragment.dropFirst(5))
    }
}

extension PDFDocument {
    /// The page's label from the PDF's `/PageLabels` (`iv`, `A-1`), nil where it is the number.
    public func pageLabel(ofPage page: Int) -> String? {
        (try? poppler.pageLabel(page)) ?? nil
    }
}
