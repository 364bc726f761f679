/// One entry of the KF8 guide index: a landmark such as the table of contents or the start of
/// the text.
///
/// The label is the reference type (`toc`, `text`, `cover`…); tag 1 is the CNCX offset of the
/// title, tag 6 the target `[fid, off]`, or, in older files, tag 3 a file number (calibre
/// `Mobi8Reader.read_indices`).
struct GuideEntry: Hashable, Sendable {
    /// The reference type.
    let type: String
    /// The title from the CNCX table; empty when missing.
    let title: String
    /// The target, when tag 6 gives one.
    let kindlePosition: KindlePosition?
    /// The target part's file number, when only tag 3 gives one.
    let fileNumber: Int?

    /// Creates an entry.
    init(type: String, title: String, kindlePosition: KindlePosition?, fileNumber: Int?) {
        self.type = type
        self.title = title
        self.kindlePosition = kindlePosition
        self.fileNumber = fileNumber
    }

    /// The entries of a guide index, in index order.
    static func entries(from index: MOBIIndex) -> [GuideEntry] {
        index.entries.map { entry in
            var position: KindlePosition?
            if let fid = entry.intValue(6, at: 0), let off = entry.intValue(6, at: 1) {
                position = KindlePosition(fragmentIndex: fid, offset: off)
            }
            return GuideEntry(type: entry.label, title: entry.value(1).flatMap { index.cncxString(at: $0) } ?? "",
                              kindlePosition: position, fileNumber: entry.intValue(3))
        }
    }
}
