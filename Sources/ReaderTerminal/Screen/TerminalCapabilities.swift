import Foundation

/// What the terminal can show, from the environment: colours (off with `NO_COLOR` set and not
/// empty, or a terminal type without colour), attributes (off on a `dumb` terminal), and UTF-8
/// (the locale's character set; plain ASCII otherwise), and pictures by kitty's graphics protocol
/// (kitty, WezTerm and Ghostty say who they are in the environment; not inside tmux, which does
/// not pass the protocol on).
public struct TerminalCapabilities: Hashable, Sendable {
    /// Whether highlights may use background colours.
    public var colors: Bool
    /// Whether bold, italic, underline, dim and reverse may be used.
    public var attributes: Bool
    /// Whether text may hold characters beyond ASCII.
    public var unicode: Bool
    /// Whether pictures may be drawn with kitty's graphics protocol.
    public var kittyGraphics: Bool

    /// Creates capabilities.
    public init(colors: Bool, attributes: Bool, unicode: Bool, kittyGraphics: Bool = false) {
        self.colors = colors
        self.attributes = attributes
        self.unicode = unicode
        self.kittyGraphics = kittyGraphics
    }

    /// Everything on.
    public static let full = TerminalCapabilities(colors: true, attributes: true, unicode: true)

    /// Terminal types known to show no colour.
    static let monochromeTerminals: Set<String> = ["vt52", "vt100", "vt102", "vt220", "vt320", "linux-m", "xterm-mono", "ansi-mono"]

    /// The capabilities the environment describes.
    public static func detect(environment: [String: String]) -> TerminalCapabilities {
        let term = environment["TERM"] ?? ""
        let dumb = term.isEmpty || term == "dumb" || term == "unknown"
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let monochrome = monochromeTerminals.contains(term) || term.hasSuffix("-m") || term.hasSuffix("-mono")
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let normalized = locale.lowercased().replacingOccurrences(of: "-", with: "")
        let kitty = term == "xterm-kitty" || !(environment["KITTY_WINDOW_ID"] ?? "").isEmpty
            || ["WezTerm", "ghostty"].contains(environment["TERM_PROGRAM"] ?? "")
        let multiplexed = !(environment["TMUX"] ?? "").isEmpty || term.hasPrefix("screen") || term.hasPrefix("tmux")
        return TerminalCapabilities(colors: !dumb && !noColor && !monochrome, attributes: !dumb,
                                    unicode: normalized.contains("utf8"), kittyGraphics: kitty && !multiplexed && !dumb)
    }
}
