internal import CLibXML2

/// An element of a ``MarkupDocument``. It keeps its document alive; it cannot change the tree.
public struct MarkupElement: @unchecked Sendable {
    /// The document the element belongs to.
    public let document: MarkupDocument
    let node: xmlNodePtr
    /// Nesting level below the root element (the root is 0).
    public let depth: Int

    init(document: MarkupDocument, node: xmlNodePtr, depth: Int) {
        self.document = document
        self.node = node
        self.depth = depth
    }

    /// The local name (`"title"` for `dc:title`). HTML names are lower case.
    public var name: String { String(cString: node.pointee.name) }

    /// The namespace URI, or nil for none (always nil in HTML).
    public var namespace: String? {
        guard let ns = node.pointee.ns, let href = ns.pointee.href else { return nil }
        return String(cString: href)
    }

    /// The namespace prefix as written (`dc` for `dc:title`), or nil for none.
    public var prefix: String? {
        guard let ns = node.pointee.ns, let prefix = ns.pointee.prefix else { return nil }
        return String(cString: prefix)
    }

    /// Whether the element has this local name and namespace (namespace nil: any namespace).
    public func `is`(_ localName: String, in namespace: String? = nil) -> Bool {
        guard name == localName else { return false }
        guard let namespace else { return true }
        return self.namespace == namespace || (document.syntax == .html && namespace == MarkupNamespace.xhtml)
    }

    /// The line the element starts on.
    public var line: Int { Int(xmlGetLineNo(node)) }

    /// The value of an attribute. With `namespace` nil, an attribute without a namespace; in
    /// HTML, where prefixes stay part of the name, `epub:type` is found as `"epub:type"` too.
    public func attribute(_ localName: String, namespace: String? = nil) -> String? {
        let value: UnsafeMutablePointer<xmlChar>?
        if let namespace {
            value = xmlGetNsProp(node, localName, namespace)
                ?? (document.syntax == .html ? htmlPrefixedAttribute(localName, namespace: namespace) : nil)
        } else {
            value = xmlGetNoNsProp(node, localName)
        }
        guard let value else { return nil }
        defer { reader_xml_free(value) }
        return String(cString: value)
    }

    private func htmlPrefixedAttribute(_ localName: String, namespace: String) -> UnsafeMutablePointer<xmlChar>? {
        guard let prefix = MarkupNamespace.conventionalPrefix[namespace] else { return nil }
        return xmlGetNoNsProp(node, "\(prefix):\(localName)")
    }

    /// What makes the element's name: libxml2's name and namespace declaration, as addresses.
    /// Equal within one document, same local name, prefix and namespace: callers that work out
    /// something from the name for every element can keep it by this.
    package var nameIdentity: MarkupNameIdentity {
        MarkupNameIdentity(name: UnsafeRawPointer(node.pointee.name), namespace: UnsafeRawPointer(node.pointee.ns))
    }

    /// Whether the element has any attribute (namespace declarations aside).
    package var hasAttributes: Bool { node.pointee.properties != nil }

    /// The `id` attribute (or `xml:id`).
    public var id: String? {
        attribute("id") ?? attribute("id", namespace: MarkupNamespace.xml)
    }

    /// Every attribute as (local name, namespace URI, value), in document order.
    public var attributes: [(name: String, namespace: String?, value: String)] {
        var result: [(String, String?, String)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = String(cString: current.pointee.name)
            let namespace = current.pointee.ns.flatMap { $0.pointee.href }.map { String(cString: $0) }
            var value = ""
            if let raw = xmlNodeListGetString(node.pointee.doc, current.pointee.children, 1) {
                value = String(cString: raw)
                reader_xml_free(raw)
            }
            result.append((name, namespace, value))
            attribute = current.pointee.next
        }
        return result
    }

    /// Every attribute as (local name, value), in document order: ``attributes`` without the
    /// namespaces, for callers that copy every attribute of a large tree.
    package var attributeValues: [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = String(cString: current.pointee.name)
            let children = current.pointee.children
            if let text = children, text.pointee.type == XML_TEXT_NODE, text.pointee.next == nil, let content = text.pointee.content {
                // One text node (nearly every value): its content is the value.
                result.append((name, String(cString: content)))
            } else if let raw = xmlNodeListGetString(node.pointee.doc, children, 1) {
                result.append((name, String(cString: raw)))
                reader_xml_free(raw)
            } else {
                result.append((name, ""))
            }
            attribute = current.pointee.next
        }
        return result
    }

    /// The children that matter for reading: elements and character data, in document order.
    /// Entity references come as their text (see ``MarkupNode``). Children of an element deeper
    /// than the depth limit are not returned.
    public var children: [MarkupNode] {
        var result: [MarkupNode] = []
        forEachChild { result.append($0) }
        return result
    }

    /// Calls `body` with each child that matters for reading, without building an array.
    public func forEachChild(_ body: (MarkupNode) throws -> Void) rethrows {
        guard depth < document.limits.maxDepth else { return }
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                try body(.element(MarkupElement(document: document, node: current, depth: depth + 1)))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content {
                    try body(.text(String(cString: content)))
                }
            case XML_ENTITY_REF_NODE:
                if let text = EntityText.resolve(current) { try body(.text(text)) }
            default:
                break
            }
            child = current.pointee.next
        }
    }

    /// The child elements, in document order.
    public var elements: [MarkupElement] {
        var result: [MarkupElement] = []
        guard depth < document.limits.maxDepth else { return result }
        // Straight over the element nodes: the text between them is never made into strings.
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                result.append(MarkupElement(document: document, node: current, depth: depth + 1))
            }
            child = current.pointee.next
        }
        return result
    }

    /// The child elements with a local name (and namespace, when given).
    public func elements(_ localName: String, in namespace: String? = nil) -> [MarkupElement] {
        elements.filter { $0.is(localName, in: namespace) }
    }

    /// The first child element with a local name (and namespace, when given).
    public func firstElement(_ localName: String, in namespace: String? = nil) -> MarkupElement? {
        var found: MarkupElement?
        var child = node.pointee.children
        while found == nil, let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                let element = MarkupElement(document: document, node: current, depth: depth + 1)
                if element.is(localName, in: namespace) { found = element }
            }
            child = current.pointee.next
        }
        return depth < document.limits.maxDepth ? found : nil
    }

    /// Every descendant element with a local name, in document order (depth-first, bounded).
    public func descendants(_ localName: String, in namespace: String? = nil) -> [MarkupElement] {
        var result: [MarkupElement] = []
        localName.withCString { wanted in
            walkDescendants { current, level in
                if Self.name(of: current, is: wanted, localName) {
                    let element = MarkupElement(document: document, node: current, depth: level)
                    if namespace == nil || element.is(localName, in: namespace) { result.append(element) }
                }
                return true
            }
        }
        return result
    }

    /// Calls `body` with every descendant element in document order (depth-first, bounded as
    /// ``descendants(_:in:)`` is), until it returns false; no array is made.
    package func forEachDescendant(_ body: (MarkupElement) -> Bool) {
        walkDescendants { current, level in body(MarkupElement(document: document, node: current, depth: level)) }
    }

    /// Preorder over libxml2's element nodes below this one, without recursion and without an
    /// array per level, handing each node and its depth to `visit` until it returns false;
    /// elements at the depth limit are visited but not entered, as `elements` would have it.
    @inline(__always)
    private func walkDescendants(_ visit: (xmlNodePtr, Int) -> Bool) {
        let maxDepth = document.limits.maxDepth
        var current = node
        var level = depth
        while true {
            if level < maxDepth, let first = Self.firstElementNode(current.pointee.children) {
                current = first
                level += 1
            } else {
                while true {
                    guard level > depth else { return }
                    if let next = Self.firstElementNode(current.pointee.next) {
                        current = next
                        break
                    }
                    current = current.pointee.parent!
                    level -= 1
                }
            }
            guard visit(current, level) else { return }
        }
    }

    /// Whether a node's name equals `localName` (given also as a C string) as Swift compares
    /// strings: byte for byte, or canonically equivalent when the name is not ASCII.
    private static func name(of node: xmlNodePtr, is wanted: UnsafePointer<CChar>, _ localName: String) -> Bool {
        guard let name = node.pointee.name else { return false }
        if xmlStrEqual(name, UnsafeRawPointer(wanted).assumingMemoryBound(to: xmlChar.self)) != 0 { return true }
        var byte = name
        while byte.pointee != 0 {
            if byte.pointee >= 0x80 { return String(cString: name) == localName }
            byte += 1
        }
        return false
    }

    /// The first element node of a sibling list starting at `node`.
    private static func firstElementNode(_ node: xmlNodePtr?) -> xmlNodePtr? {
        var candidate = node
        while let current = candidate, current.pointee.type != XML_ELEMENT_NODE { candidate = current.pointee.next }
        return candidate
    }

    /// The parent element, or nil for the root.
    public var parent: MarkupElement? {
        guard let parent = node.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
        return MarkupElement(document: document, node: parent, depth: max(0, depth - 1))
    }

    /// The text of the subtree in document order, capped at ``MarkupLimits/maxTextLength``
    /// characters; whitespace is kept as written.
    public var text: String {
        // Most subtrees are far below the cap: while fewer UTF-8 bytes than the cap allows
        // characters have been gathered, no text can have been cut, and characters (grapheme
        // clusters, slow to count) need not be counted. Past that, the counting walk.
        let cap = document.limits.maxTextLength
        if let text = uncountedText(atMost: cap) { return text }
        var result = ""
        var budget = cap
        appendText(to: &result, budget: &budget)
        return result
    }

    /// The subtree's text in document order (the parts ``forEachChild`` yields, at every level),
    /// or nil when it holds more than `limit` UTF-8 bytes.
    private func uncountedText(atMost limit: Int) -> String? {
        var result = ""
        let maxDepth = document.limits.maxDepth
        var current = node
        var level = depth
        while true {
            if current.pointee.type == XML_ELEMENT_NODE, level < maxDepth, let first = current.pointee.children {
                current = first
                level += 1
            } else {
                while true {
                    guard level > depth else { return result }
                    if let next = current.pointee.next {
                        current = next
                        break
                    }
                    current = current.pointee.parent!
                    level -= 1
                }
            }
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { result += String(cString: content) }
            case XML_ENTITY_REF_NODE:
                if let text = EntityText.resolve(current) { result += text }
            default:
                continue
            }
            if result.utf8.count > limit { return nil }
        }
    }

    /// The text with runs of whitespace collapsed to one space and the ends trimmed.
    public var normalizedText: String { text.collapsingWhitespace() }

    private func appendText(to result: inout String, budget: inout Int) {
        forEachChild { child in
            guard budget > 0 else { return }
            switch child {
            case .text(let text):
                let part = text.count <= budget ? text : String(text.prefix(budget))
                budget -= part.count
                result += part
            case .element(let element):
                element.appendText(to: &result, budget: &budget)
            }
        }
    }
}

/// A child that matters for reading.
public enum MarkupNode: Sendable {
    /// An element.
    case element(MarkupElement)
    /// Character data: a text node, a CDATA section, or a resolved entity reference.
    case text(String)
}

/// Namespace URIs the engine reads.
public enum MarkupNamespace {
    /// XHTML.
    public static let xhtml = "http://www.w3.org/1999/xhtml"
    /// The `xml:` prefix.
    public static let xml = "http://www.w3.org/XML/1998/namespace"
    /// EPUB structural semantics (`epub:type`).
    public static let epubOPS = "http://www.idpf.org/2007/ops"
    /// The OPF package document.
    public static let opf = "http://www.idpf.org/2007/opf"
    /// Dublin Core elements.
    public static let dublinCore = "http://purl.org/dc/elements/1.1/"
    /// The OCF container document.
    public static let container = "urn:oasis:names:tc:opendocument:xmlns:container"
    /// The NCX navigation document (EPUB 2).
    public static let ncx = "http://www.daisy.org/z3986/2005/ncx/"
    /// XML encryption (`META-INF/encryption.xml`).
    public static let xmlEncryption = "http://www.w3.org/2001/04/xmlenc#"
    /// SVG.
    public static let svg = "http://www.w3.org/2000/svg"
    /// XLink (`xlink:href` in SVG).
    public static let xlink = "http://www.w3.org/1999/xlink"

    /// The prefixes HTML content conventionally uses, for finding prefixed attributes in trees
    /// parsed by the HTML parser, which knows no namespaces.
    static let conventionalPrefix: [String: String] = [
        epubOPS: "epub", xml: "xml", xlink: "xlink",
    ]
}

extension String {
    /// Runs of whitespace collapsed to one space, the ends trimmed.
    public func collapsingWhitespace() -> String {
        var result = ""
        var pendingSpace = false
        for character in self {
            if character.isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(character)
            }
        }
        return result
    }
}
