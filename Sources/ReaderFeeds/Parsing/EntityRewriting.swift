import ReaderXML

/// Feeds use HTML's named entities (`&eacute;`, `&nbsp;`) in XML that declares none, which makes the
/// document ill-formed and makes libxml2's recovery drop the characters. Before recovering, such
/// references are rewritten as numeric ones (`&#233;`), which every XML parser reads. Only ASCII
/// bytes are touched, so any ASCII-compatible encoding survives; the XML entities (`amp`, `lt`,
/// `gt`, `quot`, `apos`) and names HTML does not know are left alone.
enum EntityRewriting {
    static func rewritingHTMLEntities(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count > 1, bytes[0] != 0, bytes[1] != 0, !bytes.starts(with: [0xFF, 0xFE]), !bytes.starts(with: [0xFE, 0xFF]) else {
            return nil
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 64)
        var changed = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") else {
                output.append(byte)
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, end - index <= 32, isNameByte(bytes[end]) { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > index + 1, isNameStart(bytes[index + 1]) {
                let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                if !xmlEntities.contains(name), let scalar = HTMLNamedEntity.character(named: name) {
                    output += Array("&#\(scalar.value);".utf8)
                    changed = true
                    index = end + 1
                    continue
                }
            }
            output.append(byte)
            index += 1
        }
        return changed ? output : nil
    }

    private static let xmlEntities: Set<String> = ["amp", "lt", "gt", "quot", "apos"]

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
