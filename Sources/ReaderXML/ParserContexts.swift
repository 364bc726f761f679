internal import CLibXML2
import Synchronization

/// libxml2 parser contexts kept between parses: making one (with its dictionary of names) and
/// freeing it again cost a tenth of reading a small feed. A context read a document into a tree
/// that shares its dictionary, so it goes back for reuse only when that document is freed (its
/// ``ParserContextLease`` goes with the document): no two threads ever use one dictionary at once.
/// A context whose dictionary has grown is freed instead, so what is kept stays small.
enum ParserContexts {
    private static let idle = Mutex<(xml: [UInt], html: [UInt])>(([], []))
    private static let keptPerKind = 4
    private static let largestDictionaryEntries = 4096
    private static let largestDictionaryBytes = 256 << 10

    /// A context for one parse: a kept one, or a new one.
    static func take(html: Bool) -> xmlParserCtxtPtr? {
        let address = idle.withLock { contexts in html ? contexts.html.popLast() : contexts.xml.popLast() }
        if let address, let context = xmlParserCtxtPtr(bitPattern: address) { return context }
        return html ? htmlNewParserCtxt() : xmlNewParserCtxt()
    }

    /// Takes a context back once nothing read with it is alive any more.
    static func giveBack(_ context: xmlParserCtxtPtr, html: Bool) {
        let dictionary = context.pointee.dict
        let small = dictionary.map { xmlDictSize($0) < largestDictionaryEntries && xmlDictGetUsage($0) < largestDictionaryBytes } ?? false
        // What the last parse left (its input, a copy of the bytes) is let go before the context waits.
        if small {
            if html { htmlCtxtReset(context) } else { xmlCtxtReset(context) }
        }
        let kept = small && idle.withLock { contexts in
            let count = html ? contexts.html.count : contexts.xml.count
            guard count < keptPerKind else { return false }
            if html { contexts.html.append(UInt(bitPattern: context)) } else { contexts.xml.append(UInt(bitPattern: context)) }
            return true
        }
        if !kept {
            if html { htmlFreeParserCtxt(context) } else { xmlFreeParserCtxt(context) }
        }
    }
}

/// A parser context on loan to the document it read: given back when the lease goes, which a
/// ``MarkupDocument`` lets happen only after it has freed its tree.
final class ParserContextLease: @unchecked Sendable {
    // @unchecked: the context is used by no one else while the lease lives.
    private let context: xmlParserCtxtPtr
    private let html: Bool

    init(_ context: xmlParserCtxtPtr, html: Bool) {
        self.context = context
        self.html = html
    }

    deinit { ParserContexts.giveBack(context, html: html) }
}
