internal import CLibXML2

/// A parsed XML or HTML document, owned by Swift: the libxml2 tree is freed with this object.
///
/// Parsing never touches the network, never loads a DTD and never substitutes entities into the
/// tree, so external entities and "billion laughs" expansions cannot reach memory; a document
/// whose internal entity references stand for more text than the document itself (at least
/// 64 KiB) is refused. Elements handed out by the document keep it alive, so no libxml2 pointer
/// outlives its tree.
public final class MarkupDocument: @unchecked Sendable {
    // @unchecked: the tree is never mutated after parsing, and libxml2 allows concurrent reads.

    /// The syntax a document is parsed with.
    public enum Syntax: String, Sendable {
        /// Well-formedness required; the first fatal error fails the parse.
        case xml
        /// libxml2's forgiving HTML parser: tag soup is repaired, element names are lower-cased.
        case html
    }

    /// How the document was parsed.
    public let syntax: Syntax
    /// Problems that did not stop the parse (recovered HTML errors, skipped entities, depth cuts).
    public internal(set) var warnings: [String]
    /// The caps the document was parsed and is walked with.
    public let limits: MarkupLimits

    let pointer: xmlDocPtr
    /// The parser context that read the tree, given back for reuse only after the tree is freed
    /// (stored properties go after `deinit` has run).
    private let lease: ParserContextLease?

    init(pointer: xmlDocPtr, syntax: Syntax, warnings: [String], limits: MarkupLimits, lease: ParserContextLease? = nil) {
        self.pointer = pointer
        self.syntax = syntax
        self.warnings = warnings
        self.limits = limits
        self.lease = lease
    }

    deinit { xmlFreeDoc(pointer) }

    /// The root element, or nil for a document without one.
    public var root: MarkupElement? {
        guard let node = xmlDocGetRootElement(pointer) else { return nil }
        return MarkupElement(document: self, node: node, depth: 0)
    }

    /// Parses bytes as XML or HTML.
    /// - Parameters:
    ///   - bytes: the document; its encoding comes from a BOM or the XML/HTML declaration.
    ///   - syntax: `.xml` fails on the first well-formedness error; `.html` repairs.
    ///   - name: how errors name the document (an archive entry, a path).
    ///   - limits: caps on input size and nesting depth.
    ///   - encoding: an encoding that overrides the document's own declaration (MOBI
    ///     text is UTF-8 or Windows-1252 by its header, with no declaration in the markup).
    /// - Throws: ``MarkupError`` with the first fatal error and its line.
    public static func parse(_ bytes: [UInt8], syntax: Syntax, name: String,
                             limits: MarkupLimits = .standard, encoding: String? = nil) throws(MarkupError) -> MarkupDocument {
        try parse(bytes, syntax: syntax, name: name, limits: limits, encoding: encoding, recovering: false)
    }

    /// Parses as XML and, when the bytes are not well-formed, again in libxml2's recovery mode
    /// (`XML_PARSE_RECOVER`: the tree built up to and around the errors), with a warning naming
    /// the first error. Element names and namespaces stay as XML reads them, which the HTML parser
    /// would not keep (a package document's `dc:title`).
    /// - Throws: ``MarkupError`` when even recovery gives no root element.
    public static func parseXMLRecovering(_ bytes: [UInt8], name: String,
                                          limits: MarkupLimits = .standard) throws(MarkupError) -> MarkupDocument {
        do {
            return try parse(bytes, syntax: .xml, name: name, limits: limits)
        } catch {
            if bytes.count > limits.maxInputBytes { throw error }
            let document = try parse(bytes, syntax: .xml, name: name, limits: limits, encoding: nil, recovering: true)
            document.warnings.insert("\(name): not well-formed XML (\(error.lineAndReason)); recovered with libxml2's recovery mode",
                                     at: 0)
            return document
        }
    }

    private static func parse(_ bytes: [UInt8], syntax: Syntax, name: String, limits: MarkupLimits, encoding: String?,
                              recovering: Bool) throws(MarkupError) -> MarkupDocument {
        // libxml2 takes the length as a C int, whatever the caller's limit.
        let limit = min(limits.maxInputBytes, Int(Int32.max))
        guard bytes.count <= limit else {
            throw MarkupError(document: name, line: nil, reason: "\(bytes.count) bytes is more than the \(limit)-byte limit")
        }
        guard !bytes.isEmpty else {
            throw MarkupError(document: name, line: nil, reason: "the document is empty")
        }
        LibXML2.initializeOnce()
        let collector = ParserMessages()
        let result: ParserMessages.Parsed? = bytes.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            switch syntax {
            case .xml:
                return collector.parseXML(base, count: Int32(buffer.count), name: name, recovering: recovering, encoding: encoding)
            case .html: return collector.parseHTML(base, count: Int32(buffer.count), name: name, encoding: encoding)
            }
        }
        guard let parsed = result else {
            throw MarkupError(document: name, line: collector.firstFatal?.line,
                              reason: collector.firstFatal?.message ?? "not parseable as \(syntax.rawValue)")
        }
        let pointer = parsed.pointer
        if syntax == .xml, !recovering, let fatal = collector.firstFatal {
            withExtendedLifetime(parsed.lease) { xmlFreeDoc(pointer) }
            throw MarkupError(document: name, line: fatal.line, reason: fatal.message)
        }
        let document = MarkupDocument(pointer: pointer, syntax: syntax, warnings: collector.warnings, limits: limits, lease: parsed.lease)
        guard let root = xmlDocGetRootElement(pointer) else {
            throw MarkupError(document: name, line: nil, reason: "no root element")
        }
        // The HTML parser recovers from fatal errors (or halts, past its depth limit) and still
        // returns a tree: say what happened instead of handing back a silently shortened document.
        if let fatal = collector.firstFatal {
            document.warnings.insert(fatal.line.map { "line \($0): \(fatal.message)" } ?? fatal.message, at: 0)
        }
        // Every reference to an internal entity reads as its whole replacement text, so a large
        // entity referenced many times would multiply memory in each walk ("quadratic blowup").
        // (HTML has none: its parser reports every reference as the characters it stands for.)
        let entityTextLimit = max(bytes.count, 64 << 10)
        if syntax == .xml, EntityText.exceeds(entityTextLimit, under: root) {
            throw MarkupError(document: name, line: nil,
                              reason: "entity references stand for more than \(entityTextLimit) bytes of text")
        }
        return document
    }

    /// Parses as XML and, when that fails, as HTML with a warning saying why.
    /// - Throws: ``MarkupError`` only when even the HTML parser finds no document.
    public static func parseXMLOrHTML(_ bytes: [UInt8], name: String,
                                      limits: MarkupLimits = .standard) throws(MarkupError) -> MarkupDocument {
        do {
            return try parse(bytes, syntax: .xml, name: name, limits: limits)
        } catch {
            if bytes.count > limits.maxInputBytes { throw error }
            let document = try parse(bytes, syntax: .html, name: name, limits: limits)
            document.warnings.insert("\(name): not well-formed XML (\(error.lineAndReason)); read as HTML", at: 0)
            return document
        }
    }
}

/// Caps that keep a hostile document from taking unbounded memory or stack.
public struct MarkupLimits: Hashable, Sendable {
    /// The largest input accepted, in bytes.
    public var maxInputBytes: Int
    /// Elements nested deeper than this are left out of the walk: an element at this depth has
    /// no children. (Both libxml2 parsers stop at 256 levels; the HTML parser keeps what it read
    /// and its message becomes a warning.)
    public var maxDepth: Int
    /// The most characters ``MarkupElement/text`` gathers from one subtree.
    public var maxTextLength: Int

    /// Creates limits.
    public init(maxInputBytes: Int, maxDepth: Int, maxTextLength: Int) {
        self.maxInputBytes = maxInputBytes
        self.maxDepth = maxDepth
        self.maxTextLength = maxTextLength
    }

    /// 64 MiB of input, 256 levels of nesting (libxml2's own XML limit), 1 Mi characters of text.
    public static let standard = MarkupLimits(maxInputBytes: 64 << 20, maxDepth: 256, maxTextLength: 1 << 20)
}

/// Why a document could not be parsed.
public struct MarkupError: Error, Sendable, CustomStringConvertible {
    /// The document's name as given to the parser.
    public var document: String
    /// The line of the error, when the parser knows it.
    public var line: Int?
    /// What is wrong.
    public var reason: String

    /// Creates an error.
    public init(document: String, line: Int?, reason: String) {
        self.document = document
        self.line = line
        self.reason = reason
    }

    /// `line N: reason`, or the reason alone.
    public var lineAndReason: String {
        if let line { return "line \(line): \(reason)" }
        return reason
    }

    /// `document: line N: reason`.
    public var description: String { "\(document): \(lineAndReason)" }
}
