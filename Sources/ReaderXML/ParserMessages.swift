internal import CLibXML2

/// Runs one libxml2 parse and collects its messages through the context's structured error hook,
/// so nothing is printed to stderr. Errors libxml2 raises without a context (a failed encoding
/// conversion) only reach the per-thread handler, which is set for the length of the parse.
final class ParserMessages {
    struct Message {
        var line: Int?
        var message: String
    }

    private(set) var firstFatal: Message?
    private(set) var warnings: [String] = []
    private let maxWarnings = 20

    // COMPACT keeps the text of short text nodes (white space between tags, mostly) inside the
    // node instead of in a block of its own: fewer allocations to make and free, the same tree.
    private static let xmlOptions = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue)
    private static let htmlOptions = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue
        | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_COMPACT.rawValue)

    /// - Parameters:
    ///   - recovering: with `XML_PARSE_RECOVER`, libxml2 keeps the tree it built past a
    ///     well-formedness error instead of failing.
    ///   - encoding: an encoding that overrides the document's declaration (nil: libxml2 decides).
    /// A parsed tree and the lease on the context that read it, which must outlive the tree.
    struct Parsed {
        var pointer: xmlDocPtr
        var lease: ParserContextLease
    }

    func parseXML(_ bytes: UnsafePointer<CChar>, count: Int32, name: String, recovering: Bool = false,
                  encoding: String? = nil) -> Parsed? {
        guard let context = ParserContexts.take(html: false) else { return nil }
        let lease = ParserContextLease(context, html: false)
        install(on: context)
        let options = recovering ? Self.xmlOptions | Int32(XML_PARSE_RECOVER.rawValue) : Self.xmlOptions
        let pointer = collectingContextlessErrors {
            MemoryReading.readXML(context, bytes, count: count, encoding: encoding, options: options)
        }
        return pointer.map { Parsed(pointer: $0, lease: lease) }
    }

    func parseHTML(_ bytes: UnsafePointer<CChar>, count: Int32, name: String, encoding: String?) -> Parsed? {
        guard let context = ParserContexts.take(html: true) else { return nil }
        let lease = ParserContextLease(context, html: true)
        install(on: context)
        let pointer = collectingContextlessErrors {
            MemoryReading.readHTML(context, bytes, count: count, encoding: encoding, options: Self.htmlOptions)
        }
        return pointer.map { Parsed(pointer: $0, lease: lease) }
    }

    /// Runs `parse` with this thread's structured error handler (`xmlSetStructuredErrorFunc`)
    /// recording here, then back to none. Without it, libxml2 prints errors raised outside a
    /// parser context, such as "input conversion failed" for bytes invalid in the declared
    /// encoding, to stderr.
    private func collectingContextlessErrors(_ parse: () -> xmlDocPtr?) -> xmlDocPtr? {
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(self).toOpaque()) { owner, error in
            guard let owner, let error else { return }
            Unmanaged<ParserMessages>.fromOpaque(owner).takeUnretainedValue().record(error.pointee)
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        return parse()
    }

    private func install(on context: xmlParserCtxtPtr) {
        context.pointee._private = Unmanaged.passUnretained(self).toOpaque()
        context.pointee.sax.pointee.serror = { userData, error in
            guard let context = userData?.assumingMemoryBound(to: xmlParserCtxt.self),
                  let owner = context.pointee._private, let error else { return }
            Unmanaged<ParserMessages>.fromOpaque(owner).takeUnretainedValue().record(error.pointee)
        }
        // The structured hook is only consulted on an initialised SAX2 handler.
        context.pointee.sax.pointee.initialized = XML_SAX2_MAGIC
        context.pointee.userData = UnsafeMutableRawPointer(context)
    }

    private func record(_ error: xmlError) {
        // libxml2's HTML 4 parser calls every HTML5 element (section, aside, ruby…) invalid: noise.
        if error.code == Int32(XML_HTML_UNKNOWN_TAG.rawValue) { return }
        // Past the first fatal error and the warnings kept, a message is not kept: not made either
        // (a real page raises thousands).
        let takesFatal = error.level.rawValue >= XML_ERR_FATAL.rawValue && firstFatal == nil
        guard takesFatal || warnings.count < maxWarnings else { return }
        let text = error.message.map { String(cString: $0) } ?? "parse error"
        let message = Message(line: error.line > 0 ? Int(error.line) : nil,
                              message: text.trimmingTrailingNewlines())
        if error.level.rawValue >= XML_ERR_FATAL.rawValue, firstFatal == nil {
            firstFatal = message
        } else if warnings.count < maxWarnings {
            let prefix = message.line.map { "line \($0): " } ?? ""
            warnings.append(prefix + message.message)
        }
    }
}

enum LibXML2 {
    /// libxml2 must be initialised once before it is used from several threads.
    static func initializeOnce() { _ = initialized }
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var copy = self
        while copy.last == "\n" || copy.last == "\r" { copy.removeLast() }
        return copy
    }
}
