import Foundation

/// How the process ends: the exit handlers the tool registers (the removal of the standard input
/// copy, the terminal's restoration) run, then the process ends without the static destructors of
/// the C and C++ libraries it links. A worker thread may still be releasing a document when the
/// main thread is done (a PDF page read ahead, a document whose last reference it held), and
/// poppler's global parameters destroyed under it crash the process: damaged PDFs did, now and
/// then, in the mutation test.
enum ProcessEnd {
    /// The status the process ends with.
    private nonisolated(unsafe) static var status: Int32 = 0

    /// Registers the handler that ends the process. Call it first thing in `main`: exit handlers
    /// run in the reverse order of their registration, so it runs after every other one.
    static func install() {
        atexit {
            fflush(nil)
            _exit(ProcessEnd.status)
        }
    }

    /// Ends the process with `code`, through the exit handlers.
    static func exit(_ code: Int32) -> Never {
        status = code
        Foundation.exit(code)
    }
}
