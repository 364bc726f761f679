/// A backend that can read what a DRM-protected or password-locked book leaves in the clear (an
/// EPUB's package metadata, a MOBI's EXTH header), for showing and listing a book that cannot be
/// opened.
public protocol LockedMetadataReading: DocumentBackend {
    /// The metadata stored unencrypted in the file at `path`, already sniffed as `format`; nil when
    /// none can be read.
    func unencryptedMetadata(path: String, format: DocumentFormat) -> DocumentMetadata?
}
