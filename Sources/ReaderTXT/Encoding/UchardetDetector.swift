import CUchardet

/// A thin wrapper over libuchardet's statistical charset detection.
enum UchardetDetector {
    /// The charset name uchardet reports for `sample` ("WINDOWS-1251", "SHIFT_JIS", "UHC", …), or nil when it
    /// reports none or cannot run. The detector is created and freed on every path.
    static func charset(of sample: UnsafeRawBufferPointer) -> String? {
        guard let base = sample.baseAddress, !sample.isEmpty, let detector = uchardet_new() else { return nil }
        defer { uchardet_delete(detector) }
        let status = uchardet_handle_data(detector, base.assumingMemoryBound(to: CChar.self), sample.count)
        guard status == 0 else { return nil }
        uchardet_data_end(detector)
        guard let name = uchardet_get_charset(detector) else { return nil }
        let charset = String(cString: name)
        return charset.isEmpty ? nil : charset
    }
}
