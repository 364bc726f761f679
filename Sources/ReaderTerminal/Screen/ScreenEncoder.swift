import ReaderRendering

/// The bytes that draw a ``Screen``: each row cleared and written from its first column, its
/// runs in SGR attributes (none on a terminal without them, reverse video for highlights where
/// colours are off), inside a synchronized update so the terminal shows the frame whole.
public enum ScreenEncoder {
    /// Enters the alternate screen, hides the cursor, reports the mouse wheel (SGR mode).
    public static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h"
    /// Undoes ``enter``: mouse reporting off, cursor shown, attributes reset, normal screen back.
    public static let leave = "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    /// The bytes of one frame.
    public static func frame(_ screen: Screen, capabilities: TerminalCapabilities) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(screen.columns * screen.lines.count * 2 + 256)
        bytes += Array("\u{1B}[?2026h".utf8)
        if capabilities.kittyGraphics { bytes += Array(KittyImage.deleteAll.utf8) }
        for (row, line) in screen.lines.enumerated() {
            bytes += Array("\u{1B}[\(row + 1);1H\u{1B}[0m\u{1B}[2K".utf8)
            for run in line.runs {
                let codes = sgr(run.attributes, capabilities: capabilities)
                if !codes.isEmpty { bytes += Array("\u{1B}[\(codes)m".utf8) }
                TerminalSafeText.append(run.text, to: &bytes)
                if !codes.isEmpty { bytes += Array("\u{1B}[0m".utf8) }
            }
        }
        if capabilities.kittyGraphics, let image = screen.image { bytes += Array(image.sequence.utf8) }
        bytes += Array("\u{1B}[?2026l".utf8)
        return bytes
    }

    /// The SGR parameters for `attributes` ("" for plain text or a terminal without attributes).
    static func sgr(_ attributes: TextAttributes, capabilities: TerminalCapabilities) -> String {
        guard capabilities.attributes else { return "" }
        var codes: [String] = []
        if attributes.bold { codes.append("1") }
        if attributes.dim { codes.append("2") }
        if attributes.italic { codes.append("3") }
        if attributes.underline { codes.append("4") }
        var reverse = attributes.reverse
        if let highlight = attributes.highlight {
            if capabilities.colors {
                codes.append("30")
                codes.append(String(highlight.backgroundCode))
            } else {
                reverse = true
            }
        }
        if reverse { codes.append("7") }
        if attributes.strikethrough { codes.append("9") }
        return codes.joined(separator: ";")
    }
}
