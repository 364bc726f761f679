extension Document {
    /// The Locator of a position, stamped with this document's fingerprint so that it is never
    /// applied to another document by accident (see ``resolve(_:)``).
    public func fingerprintedLocator(at position: TextPosition) throws(ReaderError) -> Locator {
        var locator = try locator(at: position)
        locator.locations.fingerprint = try fingerprint().description
        return locator
    }

    /// The text position a Locator points at, after checking that a fingerprint it carries is
    /// this document's. A Locator without one is trusted, as Locators of other readers are.
    /// - Throws: ``ReaderError`` of kind `otherDocument` when the fingerprints differ (re-anchor
    ///   it by its text instead), else whatever ``textPosition(for:)`` throws.
    public func resolve(_ locator: Locator) throws(ReaderError) -> TextPosition {
        if let stamp = locator.locations.fingerprint {
            let own = try fingerprint().description
            guard stamp == own else {
                throw ReaderError(.otherDocument, file: path, format: format,
                                  reason: "the Locator was made in another document (fingerprint \(stamp.prefix(24))…, this is \(own.prefix(24))…)")
            }
        }
        return try textPosition(for: locator)
    }
}
