import ReaderCore
internal import CPopplerGlib

/// poppler-glib, GLib and cairo: not linked, but loaded when the first PDF is opened, so that
/// commands on other formats do not pay for loading them (see CPopplerGlib.h).
enum PopplerGlibLibrary {
    /// Loads the libraries and resolves the functions ReaderPDF calls, once per process; every
    /// poppler-glib, GLib or cairo call must come after it.
    /// - Throws: ``ReaderError`` `unsupportedFormat` about `path`, naming the library or function
    ///   that is missing: without them no PDF can be read.
    static func load(for path: String) throws(ReaderError) {
        guard rpg_load() != 0 else { return }
        let reason = rpg_load_error().map { String(cString: $0) } ?? "poppler-glib cannot be loaded"
        throw ReaderError(.unsupportedFormat, file: path, format: .pdf, reason: "PDF support is missing: \(reason)")
    }
}
