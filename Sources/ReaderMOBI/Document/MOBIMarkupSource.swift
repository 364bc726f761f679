import ReaderCore

/// Where a book's markup comes from: the one HTML stream of MOBI 6, or the rebuilt XHTML parts
/// of KF8. Either way it is read as a list of parts, one section each.
enum MOBIMarkupSource: Sendable {
    case mobi6(MOBI6Text)
    case kf8(KF8Text)

    /// The number of parts.
    var partCount: Int {
        switch self {
        case .mobi6(let text): text.layout.parts.count
        case .kf8(let text): text.table.parts.count
        }
    }

    /// The href of a part in Locators: `part0003.html` for MOBI 6, the rebuilt file name
    /// (`part0003.xhtml`) for KF8.
    func href(ofPart index: Int) -> String {
        switch self {
        case .mobi6: "part" + String(repeating: "0", count: max(0, 4 - String(index).count)) + "\(index).html"
        case .kf8(let text): text.table.parts[index].fileName
        }
    }

    /// The media type of a part.
    var mediaType: String {
        switch self {
        case .mobi6: "text/html"
        case .kf8: "application/xhtml+xml"
        }
    }

    /// The part's markup length in bytes, as stored in the decoded text.
    func byteCount(ofPart index: Int) -> Int {
        switch self {
        case .mobi6(let text): text.layout.parts[index].range.count
        case .kf8(let text): text.table.parts[index].bytes.count
        }
    }

    /// False for a MOBI 6 part cut out of a long stretch without page breaks: it continues the
    /// screen page of the part before.
    func startsNewPage(_ index: Int) -> Bool {
        switch self {
        case .mobi6(let text): index == 0 || text.layout.parts[index].startsAtPageBreak
        case .kf8: true
        }
    }

    /// The sections of the reading order.
    var sections: [Section] {
        (0..<partCount).map { index in
            Section(index: index, href: href(ofPart: index), mediaType: mediaType, startsNewPage: startsNewPage(index),
                    byteCount: byteCount(ofPart: index))
        }
    }

    /// Anchors, parses and converts one part.
    func convert(part index: Int) throws(ReaderError) -> ConvertedPart {
        switch self {
        case .mobi6(let text):
            let markup = text.markup(ofPart: index)
            return try ConvertedPart.convert(markup.bytes, name: href(ofPart: index), exactAnchors: markup.exactAnchors,
                                             fileposRange: text.layout.parts[index].range,
                                             singleByteStream: text.isWindows1252)
        case .kf8(let text):
            return try ConvertedPart.convert(text.markup(ofPart: index), name: href(ofPart: index), isXHTML: true)
        }
    }
}
