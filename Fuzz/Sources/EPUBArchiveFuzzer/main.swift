import FuzzSupport

/// The file every input is written to before the backend opens it.
private let file = ScratchFile(tag: "archive", extension: "epub")

/// libFuzzer's entry point: the input is a whole `.epub` file. It goes through the real
/// backend (libzip on a file, container, encryption, OPF, nav/NCX), then every section, Locators
/// and the cover are read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    file.write(fuzzBytes(data, size))
    DocumentWalk.openAndWalk(path: file.path)
    return 0
}
