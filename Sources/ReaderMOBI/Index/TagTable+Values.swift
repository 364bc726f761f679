import ReaderCore

extension TagTable {
    // How many values of one tag follow: a count of occurrences, or a number of bytes.
    private enum Amount {
        case occurrences(Int)
        case bytes(Int)
    }

    /// Decodes the tag values of one entry: `bytes` starts at the entry's control bytes (just
    /// after its label) and ends where the entry ends.
    ///
    /// For each row, the masked bits of the current control byte give the tag's amount: zero means
    /// absent; all bits of a mask wider than one bit mean a variable-width byte count follows the
    /// control bytes; otherwise the bits, shifted down, count occurrences of `valuesPerEntry`
    /// values. The values themselves, forward-encoded variable-width integers, follow in row
    /// order (calibre `get_tag_map`, libmobi `mobi_parse_index_entry`).
    /// - Returns: The values of each tag present, keyed by tag number.
    /// - Throws: ``ReaderError`` `malformed` when the entry ends before its values do, a byte
    ///   count does not land on a value boundary, or the entry holds too many values.
    func values(in bytes: ArraySlice<UInt8>) throws(ReaderError) -> [UInt8: [UInt32]] {
        guard bytes.count >= controlByteCount else {
            throw ReaderError(.malformed, reason: "an index entry is shorter than its \(controlByteCount) control bytes")
        }
        let controlBytes = Array(bytes.prefix(controlByteCount))
        var reader = ByteReader(Array(bytes), offset: controlByteCount)
        var pending: [(definition: Definition, amount: Amount)] = []
        var controlIndex = 0
        for definition in definitions {
            if definition.endsControlByte {
                controlIndex += 1
                continue
            }
            guard controlIndex < controlBytes.count else { break }
            let masked = controlBytes[controlIndex] & definition.mask
            guard masked != 0 else { continue }
            if masked == definition.mask, definition.mask.nonzeroBitCount > 1 {
                guard let (byteCount, _) = reader.forwardVariableWidth() else {
                    throw ReaderError(.malformed, reason: "an index entry ends inside the byte count of tag \(definition.tag)")
                }
                pending.append((definition, .bytes(Int(byteCount))))
            } else {
                pending.append((definition, .occurrences(Int(masked >> definition.mask.trailingZeroBitCount))))
            }
        }
        var result: [UInt8: [UInt32]] = [:]
        var total = 0
        for (definition, amount) in pending {
            var values: [UInt32] = []
            switch amount {
            case .occurrences(let occurrences):
                let count = occurrences * Int(definition.valuesPerEntry)
                guard total + count <= Self.maxValuesPerEntry else {
                    throw ReaderError(.malformed, reason: "an index entry claims more than \(Self.maxValuesPerEntry) tag values")
                }
                for _ in 0..<count {
                    guard let (value, _) = reader.forwardVariableWidth() else {
                        throw ReaderError(.malformed, reason: "an index entry ends inside the values of tag \(definition.tag)")
                    }
                    values.append(value)
                }
            case .bytes(let byteCount):
                guard byteCount <= reader.remaining else {
                    throw ReaderError(.malformed, reason: "tag \(definition.tag) claims \(byteCount) bytes; \(reader.remaining) are left in its entry")
                }
                var consumed = 0
                while consumed < byteCount {
                    guard total + values.count < Self.maxValuesPerEntry,
                          let (value, length) = reader.forwardVariableWidth()
                    else {
                        throw ReaderError(.malformed, reason: "the values of tag \(definition.tag) overrun their entry or the value limit")
                    }
                    values.append(value)
                    consumed += length
                }
                guard consumed == byteCount else {
                    throw ReaderError(.malformed, reason: "the values of tag \(definition.tag) take \(consumed) bytes, not the \(byteCount) announced")
                }
            }
            total += values.count
            result[definition.tag, default: []].append(contentsOf: values)
        }
        return result
    }
}
