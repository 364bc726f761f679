import FuzzSupport
import ReaderHTML

/// libFuzzer's entry point: the input is a CFI string. It is parsed (plain and as a URI
/// fragment), printed, parsed again (which must give an equal value that prints the same), ordered
/// against itself, and resolved in a small fixed content document.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: fuzzBytes(data, size), as: UTF8.self)
    if let cfi = try? EPUBCFI(parsing: text) {
        CFIChecks.check(cfi)
    }
    if let cfi = try? EPUBCFI(uriFragment: text) {
        CFIChecks.check(cfi)
    }
    return 0
}
