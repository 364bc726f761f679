import FuzzSupport

/// The file every input (or the Markdown made from it) is written to before the engine opens it.
private let file = ScratchFile(tag: "notes", extension: "md")

/// libFuzzer's entry point. An input that starts with the byte 0x01 is a set of article fields
/// written as front matter by ReaderWeb and read back by ReaderMarkdown (``FrontMatterRoundTrip``);
/// any other input is a Markdown file (YAML front matter, CommonMark + GFM, HTML blocks), opened
/// through the engine and walked (``EngineWalk``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    if bytes.first == 0x01 {
        FrontMatterRoundTrip.check(bytes.dropFirst(), file: file)
    } else {
        file.write(bytes)
        MarkdownWalk.openAndWalk(path: file.path)
    }
    return 0
}
