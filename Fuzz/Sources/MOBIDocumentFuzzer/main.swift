import FuzzSupport
@_spi(Fuzzing) import ReaderMOBI

/// The file every input is written to before it is opened (the backend reads records with pread).
private let file = ScratchFile(tag: "document", extension: "mobi")

/// libFuzzer's entry point: the input is a whole `.mobi` (or `.azw3`) file. Its Palm database is
/// read record by record (``MOBIFuzzEntryPoints/pdb(path:)``), then it is opened through the
/// engine (record 0 and EXTH, the KF8 boundary, PalmDOC or HUFF/CDIC text, trailing entries, FDST,
/// the skeleton, fragment and NCX indices, KF8 parts or MOBI 6 page breaks) and walked as a reader
/// would (``MOBIWalk``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    file.write(fuzzBytes(data, size))
    _ = MOBIFuzzEntryPoints.pdb(path: file.path)
    MOBIWalk.openAndWalk(path: file.path)
    return 0
}
