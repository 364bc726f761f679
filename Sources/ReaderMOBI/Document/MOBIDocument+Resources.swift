import ReaderCore

extension MOBIDocument: ResourceProviding {
    /// The image records, from the first one the header names up to the end of the resources
    /// (the boundary of a combined file, the end-of-file record, or the last record): KF8 books
    /// name them `kindle:embed:XXXX` as their markup does, MOBI 6 books `recindex:N` as their
    /// image blocks do. Other resource records (fonts, RESC, …) are counted but not listed.
    func resources() -> [DocumentResource] {
        imageRecords().map { DocumentResource(href: $0.href, mediaType: $0.mediaType, byteCount: pdb.recordRanges[$0.record].count) }
    }

    /// The bytes of an image record named `kindle:embed:XXXX[?mime=…]` or `recindex:N` (either
    /// spelling in either kind of book), as stored; records past ``DocumentResource/byteLimit``
    /// are refused.
    func resourceData(href: String) throws(ReaderError) -> [UInt8] {
        guard let record = imageRecord(forHref: href) else {
            throw ReaderError.unknownResource(href, file: path, format: format,
                                              detail: "not an image record (kindle:embed:XXXX or recindex:N)")
        }
        let size = pdb.recordRanges[record].count
        guard size <= DocumentResource.byteLimit else {
            throw ReaderError.resourceTooLarge(href, byteCount: size, file: path, format: format)
        }
        do {
            return try pdb.record(record)
        } catch {
            throw error.locating(file: path, format: format)
        }
    }

    /// The records that hold resources, numbered from 1 as links count them: from the first image
    /// record up to a `BOUN` or end-of-file record. Found on first use by reading each record's
    /// magic, then remembered.
    private var resourceRecords: Range<Int>? {
        if let known = resourceRecordsMemo.withLock({ $0 }) { return known }
        var found: Range<Int>?
        if let base = firstHeader.firstImageRecord, base > 0, base < pdb.recordCount {
            var end = base
            while end < pdb.recordCount, let magic = pdb.recordPrefix(end, count: 4),
                  magic != Array("BOUN".utf8), magic != [0xE9, 0x8E, 0x0D, 0x0A] {
                end += 1
            }
            found = base..<end
        }
        resourceRecordsMemo.withLock { $0 = .some(found) }
        return found
    }

    /// Each image record with its href and type.
    private func imageRecords() -> [(record: Int, href: String, mediaType: String)] {
        guard let records = resourceRecords else { return [] }
        return records.compactMap { record in
            guard let magic = pdb.recordPrefix(record, count: 16), let type = Self.imageType(of: magic) else { return nil }
            return (record, href(ofResourceNumber: record - records.lowerBound + 1), type)
        }
    }

    /// `kindle:embed:0001` in a KF8 book, `recindex:1` in a MOBI 6 one.
    private func href(ofResourceNumber number: Int) -> String {
        if case .kf8 = source { return KindleEmbed(resourceNumber: number).uri }
        return "recindex:\(number)"
    }

    /// The image record an href names, or nil.
    private func imageRecord(forHref href: String) -> Int? {
        let number: Int?
        if let embed = KindleEmbed(uri: href) {
            number = embed.resourceNumber
        } else if href.lowercased().hasPrefix("recindex:") {
            number = Int(href.dropFirst("recindex:".count))
        } else {
            number = nil
        }
        guard let number, number > 0, let records = resourceRecords, number <= records.count else { return nil }
        let record = records.lowerBound + number - 1
        guard let magic = pdb.recordPrefix(record, count: 16), Self.imageType(of: magic) != nil else { return nil }
        return record
    }
}
