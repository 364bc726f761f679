import ReaderCore

/// Opens MOBI 6, KF8 (AZW3) and combined MOBI 6 + KF8 books, and PalmDOC text, in Swift alone:
/// the PDB container, PalmDOC and HUFF/CDIC decompression, the KF8 indices.
public struct MOBIBackend: DocumentBackend {
    /// Creates the backend.
    public init() {}

    /// MOBI (with PalmDOC and combined files) and AZW3.
    public var descriptors: [FormatDescriptor] { [.mobi, .azw3] }

    /// A Palm database of type `BOOKMOBI` or `TEXtREAd`.
    public var sniffers: [any FormatSniffing] { [MOBISniffer()] }

    /// TOC, metadata, cover, search, reflow, images and DRM detection.
    public func capabilities(for format: DocumentFormat) -> FormatCapabilities {
        [.tableOfContents, .metadata, .cover, .search, .reflow, .images, .encryptionDetection]
    }

    /// Opens the book at `path`: the KF8 part when there is one (falling back to the MOBI 6 part
    /// of a combined file, with a warning, when the KF8 part is broken), else the MOBI 6 text.
    /// - Throws: ``ReaderError`` `encrypted` for DRM, `malformed` for a broken container or text.
    public func open(path: String, format: DocumentFormat, options: OpenOptions) throws(ReaderError) -> any Document {
        do throws(ReaderError) {
            let pdb = try PDBFile(path: path, format: format)
            let header = try MOBIHeader.parse(try pdb.record(0))
            if header.isDRMProtected {
                throw ReaderError(.encrypted, reason: "DRM-protected (Mobipocket encryption type \(header.encryptionType))")
            }
            var warnings: [DocumentWarning] = []
            let book: MOBIBookPart
            if let kf8 = header.kf8RecordIndex(in: pdb) {
                do {
                    book = try MOBIBookPart.kf8(pdb: pdb, record0Index: kf8)
                } catch where kf8 > 0 {
                    warnings.append(DocumentWarning(.fallback, severity: .errorRecovered,
                                                    message: "the KF8 part is broken (\(error.reason)); the MOBI 6 part is read instead"))
                    book = try MOBIBookPart.mobi6(pdb: pdb, header: header)
                } catch where error.kind == .malformed {
                    // KF8 alone: its text read as one stream, when even that reads.
                    do {
                        book = try MOBIBookPart.kf8AsOneStream(pdb: pdb, record0Index: kf8,
                                                               problem: "the KF8 part is broken (\(error.reason))")
                    } catch _ {
                        throw error
                    }
                }
            } else {
                book = try MOBIBookPart.mobi6(pdb: pdb, header: header)
            }
            if let damage = pdb.damage {
                warnings.append(DocumentWarning(.damagedContent, severity: .errorRecovered, message: damage))
            }
            warnings += book.damage.map { DocumentWarning(.damagedContent, severity: .errorRecovered, message: $0) }
            if book.ncx.isEmpty, let problem = MOBIBookPart.ncxProblem(pdb: pdb, header: book.header, record0Index: book.record0Index) {
                warnings.append(DocumentWarning(.container, severity: .errorRecovered, message: problem))
            }
            let recordsAfter = pdb.recordCount - 1 - book.record0Index
            if book.header.textRecordCount > recordsAfter {
                warnings.append(DocumentWarning(.container, severity: .info,
                                                message: "record \(book.record0Index) claims \(book.header.textRecordCount) text records; the file holds \(recordsAfter) after it"))
            }
            return MOBIDocument(path: path, format: format, capabilities: capabilities(for: format), pdb: pdb,
                                book: book, firstHeader: header, warnings: warnings)
        } catch {
            throw error.locating(file: path, format: format)
        }
    }
}

extension MOBIBackend: LockedMetadataReading {
    /// The EXTH header's metadata: Mobipocket DRM encrypts the text records, not record 0.
    public func unencryptedMetadata(path: String, format: DocumentFormat) -> DocumentMetadata? {
        guard let pdb = try? PDBFile(path: path, format: format), let record = try? pdb.record(0),
              let header = try? MOBIHeader.parse(record) else { return nil }
        return MOBIMetadata.make(header: header, pdbName: pdb.name)
    }
}
