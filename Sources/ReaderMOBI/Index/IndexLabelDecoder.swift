/// Turns the bytes of an index entry's label into text: through the ORDT table when the index has
/// one, else in the index's encoding.
struct IndexLabelDecoder: Hashable, Sendable {
    /// The index's text encoding.
    let encoding: IndexTextEncoding
    /// The index's ORDT table, if any.
    let ordt: ORDTTable?

    /// The label that `bytes` spell.
    func decode(_ bytes: ArraySlice<UInt8>) -> String {
        if let ordt { return ordt.decode(bytes) }
        return encoding.decode(bytes)
    }
}
