internal import CCMarkGFM
import Synchronization

/// Parses Markdown with cmark-gfm and copies the tree into ``MarkdownNode`` values.
///
/// Every C object is freed before ``parse(_:)`` returns; no C pointer leaves this file.
enum CMarkParser {
    /// Deeper nodes are not kept as structure: their text is flattened into one text node, so that
    /// pathological nesting cannot exhaust the stack of the recursive passes that follow.
    static let maximumDepth = 96

    /// The GFM extensions attached to every parser.
    private static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// Registers the core extensions exactly once, whatever thread gets there first.
    private static let registration: Void = { cmark_gfm_core_extensions_ensure_registered() }()

    /// cmark-gfm is not safe to run on several threads at once: while inlines are parsed it adds
    /// the extensions' special characters to a process-wide table and removes them afterwards.
    /// Parses are therefore serialized.
    private static let parseLock = Mutex<Void>(())

    /// Parses UTF-8 Markdown, with source positions, into a document node.
    static func parse(_ utf8: [UInt8]) -> MarkdownNode {
        _ = registration
        return parseLock.withLock { _ in parseSerialized(utf8) }
    }

    private static func parseSerialized(_ utf8: [UInt8]) -> MarkdownNode {
        let empty = MarkdownNode(kind: .document)
        guard let parser = cmark_parser_new(CMARK_OPT_SOURCEPOS) else { return empty }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        utf8.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            cmark_parser_feed(parser, base.assumingMemoryBound(to: CChar.self), buffer.count)
        }
        guard let root = cmark_parser_finish(parser) else { return empty }
        defer { cmark_node_free(root) }
        return copyTree(root)
    }

    /// Copies the tree depth first without recursion.
    private static func copyTree(_ root: OpaquePointer) -> MarkdownNode {
        var built: [MarkdownNode] = [node(from: root)]
        var path: [OpaquePointer] = [root]
        var next = cmark_node_first_child(root)
        while true {
            if let current = next {
                if path.count >= maximumDepth {
                    built[built.count - 1].children.append(flattenedText(of: current))
                    next = cmark_node_next(current)
                    continue
                }
                built.append(node(from: current))
                path.append(current)
                next = cmark_node_first_child(current)
            } else {
                guard path.count > 1 else { break }
                let finished = built.removeLast()
                let pointer = path.removeLast()
                built[built.count - 1].children.append(finished)
                next = cmark_node_next(pointer)
            }
        }
        return built[0]
    }

    /// One text node holding the literals of a subtree, in order, placed where the subtree starts.
    private static func flattenedText(of subtree: OpaquePointer) -> MarkdownNode {
        var text = ""
        let span = node(from: subtree).span
        guard let iterator = cmark_iter_new(subtree) else { return MarkdownNode(kind: .text, literal: "", span: span) }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE || event == CMARK_EVENT_NONE { break }
            guard event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(current)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                text += " "
            } else if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE, let literal = cmark_node_get_literal(current) {
                text += String(cString: literal)
            }
        }
        return MarkdownNode(kind: .text, literal: text, span: span)
    }

    /// The Swift value of one node, without its children.
    private static func node(from pointer: OpaquePointer) -> MarkdownNode {
        let span = SourceSpan(startLine: Int(cmark_node_get_start_line(pointer)),
                              startColumn: Int(cmark_node_get_start_column(pointer)),
                              endLine: Int(cmark_node_get_end_line(pointer)),
                              endColumn: Int(cmark_node_get_end_column(pointer)))
        let kind = kind(of: pointer)
        var literal: String?
        switch kind {
        case .text, .code, .codeBlock, .htmlBlock, .htmlInline:
            literal = cmark_node_get_literal(pointer).map { String(cString: $0) } ?? ""
        default:
            break
        }
        return MarkdownNode(kind: kind, literal: literal, span: span.hasStart ? span : nil)
    }

    private static func kind(of pointer: OpaquePointer) -> MarkdownNode.Kind {
        let type = cmark_node_get_type(pointer)
        switch type {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST: return .list(listStyle(of: pointer))
        case CMARK_NODE_ITEM: return itemKind(of: pointer)
        case CMARK_NODE_CODE_BLOCK:
            // cmark writes through all three out-pointers unconditionally.
            var length: Int32 = 0, offset: Int32 = 0
            var character: CChar = 0
            return .codeBlock(isFenced: cmark_node_get_fenced(pointer, &length, &offset, &character) != 0)
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(pointer)))
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_TEXT: return .text
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code
        case CMARK_NODE_HTML_INLINE: return .htmlInline
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK: return .link(url: string(cmark_node_get_url(pointer)))
        case CMARK_NODE_IMAGE: return .image(url: string(cmark_node_get_url(pointer)))
        default: return extensionKind(of: pointer)
        }
    }

    /// Extension node types are assigned at run time, so they are told apart by name.
    private static func extensionKind(of pointer: OpaquePointer) -> MarkdownNode.Kind {
        switch string(cmark_node_get_type_string(pointer)) {
        case "table": return .table(alignments: tableAlignments(of: pointer))
        case "table_header": return .tableRow(isHeader: true)
        case "table_row": return .tableRow(isHeader: cmark_gfm_extensions_get_table_row_is_header(pointer) != 0)
        case "table_cell": return .tableCell
        case "strikethrough": return .strikethrough
        case "tasklist": return .item(task: cmark_gfm_extensions_get_tasklist_item_checked(pointer))
        default: return .other
        }
    }

    private static func itemKind(of pointer: OpaquePointer) -> MarkdownNode.Kind {
        if string(cmark_node_get_type_string(pointer)) == "tasklist" {
            return .item(task: cmark_gfm_extensions_get_tasklist_item_checked(pointer))
        }
        return .item(task: nil)
    }

    private static func listStyle(of pointer: OpaquePointer) -> ListStyle {
        ListStyle(isOrdered: cmark_node_get_list_type(pointer) == CMARK_ORDERED_LIST,
                  start: Int(cmark_node_get_list_start(pointer)),
                  delimiter: cmark_node_get_list_delim(pointer) == CMARK_PAREN_DELIM ? ")" : ".",
                  isTight: cmark_node_get_list_tight(pointer) != 0)
    }

    private static func tableAlignments(of pointer: OpaquePointer) -> [TableAlignment] {
        let count = Int(cmark_gfm_extensions_get_table_columns(pointer))
        guard count > 0, let codes = cmark_gfm_extensions_get_table_alignments(pointer) else { return [] }
        return (0..<count).map { column in
            switch codes[column] {
            case UInt8(ascii: "l"): .left
            case UInt8(ascii: "c"): .center
            case UInt8(ascii: "r"): .right
            default: .none
            }
        }
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
