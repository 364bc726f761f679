import Foundation
import ReaderCore

/// A plain-text file: memory-mapped, cut into sections at line breaks, each section decoded only
/// when it is needed. Native positions are UTF-16 offsets in the decoded text (BOM excluded).
public final class TXTDocument: Document, ContentsPositionProviding, @unchecked Sendable {
    /// Bytes per section; sections end after a line break, preferably a blank line.
    static let sectionSize = 1 << 20

    /// The path the file was opened from.
    public let path: String
    /// Always `.txt`.
    public let format = DocumentFormat.txt
    /// What the TXT backend can do.
    public let capabilities: FormatCapabilities
    /// Title (from a header, a title page or the file name), author, language, date.
    public let metadata: DocumentMetadata
    /// One section per ~1 MiB of the file, all with the file name as `href`.
    public let readingOrder: [Section]
    /// How the encoding was decided.
    public let encoding: EncodingDetection

    private let file: MappedFile
    let byteRanges: [Range<Int>]
    private let loader: TXTSectionLoader
    private let href: String
    /// Guards everything below; also signals when a section built in the background is ready.
    private let lock = NSCondition()
    private var utf16Lengths: [Int?]
    private var lastHeadingTitles: [String??]
    /// The sections read last, the most recently used at the end. Several readers walk the file
    /// at once (the page on screen, a page count in the background, the contents): with room for
    /// only two, least recently *added* first, a background walk evicted the section on screen, and
    /// a page turn then decoded its megabyte again (5-25 ms instead of under 1 ms).
    /// An entry is `placed` when its source maps hold global offsets; a section laid out before
    /// the lengths of those ahead of it were known holds offsets relative to its start until a
    /// caller of ``content(ofSection:)`` needs more.
    private var recentContent: [(index: Int, content: SectionContent, placed: Bool)] = []
    private static let recentCapacity = 4
    /// Sections being built (ahead on another thread, or by a reader with the lock released), and
    /// those built ahead but not yet asked for.
    private var buildingAhead: Set<Int> = []
    private var builtAhead: [Int: Result<TXTSectionLoader.Built, ReaderError>] = [:]
    /// Sections dropped from `recentContent`, left for a builder thread to free (or for the reading
    /// thread when it has to wait for a builder anyway): freeing thousands of blocks would hold up
    /// the thread that lays pages out.
    private var retiredContent: [SectionContent] = []
    private var decodeCount = 0
    /// The section ``loadContent(_:placed:)`` read last, and whether a caller said it reads to the
    /// end: the next section is built ahead only for a reader going through the file in order, not
    /// for one page shown and left (`reader open --page 3` would decode a megabyte for nothing).
    private var lastLoadedSection: Int?
    private var readsSequentially = false
    private let fingerprintMemo: FingerprintMemo
    private var cachedTOC: (entries: [TOCEntry], positions: [TextPosition])?
    /// Set by ``close()``: the file is unmapped and every read throws.
    private var closed = false

    /// How many times a section has been decoded so far (for tests of lazy decoding).
    var sectionsDecoded: Int { lock.withLock { decodeCount } }

    /// Opens `path`, cut into sections of about `sectionSize` bytes (smaller ones in tests).
    init(path: String, options: OpenOptions, capabilities: FormatCapabilities,
         sectionSize: Int = TXTDocument.sectionSize) throws(ReaderError) {
        self.path = path
        self.fingerprintMemo = FingerprintMemo(path: path, format: .txt)
        self.capabilities = capabilities
        file = try MappedFile(path: path, format: .txt)
        let href = (path as NSString).lastPathComponent
        self.href = href
        let bytes = file.bytes
        let sample = UnsafeRawBufferPointer(rebasing: bytes[0..<min(bytes.count, EncodingDetector.sampleSize)])
        if let name = options.encoding {
            guard let forced = TextEncoding(name: name) else {
                throw ReaderError(.invalidArgument, file: path, format: .txt, reason: "unknown encoding \"\(name)\"")
            }
            let detected = EncodingDetector.detect(sample: sample, isWholeFile: sample.count == bytes.count)
            let bom = detected.encoding == forced ? detected.bomLength : 0
            encoding = EncodingDetection(encoding: forced, bomLength: bom, confidence: 1, method: .override)
        } else {
            encoding = EncodingDetector.detect(sample: sample, isWholeFile: sample.count == bytes.count)
        }
        byteRanges = TXTSectionCuts.ranges(bytes, encoding: encoding, targetSize: sectionSize) { [file] in file.release($0) }
        utf16Lengths = Array(repeating: nil, count: byteRanges.count)
        lastHeadingTitles = Array(repeating: nil, count: byteRanges.count)

        let decoders = TextDecoderPool(encoding: encoding.encoding)
        let sampleText: String
        do {
            sampleText = try decoders.withDecoder { [byteRanges, encoding] decoder in
                TXTSample.decode(bytes, firstSection: byteRanges.first, encoding: encoding.encoding, decoder: decoder)
            }
        } catch {
            throw error.locating(file: path, format: .txt)
        }
        let joining = TXTLineJoining(sampleLineLengths: TXTSample.lineLengths(of: sampleText, limit: TXTSample.measuredLines),
                                     breaks: TXTSample.sampleBreaks(of: sampleText, limit: TXTSample.measuredLines),
                                     tabular: TXTLineJoining.looksTabular(sampleText))
        loader = TXTSectionLoader(path: path, file: file, encoding: encoding, byteRanges: byteRanges, joining: joining,
                                  decoders: decoders,
                                  bookEnd: GutenbergWrapper.closingMarkerOffset(bytes, start: encoding.bomLength,
                                                                                encoding: encoding.encoding))
        metadata = TXTHeaderMetadata.read(from: sampleText, fileName: href)
        readingOrder = byteRanges.indices.map { [byteRanges] index in
            Section(index: index, href: href, mediaType: FormatDescriptor.txt.mediaType, byteCount: byteRanges[index].count)
        }
        // Almost every use starts with the first section; build it while the caller does other
        // work (hashing the file for the page-index cache, say).
        if options.buildsFirstSectionAhead { lock.withLock { buildAhead(0) } }
    }

    /// The encoding, how sure the detector was, how it decided, and whether there was a BOM.
    public var details: [(name: String, value: String)] {
        [("encoding", encoding.encoding.name),
         ("encoding confidence", String(format: "%.2f", encoding.confidence)),
         ("encoding detected by", encoding.method.rawValue),
         ("byte order mark", encoding.bomLength > 0 ? "yes" : "no")]
    }

    /// A detection this unsure is said, not claimed silently.
    static let lowConfidence = 0.5

    /// The metadata's warnings, a detection of low confidence, then what decoding the sections read
    /// so far repaired (bytes not valid in the encoding read as Latin-1 or replaced), in section order.
    public var warnings: [DocumentWarning] {
        var warnings = metadata.warnings.map { DocumentWarning(.general, message: $0) }
        if encoding.method == .statistical || encoding.method == .fallback, encoding.confidence < Self.lowConfidence {
            warnings.append(DocumentWarning(
                .invalidEncoding,
                message: "the encoding was guessed as \(encoding.encoding.name) with low confidence "
                    + "(\(String(format: "%.2f", encoding.confidence))); --encoding names the right one"))
        }
        return warnings + loader.sectionWarnings.all
    }

    /// Decodes the sections not decoded yet (their lengths only), then gives ``warnings``.
    public func allWarnings() throws(ReaderError) -> [DocumentWarning] {
        for index in byteRanges.indices where !loader.sectionWarnings.hasRecorded(section: index) {
            _ = try loader.utf16Length(index)
        }
        return warnings
    }

    /// The fingerprint, hashed once by streaming the file.
    public func fingerprint() throws(ReaderError) -> DocumentFingerprint {
        try fingerprintMemo.value()
    }

    /// The blocks of a section: paragraphs, forced line breaks and chapter headings. Their source
    /// maps hold global offsets, which the first time decodes every section before it once.
    public func content(ofSection index: Int) throws(ReaderError) -> SectionContent {
        try checkExists(index)
        lock.lock()
        defer { lock.unlock() }
        return try loadContent(index)
    }

    /// The blocks of a section for layout: those of ``content(ofSection:)``, with source maps
    /// relative to the section when the sections before it have not been decoded, so a page deep
    /// in the file, or a sample for a page-count estimate, decodes its own section only. A sampled
    /// section is not kept among the recent ones and nothing is read ahead of it.
    public func layoutContent(ofSection index: Int, use: SectionUse) throws(ReaderError) -> SectionContent {
        try checkExists(index)
        lock.lock()
        defer { lock.unlock() }
        switch use {
        case .reading: return try loadContent(index, placed: false)
        case .sampling: return try scannedContent(index, placed: false)
        }
    }

    private func checkExists(_ index: Int) throws(ReaderError) {
        guard byteRanges.indices.contains(index) else {
            throw ReaderError(.invalidArgument, file: path, format: .txt, reason: "section \(index) does not exist")
        }
    }

    /// The detected chapter headings, parts nesting chapters; reads the whole file the first time.
    /// The lock is held only to load each section and to place its headings, not while its blocks
    /// are looked through: a page turn on another thread waits for none of that.
    public func tableOfContents() throws(ReaderError) -> [TOCEntry] {
        try contentsWithPositions().entries
    }

    /// Where each heading of ``tableOfContents()`` starts, in its order.
    public func tableOfContentsPositions() throws(ReaderError) -> [TextPosition] {
        try contentsWithPositions().positions
    }

    private func contentsWithPositions() throws(ReaderError) -> (entries: [TOCEntry], positions: [TextPosition]) {
        if let cached = lock.withLock({ cachedTOC }) { return cached }
        var builder = TOCBuilder()
        var positions: [TextPosition] = []
        for section in byteRanges.indices {
            lock.lock()
            let scanned = Result { () throws(ReaderError) in try scannedContent(section, placed: true) }
            lock.unlock()
            let content = try scanned.get()
            let headings = content.blocks.indices.filter { content.blocks[$0].isHeading }
            guard !headings.isEmpty else { continue }
            lock.lock()
            for blockIndex in headings {
                let block = content.blocks[blockIndex]
                guard case .heading(let level) = block.kind else { continue }
                let position = TextPosition(section: section, block: blockIndex, offset: 0)
                // The builder nests entries in the order they are added, so this order is its depth-first one.
                builder.add(title: block.headingTitle, level: level, locator: makeLocator(position, content: content))
                positions.append(position)
            }
            lock.unlock()
        }
        let contents = (builder.entries, positions)
        lock.withLock { cachedTOC = contents }
        return contents
    }

    /// A Locator with the UTF-16 `offset` in the decoded text, byte-based progression and the
    /// nearest chapter heading as its title.
    public func locator(at position: TextPosition) throws(ReaderError) -> Locator {
        lock.lock()
        defer { lock.unlock() }
        guard byteRanges.indices.contains(position.section) else {
            throw ReaderError(.invalidLocator, file: path, format: .txt, reason: "section \(position.section) does not exist")
        }
        return makeLocator(position, content: try loadContent(position.section))
    }

    /// The position of a Locator's `offset`, else its progression, else its `position`. Its `href`
    /// must be empty, the file name or the path.
    public func textPosition(for locator: Locator) throws(ReaderError) -> TextPosition {
        lock.lock()
        defer { lock.unlock() }
        do throws(ReaderError) {
            guard locator.href.isEmpty || locator.href == href || locator.href == path
                    || locator.href.hasSuffix("/" + href) else {
                throw ReaderError(.invalidLocator, reason: "the Locator points into \"\(locator.href)\", not \"\(href)\"")
            }
            let locations = locator.locations
            if let offset = locations.offset {
                return try position(ofGlobalOffset: offset)
            }
            if let fraction = locations.totalProgression ?? locations.progression {
                guard fraction.isFinite, (0...1).contains(fraction) else {
                    throw ReaderError(.invalidLocator, reason: "progression \(fraction) is outside 0...1")
                }
                return try position(ofProgression: fraction)
            }
            if let position = locations.position {
                return try self.position(ofGlobalOffset: max(0, position - 1) * SourceOffsetLocating.positionLength)
            }
            throw ReaderError(.invalidLocator, reason: "the Locator has no offset, progression or position")
        } catch {
            throw error.locating(file: path, format: .txt)
        }
    }

    /// The positions of the characters starting at bytes `offsets` of the file (in increasing
    /// order), in section `index`, whose bytes are well-formed UTF-8 (as ``withUTF8Text(_:)``
    /// gives them): the UTF-16 units before each are counted once, and the blocks walked once.
    func positionsInPlace(atBytes offsets: [Int], inSection index: Int) throws(ReaderError) -> [TextPosition] {
        try checkExists(index)
        lock.lock()
        defer { lock.unlock() }
        let range = byteRanges[index]
        guard zip(offsets, offsets.dropFirst()).allSatisfy({ $0 <= $1 }),
              offsets.allSatisfy({ range.contains($0) || $0 == range.upperBound }) else {
            throw ReaderError(.invalidArgument, file: path, format: .txt,
                              reason: "byte offsets out of order or outside section \(index)")
        }
        let blocks = try loadContent(index).blocks
        // Building the section released the lock; the file may have been closed meanwhile.
        try checkOpen()
        let bytes = file.bytes.assumingMemoryBound(to: UInt8.self)
        var cursor = SourceRunCursor(blocks: blocks)
        var units = knownUTF16Start(ofSection: index)!
        var counted = range.lowerBound
        return offsets.map { offset in
            units += UTF8Counting.utf16Count(bytes, in: counted..<offset)
            counted = offset
            return cursor.position(ofSourceOffset: units, section: index)
        }
    }

    /// The headings of section `index` read from its bytes in `fileBytes` (the whole file, mapped
    /// by the caller), which must be well-formed UTF-8. The loader holds only immutable state, so
    /// no lock is taken and several sections' headings can be read at once.
    func headingsInPlace(inSection index: Int, of fileBytes: UnsafeBufferPointer<UInt8>) throws(ReaderError) -> [UTF8Heading] {
        try checkExists(index)
        guard fileBytes.count >= byteRanges[index].upperBound else {
            throw ReaderError(.invalidArgument, file: path, format: .txt, reason: "the text given is shorter than the file")
        }
        return loader.headingsInPlace(index, of: fileBytes)
    }

    // MARK: - Sections

    /// A section kept among the recent ones, the next one built ahead; `placed`: with global
    /// source offsets. Must be called with the lock held; releases it while decoding, so threads
    /// reading different sections decode them at once (a thread asking for a section being
    /// decoded waits).
    private func loadContent(_ index: Int, placed: Bool = true) throws(ReaderError) -> SectionContent {
        while true {
            try checkOpen()
            if placed, try learnUTF16Start(ofSection: index) { continue }
            if let hit = recentContent.firstIndex(where: { $0.index == index }) {
                var entry = recentContent.remove(at: hit)
                if placed && !entry.placed {
                    entry.content = entry.content.shiftingSources(by: knownUTF16Start(ofSection: index)!)
                    entry.placed = true
                }
                recentContent.append(entry)
                return entry.content
            }
            guard buildingAhead.contains(index) else { break }
            freeRetiredContent()
            while buildingAhead.contains(index) { lock.wait() }
        }
        var built: TXTSectionLoader.Built
        if let ready = builtAhead.removeValue(forKey: index) {
            built = try ready.get()
        } else {
            built = try buildReleasingLock(index)
        }
        record(built, for: index)
        if placed, built.baseOffset == nil {
            let base = knownUTF16Start(ofSection: index)!
            built.content = built.content.shiftingSources(by: base)
            built.baseOffset = base
        }
        recentContent.append((index, built.content, built.baseOffset != nil))
        if recentContent.count > Self.recentCapacity { retiredContent.append(recentContent.removeFirst().content) }
        if readsSequentially || lastLoadedSection.map({ index == $0 + 1 }) == true { buildAhead(index + 1) }
        // A reader going to the end keeps a second section building: with one, whenever building
        // a section takes longer than laying one out, the reader waits and the other core idles.
        if readsSequentially { buildAhead(index + 2) }
        lastLoadedSection = index
        return built.content
    }

    /// A section for a walk through the whole file (the contents) or a sample: a recent or
    /// built-ahead one when it is there, else decoded without joining the recent sections, where
    /// it would push out the section on screen; `placed`: with global source offsets. Must be
    /// called with the lock held.
    private func scannedContent(_ index: Int, placed: Bool) throws(ReaderError) -> SectionContent {
        while true {
            try checkOpen()
            if placed, try learnUTF16Start(ofSection: index) { continue }
            let found: (content: SectionContent, placed: Bool)?
            if let hit = recentContent.first(where: { $0.index == index }) {
                found = (hit.content, hit.placed)
            } else if let ready = builtAhead[index] {
                let built = try ready.get()
                found = (built.content, built.baseOffset != nil)
            } else {
                found = nil
            }
            if let found {
                guard placed && !found.placed else { return found.content }
                return found.content.shiftingSources(by: knownUTF16Start(ofSection: index)!)
            }
            guard buildingAhead.contains(index) else { break }
            while buildingAhead.contains(index) { lock.wait() }
        }
        let built = try buildReleasingLock(index)
        record(built, for: index)
        guard placed, built.baseOffset == nil else { return built.content }
        return built.content.shiftingSources(by: knownUTF16Start(ofSection: index)!)
    }

    /// Learns the global offset of section `index` when it is not known yet, decoding the
    /// sections before it whose lengths are unknown; true when it did, having perhaps released
    /// the lock meanwhile (so the caller looks again). Must be called with the lock held.
    private func learnUTF16Start(ofSection index: Int) throws(ReaderError) -> Bool {
        guard knownUTF16Start(ofSection: index) == nil else { return false }
        _ = try utf16Start(ofSection: index)
        return true
    }

    /// The global UTF-16 offset where a section starts when the lengths of all sections before
    /// it are known, else nil. Must be called with the lock held.
    private func knownUTF16Start(ofSection index: Int) -> Int? {
        var total = 0
        for earlier in 0..<index {
            guard let length = utf16Lengths[earlier] else { return nil }
            total += length
        }
        return total
    }

    /// Builds section `index` with the lock released meanwhile, so other sections are read at
    /// once; marked as being built, so a reader of the same section and close() wait for it. The
    /// source offsets are global when the lengths of the sections before it are known, else
    /// relative to the section. Must be called with the lock held.
    private func buildReleasingLock(_ index: Int) throws(ReaderError) -> TXTSectionLoader.Built {
        let base = knownUTF16Start(ofSection: index)
        buildingAhead.insert(index)
        lock.unlock()
        let result = Result { () throws(ReaderError) in try loader.build(index, baseOffset: base) }
        lock.lock()
        buildingAhead.remove(index)
        decodeCount += 1
        lock.broadcast()
        return try result.get()
    }

    /// Throws once the document is closed. Must be called with the lock held.
    private func checkOpen() throws(ReaderError) {
        if closed { throw ReaderError.closed(file: path, format: .txt) }
    }

    /// From now on the section after each one read is built ahead on another core.
    public func willReadSequentially() {
        lock.withLock { readsSequentially = true }
    }

    /// Waits for the sections being decoded, then unmaps the file; later reads throw.
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        closed = true
        while !buildingAhead.isEmpty { lock.wait() }
        recentContent = []
        builtAhead = [:]
        retiredContent = []
        file.unmap()
    }

    /// Must be called with the lock held.
    private func record(_ built: TXTSectionLoader.Built, for index: Int) {
        utf16Lengths[index] = built.utf16Length
        lastHeadingTitles[index] = .some(built.lastHeading)
    }

    /// Frees the retired sections now, on a thread that would otherwise wait for a builder.
    /// Must be called with the lock held; releases it meanwhile.
    private func freeRetiredContent() {
        var retired = retiredContent
        retiredContent = []
        lock.unlock()
        retired.removeAll()
        lock.lock()
    }

    /// Starts building the section after one just read on another core, so a reader going through
    /// the file in order (pagination) finds it ready. Must be called with the lock held.
    private func buildAhead(_ index: Int) {
        guard byteRanges.indices.contains(index), !buildingAhead.contains(index), builtAhead[index] == nil,
              !recentContent.contains(where: { $0.index == index }) else { return }
        let base = knownUTF16Start(ofSection: index)
        buildingAhead.insert(index)
        let loader = self.loader
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            let result = Result { () throws(ReaderError) in try loader.build(index, baseOffset: base) }
            guard let self else { return }
            self.lock.lock()
            self.builtAhead[index] = result
            self.decodeCount += 1
            self.buildingAhead.remove(index)
            let retired = self.retiredContent
            self.retiredContent = []
            self.lock.broadcast()
            self.lock.unlock()
            withExtendedLifetime(retired) {}
        }
    }

    /// One resource, the file, with a position per 1024 UTF-16 units of decoded text (so a file
    /// re-encoded keeps its positions); Readium defines none for text. Decodes every section
    /// once, one at a time, to learn the length.
    public func positionedResources(counting: PositionCounting) throws(ReaderError) -> [PositionedResource] {
        lock.lock()
        defer { lock.unlock() }
        do throws(ReaderError) {
            let length = try utf16Start(ofSection: byteRanges.count)
            return [PositionedResource(href: href, mediaType: FormatDescriptor.txt.mediaType, title: metadata.title,
                                       positionCount: PositionedResource.count(ofLength: length), hasUnitOffsets: true)]
        } catch {
            throw error.locating(file: path, format: .txt)
        }
    }

    /// The global UTF-16 offset where a section starts; decodes earlier sections once to learn it.
    /// Must be called with the lock held.
    private func utf16Start(ofSection index: Int) throws(ReaderError) -> Int {
        var total = 0
        for earlier in 0..<index {
            if utf16Lengths[earlier] == nil { utf16Lengths[earlier] = try length(ofSection: earlier) }
            total += utf16Lengths[earlier]!
        }
        return total
    }

    /// Must be called with the lock held.
    private func length(ofSection index: Int) throws(ReaderError) -> Int {
        while buildingAhead.contains(index) { lock.wait() }
        try checkOpen()
        if let ready = builtAhead[index] { return try ready.get().utf16Length }
        decodeCount += 1
        return try loader.utf16Length(index)
    }

    private func position(ofGlobalOffset offset: Int) throws(ReaderError) -> TextPosition {
        guard offset >= 0 else { throw ReaderError(.invalidLocator, reason: "offset \(offset) is negative") }
        var start = 0
        for index in byteRanges.indices {
            if utf16Lengths[index] == nil { utf16Lengths[index] = try length(ofSection: index) }
            let length = utf16Lengths[index]!
            if offset < start + length || index == byteRanges.count - 1 {
                guard offset <= start + length else {
                    throw ReaderError(.invalidLocator, reason: "offset \(offset) is past the end of the text (\(start + length))")
                }
                let content = try loadContent(index)
                return SourceOffsetLocating.textPosition(forSourceOffset: offset, in: content, section: index)
            }
            start += length
        }
        guard offset == 0 else { throw ReaderError(.invalidLocator, reason: "offset \(offset) is past the end of an empty text") }
        return .start
    }

    private func position(ofProgression fraction: Double) throws(ReaderError) -> TextPosition {
        guard !byteRanges.isEmpty else { return .start }
        let target = Double(encoding.bomLength) + fraction * Double(file.count - encoding.bomLength)
        let index = byteRanges.lastIndex { Double($0.lowerBound) <= target } ?? 0
        let range = byteRanges[index]
        let within = min(1, max(0, (target - Double(range.lowerBound)) / Double(max(1, range.count))))
        let content = try loadContent(index)
        let base = try utf16Start(ofSection: index)
        let local = Int((within * Double(utf16Lengths[index] ?? 0)).rounded(.down))
        return SourceOffsetLocating.textPosition(forSourceOffset: base + local, in: content, section: index)
    }

    /// Must be called with the lock held and the section loaded.
    private func makeLocator(_ position: TextPosition, content: SectionContent) -> Locator {
        let index = position.section
        let length = utf16Lengths[index] ?? 0
        let base = (try? utf16Start(ofSection: index)) ?? 0
        let range = byteRanges[index]
        let span = Double(max(1, file.count - encoding.bomLength))
        // Progression in bytes of the file, interpolated inside the section.
        var locator = SourceOffsetLocating.locator(at: position, in: content, href: href, type: FormatDescriptor.txt.mediaType,
                                                   title: nil) { offset in
            let within = length > 0 ? Double(offset - base) / Double(length) : 0
            return (Double(range.lowerBound) + within * Double(range.count) - Double(self.encoding.bomLength)) / span
        }
        locator.title = headingTitle(before: position, content: content)
        return locator
    }

    /// The title of the last heading at or before `position`, in its section or an earlier one.
    /// An earlier section not decoded yet has its headings read from its text (without building
    /// its blocks), so the title does not depend on which sections were read before. Must be
    /// called with the lock held.
    private func headingTitle(before position: TextPosition, content: SectionContent) -> String? {
        let upTo = min(position.block, content.blocks.count - 1)
        if upTo >= 0, let heading = content.blocks[...upTo].last(where: \.isHeading) { return heading.headingTitle }
        var section = position.section - 1
        while section >= 0 {
            if lastHeadingTitles[section] == nil {
                do {
                    lastHeadingTitles[section] = .some(try loader.lastHeadingTitle(section))
                } catch {
                    // The section cannot be decoded: its blocks could not be built either.
                    return nil
                }
            }
            if let title = lastHeadingTitles[section] ?? nil { return title }
            section -= 1
        }
        return nil
    }
}

extension Block {
    /// A heading's text on one line (a heading may take its title from the line below it).
    var headingTitle: String {
        text.replacingOccurrences(of: "\n", with: " ")
    }
}
