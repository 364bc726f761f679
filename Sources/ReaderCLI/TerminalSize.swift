import Foundation

/// The size of the terminal standard output is connected to.
enum TerminalSize {
    /// Columns and rows, or nil when standard output is not a terminal.
    static func current() -> (columns: Int, rows: Int)? {
        guard isatty(STDOUT_FILENO) != 0 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
