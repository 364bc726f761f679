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
    /// A Locator whose numbers are out of range is refused whichever of them the format would
    /// use (see ``checkBounds(of:)``), so no format opens its first page for `progression: 7`.
    /// - Throws: ``ReaderError`` of kind `otherDocument` when the fingerprints differ (re-anchor
    ///   it by its text instead), `invalidLocator` when a number is out of range, else whatever
    ///   ``textPosition(for:)`` throws.
    public func resolve(_ locator: Locator) throws(ReaderError) -> TextPosition {
        if let stamp = locator.locations.fingerprint {
            let own = try fingerprint().description
            guard stamp == own else {
                throw ReaderError(.otherDocument, file: path, format: format,
                                  reason: "the Locator was made in another document (fingerprint \(stamp.prefix(24))…, this is \(own.prefix(24))…)")
            }
        }
        try checkBounds(of: locator)
        return try textPosition(for: locator)
    }

    /// Refuses a Locator with a number out of range: `progression` or `totalProgression` outside
    /// 0...1 (or not finite), `position` below 1 or past the positions list, `offset` below 0,
    /// `page` below 1. A TXT file's positions are counted only when the position is what locates
    /// (TXT checks it then), since counting them decodes the whole file.
    /// - Throws: ``ReaderError`` of kind `invalidLocator` naming the number and its range.
    public func checkBounds(of locator: Locator) throws(ReaderError) {
        let locations = locator.locations
        func refuse(_ reason: String) -> ReaderError { ReaderError(.invalidLocator, file: path, format: format, reason: reason) }
        for (name, value) in [("progression", locations.progression), ("totalProgression", locations.totalProgression)] {
            if let value, !(value.isFinite && (0...1).contains(value)) { throw refuse("\(name) \(value) is outside 0...1") }
        }
        if let offset = locations.offset, offset < 0 { throw refuse("offset \(offset) is below 0") }
        if let page = locations.page, page < 1 { throw refuse("page \(page) is below 1") }
        if let position = locations.position {
            guard position >= 1 else { throw refuse("position \(position) is below 1") }
            if format != .txt {
                let count = try positionedResources(counting: .content).reduce(0) { $0 + $1.positionCount }
                guard position <= count else { throw refuse("position \(position) is outside 1...\(count)") }
            }
        }
    }
}
