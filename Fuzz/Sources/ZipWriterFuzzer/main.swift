import FuzzSupport

/// The archive the writer writes, and a damaged copy of it for recovery.
private let archive = ScratchFile(tag: "written", extension: "zip")
private let damaged = ScratchFile(tag: "damaged", extension: "zip")

/// libFuzzer's entry point: the input is a script for `ZipWriter` (see ``WriterScript``): the
/// writer's default method, then entries (a method, a name, contents). The archive is written,
/// read back with `ZipArchive` and, with its central directory damaged, recovered from its local
/// headers (``ZipRoundTrip``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let script = WriterScript(fuzzBytes(data, size))
    ZipRoundTrip.run(script, archive: archive, damaged: damaged)
    return 0
}
