import ReaderCore
internal import CPoppler

extension PopplerDocument {
    /// Text of one page in poppler's reading order: poppler_page_get_text, poppler_page_get_text_layout
    /// (one rectangle per character), poppler_page_get_text_attributes (font runs) and, for a page
    /// without text, the number of images (poppler_page_get_image_mapping). Coordinates: points,
    /// origin top-left.
    ///
    /// When the page text and the layout disagree (poppler's whole-page text can stop early on
    /// pages that mix right-to-left and other scripts), the text is taken again line by line
    /// with `poppler_page_get_selected_text` over each layout line, and each line is paired
    /// with its rectangles as far as they go, so `scalars.count == boxes.count` always holds.
    func pageText(_ pageNumber: Int) throws(ReaderError) -> PDFPageText {
        try withPage(pageNumber) { page in
            var width = 0.0
            var height = 0.0
            poppler_page_get_size(page, &width, &height)
            let rects = Self.layoutRects(page)
            let text = GLibString.takeScalars(poppler_page_get_text(page))
            let aligned = PDFAlignedText.strict(text: text, rects: rects) ?? Self.alignLineByLine(page, rects: rects)
            let runs = PDFFontRunMapping.runs(Self.fontAttributes(page), layoutIndices: aligned.layoutIndices,
                                              layoutCount: rects.count)
            // Counting images walks the page's content again, as long as extracting its text
            // takes, and only a page without text needs the count.
            let hasText = aligned.scalars.contains { !$0.isPDFWhitespace }
            return PDFPageText(pageNumber: pageNumber, width: width, height: height, scalars: aligned.scalars,
                               boxes: aligned.boxes, fontRuns: runs, imageCount: hasText ? 0 : Self.imageCount(page))
        }
    }

    /// One rectangle per character of the layout (`poppler_page_get_text_layout`).
    private static func layoutRects(_ page: OpaquePointer) -> [PDFRect] {
        var rectangles: UnsafeMutablePointer<PopplerRectangle>?
        var count: guint = 0
        let found = poppler_page_get_text_layout(page, &rectangles, &count)
        defer { g_free(rectangles) }
        guard found != 0, let rectangles else { return [] }
        return UnsafeBufferPointer(start: rectangles, count: Int(count)).map {
            PDFRect(x1: $0.x1, y1: $0.y1, x2: $0.x2, y2: $0.y2)
        }
    }

    /// Pairs each layout line with the text poppler selects inside the line's bounding box.
    private static func alignLineByLine(_ page: OpaquePointer, rects: [PDFRect]) -> PDFAlignedText {
        var aligned = PDFAlignedText()
        for line in PDFAlignedText.lines(of: rects) {
            if let first = line.content.first {
                let area = rects[line.content].reduce(rects[first]) { $0.union($1) }
                var selection = PopplerRectangle(x1: area.x1, y1: area.y1, x2: area.x2, y2: area.y2)
                let text = GLibString.take(poppler_page_get_selected_text(page, POPPLER_SELECTION_GLYPH, &selection)) ?? ""
                // A line's text holds no line break of its own.
                let scalars = text.unicodeScalars.map { $0 == "\n" ? " " : $0 }
                aligned.append(scalars, rects: Array(rects[line.content]), indices: line.content)
            }
            if let end = line.end { aligned.append("\n", box: rects[end], layoutIndex: end) }
        }
        return aligned
    }

    /// Font name and size runs over layout indices (`poppler_page_get_text_attributes`, whose
    /// end index is inclusive).
    private static func fontAttributes(_ page: OpaquePointer) -> [PDFFontRun] {
        guard let list = poppler_page_get_text_attributes(page) else { return [] }
        defer { poppler_page_free_text_attributes(list) }
        var result: [PDFFontRun] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let data = current.pointee.data {
                let attributes = data.assumingMemoryBound(to: PopplerTextAttributes.self).pointee
                let start = Int(attributes.start_index)
                let end = Int(attributes.end_index)
                if start >= 0, end >= start {
                    result.append(PDFFontRun(range: start..<(end + 1),
                                             fontName: attributes.font_name.map { String(cString: $0) } ?? "",
                                             fontSize: attributes.font_size))
                }
            }
            node = current.pointee.next
        }
        return result
    }

    /// How many images the page draws (`poppler_page_get_image_mapping`).
    private static func imageCount(_ page: OpaquePointer) -> Int {
        guard let mapping = poppler_page_get_image_mapping(page) else { return 0 }
        defer { poppler_page_free_image_mapping(mapping) }
        return Int(g_list_length(mapping))
    }
}
