import ReaderCore

/// One entry of the KF8 fragment (FRAG, "div") index: a run of flow-0 text inserted into a
/// skeleton.
///
/// The label is the insert position written in decimal, in the coordinates where a part's
/// skeleton starts at the skeleton's flow offset; tag 2 is the CNCX offset of the selector of the
/// element the fragment goes into (`P-//*[@aid='1']`), tag 3 the file (skeleton) number, tag 4 the
/// sequence number, tag 6 the offset inside that element's content and the length (calibre
/// `Mobi8Reader.read_indices`, libmobi `INDX_TAG_FRAG_*`).
struct FragmentEntry: Hashable, Sendable {
    /// The entry's position in the index: the `fid` of `kindle:pos` links.
    let index: Int
    /// Where the fragment is inserted (decimal label).
    let insertPosition: Int
    /// The selector of the element the fragment goes into, when the CNCX table has it.
    let selector: String?
    /// The skeleton (file) number the writer assigned.
    let fileNumber: Int
    /// The fragment's sequence number.
    let sequenceNumber: Int
    /// The insert point's offset from the end of the start tag that ``selector`` names.
    let offsetInElement: Int
    /// The fragment's length in bytes.
    let length: Int

    /// Creates an entry.
    init(index: Int, insertPosition: Int, selector: String?, fileNumber: Int, sequenceNumber: Int,
         offsetInElement: Int, length: Int) {
        self.index = index
        self.insertPosition = insertPosition
        self.selector = selector
        self.fileNumber = fileNumber
        self.sequenceNumber = sequenceNumber
        self.offsetInElement = offsetInElement
        self.length = length
    }

    /// The value of the `aid` attribute the selector names (`P-//*[@aid='1T141']` → `1T141`).
    var aid: String? {
        guard let selector else { return nil }
        let marker = Array("@aid=".utf8), bytes = Array(selector.utf8)
        guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: marker) }) else { return nil }
        let value = String(decoding: bytes[(start + marker.count)...], as: UTF8.self)
            .drop { $0 == "'" || $0 == "\"" }
        let aid = value.prefix { $0 != "'" && $0 != "\"" }
        return aid.isEmpty ? nil : String(aid)
    }

    /// The entries of a fragment index.
    /// - Throws: ``ReaderError`` `malformed` when a label is not a decimal number or an entry lacks
    ///   tags 3 or 6.
    static func entries(from index: MOBIIndex) throws(ReaderError) -> [FragmentEntry] {
        var result: [FragmentEntry] = []
        result.reserveCapacity(index.entries.count)
        for (number, entry) in index.entries.enumerated() {
            guard entry.label.utf8.count <= 18, let insert = Int(entry.label), insert >= 0 else {
                throw ReaderError(.malformed, reason: "fragment entry \(number) has the label \"\(entry.label)\", not an insert position")
            }
            guard let file = entry.intValue(3), let offset = entry.intValue(6, at: 0),
                  let length = entry.intValue(6, at: 1)
            else {
                throw ReaderError(.malformed, reason: "fragment entry \(number) lacks its file number or position")
            }
            result.append(FragmentEntry(index: number, insertPosition: insert,
                                        selector: entry.value(2).flatMap { index.cncxString(at: $0) },
                                        fileNumber: file, sequenceNumber: entry.intValue(4) ?? number,
                                        offsetInElement: offset, length: length))
        }
        return result
    }
}
