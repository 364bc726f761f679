internal import CLibZipOnDemand

extension ZipError {
    /// Translates a libzip error: the one place that reads a `zip_error_t`.
    ///
    /// The kind comes from the libzip code: system errors (`ZIP_ET_SYS`) are I/O, missing
    /// passwords and unsupported encryption are `encrypted`, the rest describe the archive.
    /// - Parameters:
    ///   - error: libzip's error; it is read, not freed (its owner frees it).
    ///   - entry: the entry being read, or nil for the archive itself.
    ///   - operation: what was being done, starting the reason ("cannot read 'a.txt'").
    init(libzip error: UnsafeMutablePointer<zip_error_t>, entry: String?, operation: String) {
        let code = rzip_zip_error_code_zip(error)
        let message = String(cString: rzip_zip_error_strerror(error))
        let kind: Kind
        switch code {
        case ZIP_ER_NOZIP: kind = .notZip
        case ZIP_ER_NOENT: kind = entry == nil ? .fileNotFound : .entryMissing
        case ZIP_ER_ENCRNOTSUPP, ZIP_ER_NOPASSWD, ZIP_ER_WRONGPASSWD: kind = .encrypted
        case ZIP_ER_MEMORY: kind = .limitExceeded
        default: kind = rzip_zip_error_system_type(error) == ZIP_ET_SYS ? .io : .malformed
        }
        self.init(kind, entry: entry, reason: "\(operation): \(message.lowercasingFirstWord())")
    }

    /// Translates a libzip error code, as `zip_open` returns it.
    init(libzipCode code: Int32, operation: String) {
        var error = zip_error_t()
        rzip_zip_error_init_with_code(&error, code)
        defer { rzip_zip_error_fini(&error) }
        self.init(libzip: &error, entry: nil, operation: operation)
    }
}

extension String {
    /// "Not a zip archive" → "not a zip archive"; "CRC error" stays as it is.
    fileprivate func lowercasingFirstWord() -> String {
        let word = prefix { $0 != " " }
        guard word.dropFirst().allSatisfy(\.isLowercase) else { return self }
        return word.lowercased() + dropFirst(word.count)
    }
}
