import FuzzSupport

/// libFuzzer's entry point: the input is one content or navigation document. It is parsed as
/// XML and as HTML, converted to blocks with CFIs checked both ways (``ContentChecks``), and
/// opened inside small generated books as the package document, the nav document, the NCX and a
/// chapter (``MarkupBooks``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    TreeWalk.parseAndWalk(bytes)
    ContentChecks.check(bytes)
    MarkupBooks.openAll(with: bytes)
    return 0
}
