internal import CLibXML2

extension MarkupDocument {
    /// What a recovering parse found: the tree, and whether the bytes were well-formed.
    public struct Recovered: Sendable {
        /// The document.
        public var document: MarkupDocument
        /// The first well-formedness error, when the bytes were not well-formed XML and the tree is
        /// what libxml2's recovery mode made of them; nil for well-formed input.
        public var error: MarkupError?
    }

    /// Parses XML, keeping namespaces, and recovers what it can from input that is not well-formed
    /// (undeclared entities, unclosed tags, an encoding declaration that does not fit the bytes),
    /// as feed readers do: strict first, then libxml2's recovery mode (`XML_PARSE_RECOVER`), then
    /// recovery mode reading the bytes as UTF-8 and last as Windows-1252 whatever they declare.
    /// - Parameters:
    ///   - bytes: the document.
    ///   - name: how errors name it.
    ///   - limits: caps on input size and nesting depth.
    ///   - encoding: an encoding that overrides the document's declaration (a transport's charset).
    /// - Throws: ``MarkupError`` (the strict parse's first error) when no attempt finds a root element.
    public static func parseRecoveringXML(_ bytes: [UInt8], name: String, limits: MarkupLimits = .standard,
                                          encoding: String? = nil) throws(MarkupError) -> Recovered {
        let strictError: MarkupError
        do {
            let document = try parse(bytes, syntax: .xml, name: name, limits: limits, encoding: encoding)
            return Recovered(document: document, error: nil)
        } catch {
            strictError = error
        }
        if bytes.isEmpty || bytes.count > min(limits.maxInputBytes, Int(Int32.max)) { throw strictError }
        // An encoding libxml2 does not know: read the bytes as if the declaration said UTF-8.
        let readable = strictError.reason.lowercased().containsSearchingASCII("unsupported encoding") ? (declaringUTF8(bytes) ?? bytes) : bytes
        for override in [encoding, "UTF-8", "windows-1252"] {
            if let document = recover(readable, name: name, limits: limits, encoding: override) {
                document.warnings.insert("\(name): not well-formed XML (\(strictError.lineAndReason)); recovered", at: 0)
                return Recovered(document: document, error: strictError)
            }
        }
        throw strictError
    }

    /// One recovery-mode parse; nil when it gives no root element or libxml2 reports the bytes
    /// undecodable in the encoding used.
    private static func recover(_ bytes: [UInt8], name: String, limits: MarkupLimits, encoding: String?) -> MarkupDocument? {
        LibXML2.initializeOnce()
        let collector = ParserMessages()
        let result: ParserMessages.Parsed? = bytes.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            return collector.parseXML(base, count: Int32(buffer.count), name: name, recovering: true, encoding: encoding)
        }
        guard let parsed = result else { return nil }
        let pointer = parsed.pointer
        let document = MarkupDocument(pointer: pointer, syntax: .xml, warnings: collector.warnings, limits: limits, lease: parsed.lease)
        guard let root = xmlDocGetRootElement(pointer) else { return nil }
        if let fatal = collector.firstFatal {
            if fatal.message.containsSearchingASCII("conversion")
                || (encoding == nil && fatal.message.containsSearchingASCII("Unsupported encoding")) { return nil }
            document.warnings.insert(fatal.line.map { "line \($0): \(fatal.message)" } ?? fatal.message, at: 0)
        }
        if EntityText.exceeds(max(bytes.count, 64 << 10), under: root) { return nil }
        return document
    }

    /// The bytes with the XML declaration's encoding name replaced by UTF-8; nil without one.
    private static func declaringUTF8(_ bytes: [UInt8]) -> [UInt8]? {
        let head = Array(bytes.prefix(256))
        guard head.starts(with: Array("<?xml".utf8)), let end = firstIndex(of: Array("?>".utf8), in: head),
              let key = firstIndex(of: Array("encoding".utf8), in: Array(head[..<end])) else { return nil }
        var index = key + 8
        while index < end, head[index] == 0x20 || head[index] == 0x3D { index += 1 }
        guard index < end, head[index] == 0x22 || head[index] == 0x27 else { return nil }
        let quote = head[index]
        guard let close = head[(index + 1)..<end].firstIndex(of: quote) else { return nil }
        return Array(bytes[...index]) + Array("UTF-8".utf8) + Array(bytes[close...])
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// The encoding the document declared (`<?xml encoding="…"?>`, or the one given to the
    /// parser), as libxml2 reports it; nil when none was declared.
    public var declaredEncoding: String? {
        guard let encoding = pointer.pointee.encoding else { return nil }
        return String(cString: encoding)
    }
}
