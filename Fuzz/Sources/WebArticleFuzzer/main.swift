import FuzzSupport

/// The file every input is written to before the engine opens it.
private let file = ScratchFile(tag: "page", extension: "html")

/// libFuzzer's entry point: the input is a saved web page (any encoding). It is read as an article
/// and as a whole page (``ArticleChecks``), its feed links are looked for, and the file is opened
/// through the engine as a reader opens a saved page and walked (``EngineWalk``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    ArticleChecks.check(bytes)
    file.write(bytes)
    ArticleChecks.openAndWalk(path: file.path)
    return 0
}
