/// Mends the markup on either side of a lost text record, whose edges can fall inside a tag: the
/// half tag left on each side would otherwise show as text (`/b>`) or swallow the notice that
/// stands in for the record. The bytes are blanked with spaces, so the text's offsets stay right.
enum MarkupCut {
    /// How far from the cut a half tag is looked for: tags are far shorter.
    private static let reach = 1024

    /// Blanks a tag begun near the end of `text` and not closed (`…<a href="x`).
    static func blankOpenTag(atEndOf text: inout [UInt8]) {
        let from = max(0, text.count - reach)
        guard let open = text[from...].lastIndex(of: UInt8(ascii: "<")),
              !text[open...].contains(UInt8(ascii: ">")) else { return }
        for index in open..<text.count { text[index] = 0x20 }
    }

    /// Blanks the end of a tag that `bytes` starts inside (`/b>…`): everything up to the first
    /// `>` when no `<` comes before it.
    static func blankTagRest(atStartOf bytes: UnsafeMutableBufferPointer<UInt8>) {
        let head = bytes.prefix(reach)
        guard let close = head.firstIndex(of: UInt8(ascii: ">")),
              !head[..<close].contains(UInt8(ascii: "<")) else { return }
        for index in 0...close { bytes[index] = 0x20 }
    }
}
