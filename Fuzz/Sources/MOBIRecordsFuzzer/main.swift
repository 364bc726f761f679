import FuzzSupport
@_spi(Fuzzing) import ReaderMOBI

/// libFuzzer's entry point: the input's first byte picks a record-level parser of the MOBI
/// backend (its value modulo 5, as ``RecordKind``) and the rest is that parser's data; see
/// ``RecordChecks``. The parsers are reached through ReaderMOBI's `@_spi(Fuzzing)` entry points.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let first = bytes.first, let kind = RecordKind(rawValue: first % 5) else { return 0 }
    RecordChecks.run(kind, Array(bytes.dropFirst()))
    return 0
}
