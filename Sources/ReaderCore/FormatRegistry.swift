/// The formats an engine knows, as its backends declare them: descriptors for names, media types
/// and extensions, and the backends' sniffers, which decide a file's format by content.
public struct FormatRegistry: Sendable {
    /// Every declared format, in the order the backends were given; a format declared twice
    /// keeps its first descriptor.
    public let descriptors: [FormatDescriptor]
    /// The sniffers, highest priority first (ties in registration order).
    public let sniffers: [any FormatSniffing]

    /// A registry of the given descriptors and sniffers.
    public init(descriptors: [FormatDescriptor], sniffers: [any FormatSniffing]) {
        var seen = Set<DocumentFormat>()
        self.descriptors = descriptors.filter { seen.insert($0.format).inserted }
        self.sniffers = sniffers.enumerated()
            .sorted { $0.element.priority != $1.element.priority ? $0.element.priority > $1.element.priority : $0.offset < $1.offset }
            .map(\.element)
    }

    /// The registry of what the backends declare.
    public init(backends: [any DocumentBackend]) {
        self.init(descriptors: backends.flatMap(\.descriptors), sniffers: backends.flatMap(\.sniffers))
    }

    /// The descriptor of a format, when one is registered.
    public func descriptor(for format: DocumentFormat) -> FormatDescriptor? {
        descriptors.first { $0.format == format }
    }

    /// The registered format a file name extension (with or without the leading dot, any case)
    /// conventionally names, if any.
    public func format(forFileExtension fileExtension: String) -> DocumentFormat? {
        let lowered = fileExtension.lowercased()
        let bare = lowered.hasPrefix(".") ? String(lowered.dropFirst()) : lowered
        return descriptors.first { $0.fileExtensions.contains(bare) }?.format
    }

    /// A name for people: the descriptor's display name, else the identifier.
    public func displayName(of format: DocumentFormat) -> String {
        descriptor(for: format)?.displayName ?? format.rawValue
    }

    /// Decides a format from a file's first bytes: the first sniffer, by priority, that claims
    /// them. An empty file is the format its extension names (a broken PDF for an empty `book.pdf`,
    /// not an empty text), with the evidence of the sniffer that agrees, if any.
    /// - Returns: nil when no sniffer claims the bytes and the extension does not decide.
    public func sniff(sample bytes: [UInt8], fileExtension: String?) -> FormatSniffer.Result? {
        let sample = SniffSample(bytes: bytes, fileExtension: fileExtension,
                                 formatByExtension: fileExtension.flatMap(format(forFileExtension:)))
        let claimed = sniffers.lazy.compactMap { $0.sniff(sample) }.first
        if sample.isEmpty, let byExtension = sample.formatByExtension, claimed?.format != byExtension {
            return FormatSniffer.Result(format: byExtension, evidence: .fileExtension)
        }
        // A file named as a binary format that nothing recognises, or that only looks like text, is
        // a damaged file of that format (its backend says what is wrong), never read as text.
        if let byExtension = sample.formatByExtension, claimed?.format != byExtension,
           descriptor(for: byExtension)?.isBinary == true,
           claimed.map({ $0.evidence == .textHeuristic || $0.evidence == .byteOrderMark }) ?? true {
            return FormatSniffer.Result(format: byExtension, evidence: .fileExtension)
        }
        return claimed
    }
}
