/// The markup of a KF8 text flow without its skeletons' document wrappers, for reading a flow whose
/// skeleton and fragment indices are lost: each XHTML file's skeleton (`<?xml?>`, doctype, `<html>`,
/// `<head>…</head>`, `<body>`) stands before its fragments, so dropping those tags leaves the
/// fragments' markup in reading order, one document's content after another.
enum KF8SkeletonStripping {
    /// `flow` with XML declarations, doctypes, `html` and `body` tags and whole `head` elements removed.
    static func strip(_ flow: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(flow.count)
        var index = 0
        while index < flow.count {
            guard flow[index] == UInt8(ascii: "<") else {
                output.append(flow[index])
                index += 1
                continue
            }
            if starts(flow, at: index, with: "<head") && !starts(flow, at: index, with: "<header") {
                index = end(of: "</head", in: flow, from: index).map { skipTag(flow, from: $0) } ?? flow.count
            } else if ["<?xml", "<!doctype", "<html", "</html", "<body", "</body"].contains(where: { starts(flow, at: index, with: $0) }) {
                index = skipTag(flow, from: index)
            } else {
                output.append(flow[index])
                index += 1
            }
        }
        return output
    }

    /// Whether `flow` has `prefix` (ASCII, compared case-insensitively) at `index`, followed by a
    /// character that ends a tag name.
    private static func starts(_ flow: [UInt8], at index: Int, with prefix: String) -> Bool {
        let bytes = Array(prefix.utf8)
        guard index + bytes.count <= flow.count else { return false }
        for (offset, byte) in bytes.enumerated() where lowercased(flow[index + offset]) != byte { return false }
        guard index + bytes.count < flow.count else { return true }
        let next = flow[index + bytes.count]
        return !(next >= UInt8(ascii: "a") && next <= UInt8(ascii: "z")) && !(next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z"))
            && next != UInt8(ascii: "-")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// The index just past the `>` that closes the tag starting at `index`.
    private static func skipTag(_ flow: [UInt8], from index: Int) -> Int {
        var cursor = index
        while cursor < flow.count, flow[cursor] != UInt8(ascii: ">") { cursor += 1 }
        return min(flow.count, cursor + 1)
    }

    /// Where the next `closing` tag starts at or after `index`.
    private static func end(of closing: String, in flow: [UInt8], from index: Int) -> Int? {
        var cursor = index
        while cursor < flow.count {
            if flow[cursor] == UInt8(ascii: "<"), starts(flow, at: cursor, with: closing) { return cursor }
            cursor += 1
        }
        return nil
    }
}
