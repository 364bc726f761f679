import FuzzSupport

/// The file the feed's document is named by (its fingerprint reads it).
private let file = ScratchFile(tag: "feed", extension: "rss")

/// libFuzzer's entry point: the input is a feed (RSS 0.9x/1.0/2.0, RDF, Atom 0.3/1.0 or JSON Feed,
/// in any encoding). It is parsed, checked (``FeedChecks``), opened as the engine's feed document
/// and walked (``EngineWalk``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    file.write(bytes)
    FeedChecks.check(bytes, path: file.path)
    return 0
}
