import Foundation

/// The size of the terminal the reader sits at.
enum TerminalSize {
    /// Columns and rows of the controlling terminal (`/dev/tty`), whether or not standard output
    /// goes to it, so `reader toc … | less` numbers pages as `reader open` does at the same
    /// terminal; else of the terminal standard output is; nil with no terminal at all.
    static func current() -> (columns: Int, rows: Int)? {
        let tty = open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC)
        if tty >= 0 {
            defer { close(tty) }
            if let size = size(of: tty) { return size }
        }
        return isatty(STDOUT_FILENO) != 0 ? size(of: STDOUT_FILENO) : nil
    }

    /// True when standard output is a terminal (pages are then padded to the screen and marks
    /// shown in reverse video).
    static var isStandardOutputTerminal: Bool { isatty(STDOUT_FILENO) != 0 }

    private static func size(of descriptor: Int32) -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
