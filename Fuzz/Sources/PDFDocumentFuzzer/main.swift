import FuzzSupport

/// The file every input is written to before the backend opens it (poppler opens by path).
private let file = ScratchFile(tag: "document", extension: "pdf")

/// libFuzzer's entry point: the input is a whole `.pdf` file. It is opened through the engine
/// (poppler-glib: header, xref or its reconstruction, trailer, encryption, catalog, page tree,
/// Info and XMP metadata), without a password and with the password "x", and each opened
/// document is walked as a reader would (``PDFWalk``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    file.write(fuzzBytes(data, size))
    PDFWalk.openAndWalk(path: file.path, password: nil)
    PDFWalk.openAndWalk(path: file.path, password: "x")
    return 0
}
