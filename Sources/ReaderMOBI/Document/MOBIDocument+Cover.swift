import ReaderCore

extension MOBIDocument {
    /// The cover: the image record EXTH 201 names (counted from the first image record), else
    /// the first image record.
    func coverImage() throws(ReaderError) -> CoverImage? {
        guard let base = firstHeader.firstImageRecord, base > 0, base < pdb.recordCount else { return nil }
        let exth = firstHeader.exth ?? header.exth
        if let offset = exth?.uint32(201), offset != 0xFFFF_FFFF, base + Int(offset) < pdb.recordCount {
            let record = base + Int(offset)
            if let cover = try image(atRecord: record) { return cover }
        }
        return try image(atRecord: base)
    }

    private func image(atRecord index: Int) throws(ReaderError) -> CoverImage? {
        let bytes: [UInt8]
        do {
            bytes = try pdb.record(index)
        } catch {
            throw error.locating(file: path, format: format)
        }
        guard let mediaType = Self.imageType(of: bytes) else { return nil }
        return CoverImage(mediaType: mediaType, data: bytes, source: "record \(index)")
    }

    /// The media type an image record's first bytes announce, or nil when it is not an image.
    static func imageType(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if bytes.starts(with: Array("BM".utf8)), bytes.count > 14 { return "image/bmp" }
        return nil
    }
}
