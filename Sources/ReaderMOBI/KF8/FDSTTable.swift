import ReaderCore

/// The FDST record of a KF8 book: how the decoded text stream splits into flows.
///
/// Flow 0 is the XHTML that the skeleton and fragment tables cut into parts; the other flows hold
/// CSS and SVG that `kindle:flow:XXXX` links name. Layout (MobileRead wiki "KF8", calibre
/// `Mobi8Reader.read_indices`, libmobi `mobi_parse_fdst`): `FDST`, the offset of the section
/// table, the number of sections, then at that offset one pair of big-endian 32-bit start and end
/// offsets a flow.
struct FDSTTable: Hashable, Sendable {
    /// The most flows a table may claim.
    static let maxFlows = 65_536

    /// Each flow's byte range in the decoded text stream.
    let flows: [Range<Int>]

    /// Reads the FDST record `record` of a book whose decoded text is `textLength` bytes long.
    /// - Throws: ``ReaderError`` `malformed` when the magic is missing, the table does not fit the
    ///   record, or a flow is reversed or ends past the text.
    init(record: [UInt8], textLength: Int) throws(ReaderError) {
        guard record.count >= 12, record.starts(with: Array("FDST".utf8)),
              let tableOffset = ByteReader.uint32(record, at: 4),
              let count = ByteReader.uint32(record, at: 8)
        else {
            throw ReaderError(.malformed, reason: "the FDST record does not start with an FDST header")
        }
        let start = Int(tableOffset)
        guard count <= Self.maxFlows, start >= 12, start <= record.count,
              Int(count) <= (record.count - start) / 8
        else {
            throw ReaderError(.malformed, reason: "the FDST record claims \(count) flows at \(tableOffset); it has \(record.count) bytes")
        }
        var flows: [Range<Int>] = []
        flows.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let flowStart = Int(ByteReader.uint32(record, at: start + 8 * index) ?? 0)
            let flowEnd = Int(ByteReader.uint32(record, at: start + 8 * index + 4) ?? 0)
            guard flowStart <= flowEnd, flowEnd <= textLength else {
                throw ReaderError(.malformed, reason: "FDST flow \(index) spans \(flowStart)..<\(flowEnd), outside the \(textLength)-byte text")
            }
            flows.append(flowStart..<flowEnd)
        }
        self.flows = flows
    }

    /// A table of one flow covering the whole text, for books without an FDST record (or whose
    /// MOBI header counts one flow or none).
    init(wholeTextOf textLength: Int) {
        flows = [0..<max(0, textLength)]
    }
}
