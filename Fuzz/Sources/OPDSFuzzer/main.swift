import FuzzSupport

/// libFuzzer's entry point: the input is a catalog page, OPDS 1.x (Atom XML) or OPDS 2.0 (JSON),
/// or an OpenSearch description; it goes through ReaderOPDS's parsers (``CatalogChecks``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    CatalogChecks.check(fuzzBytes(data, size))
    return 0
}
