internal import CLibZipOnDemand

/// One entry opened for reading (`zip_file_t`), closed with this object; it keeps its archive
/// handle alive. libzip inflates it and checks its CRC and length when the end is reached.
final class ZipEntryStream {
    private let archive: ZipHandle
    private let pointer: OpaquePointer
    private let name: String

    /// Opens entry `index` (`zip_fopen_index`).
    init(archive: ZipHandle, index: Int, name: String) throws(ZipError) {
        guard let pointer = rzip_zip_fopen_index(archive.pointer, UInt64(index), 0) else {
            throw ZipError(libzip: rzip_zip_get_error(archive.pointer), entry: name, operation: "cannot open '\(name)'")
        }
        self.archive = archive
        self.pointer = pointer
        self.name = name
    }

    deinit { rzip_zip_fclose(pointer) }

    /// Inflates up to `buffer.count` bytes into `buffer` (`zip_fread`).
    /// - Returns: the number of bytes written; 0 at the end of the entry.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ZipError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        let count = rzip_zip_fread(pointer, base, UInt64(buffer.count))
        guard count >= 0 else {
            throw ZipError(libzip: rzip_zip_file_get_error(pointer), entry: name, operation: "cannot read '\(name)'")
        }
        return Int(count)
    }
}
