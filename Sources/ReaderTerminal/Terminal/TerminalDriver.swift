internal import CTerminalGuard
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ReaderCore

/// The terminal itself: raw mode (no echo, no line editing, no signals from keys), the alternate
/// screen with the cursor hidden and the mouse wheel reported, restored on every way out (a
/// return, `exit`, SIGINT, SIGTERM, SIGHUP, SIGQUIT, a crash) by handlers in C; SIGWINCH wakes
/// the loop through a pipe, as do other threads through ``wake()``.
public final class TerminalDriver: @unchecked Sendable {
    // @unchecked: the descriptors are set once in init; `saved` is written before the handlers
    // are installed and only read afterwards; ``wake()`` only writes to the pipe.
    private let input: Int32
    private let output: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private var saved = termios()
    private var entered = false

    /// Takes the terminal on standard input and output.
    /// - Throws: ``ReaderError`` of kind `invalidArgument` when either is not a terminal.
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws(ReaderError) {
        guard isatty(input) != 0, isatty(output) != 0 else {
            throw ReaderError(.invalidArgument, reason: "read needs a terminal (standard input and output); `reader open` prints one page")
        }
        self.input = input
        self.output = output
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw ReaderError(.invalidArgument, reason: "cannot make a pipe: \(String(cString: strerror(errno)))") }
        wakeRead = descriptors[0]
        wakeWrite = descriptors[1]
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
    }

    /// The terminal's columns and rows.
    public func size() -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// The size of a character cell in pixels, when the terminal reports its size in pixels.
    public func cellPixels() -> (width: Int, height: Int)? {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
              size.ws_xpixel >= size.ws_col, size.ws_ypixel >= size.ws_row else { return nil }
        return (Int(size.ws_xpixel) / Int(size.ws_col), Int(size.ws_ypixel) / Int(size.ws_row))
    }

    /// Raw mode, the alternate screen, no cursor, wheel reports; and the handlers that undo it all.
    public func enter() throws(ReaderError) {
        guard tcgetattr(input, &saved) == 0 else {
            throw ReaderError(.invalidArgument, reason: "cannot read the terminal's settings: \(String(cString: strerror(errno)))")
        }
        let restore = Array(ScreenEncoder.leave.utf8)
        let installed = restore.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                reader_terminal_guard_install(output, &saved, chars.baseAddress, chars.count, wakeWrite)
            }
        }
        guard installed == 0 else { throw ReaderError(.invalidArgument, reason: "cannot install the terminal's signal handlers") }
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
            reader_terminal_guard_restore()
            throw ReaderError(.invalidArgument, reason: "cannot put the terminal in raw mode: \(String(cString: strerror(errno)))")
        }
        entered = true
        write(Array(ScreenEncoder.enter.utf8))
    }

    /// Gives the terminal back as it was.
    public func leave() {
        guard entered else { return }
        entered = false
        reader_terminal_guard_restore()
    }

    /// Writes all of `bytes`.
    public func write(_ bytes: [UInt8]) {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { return }
            written += count
        }
    }

    /// Wakes a ``wait(timeout:)`` in progress (from any thread).
    public func wake() {
        var byte: UInt8 = 1
        _ = Glibc.write(wakeWrite, &byte, 1)
    }

    /// What woke a wait.
    public struct Wakeup {
        /// Bytes the keyboard sent.
        public var input: [UInt8] = []
        /// Whether the terminal was resized.
        public var resized = false
        /// Whether the input ended (the terminal is gone).
        public var inputClosed = false
    }

    /// Waits for keys, a resize or a ``wake()``, at most `timeout` milliseconds (-1: no limit).
    public func wait(timeout: Int32) -> Wakeup {
        var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        var wakeup = Wakeup()
        let ready = poll(&descriptors, 2, timeout)
        if ready > 0 {
            if descriptors[1].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 256)
                while Glibc.read(wakeRead, &drain, drain.count) > 0 {}
            }
            if descriptors[0].revents & Int16(POLLIN) != 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = Glibc.read(input, &buffer, buffer.count)
                if count > 0 { wakeup.input = Array(buffer[..<count]) } else if count == 0 { wakeup.inputClosed = true }
            } else if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                wakeup.inputClosed = true
            }
        }
        wakeup.resized = reader_terminal_guard_take_resize() != 0
        return wakeup
    }
}
