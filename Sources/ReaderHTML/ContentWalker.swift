import ReaderXML

/// Walks a document's tree once, in document order, without recursion: counts CFI steps, records
/// the shown text and ids in a ``SourceTextRecorder``, and feeds a ``BlockAssembler``.
///
/// Hidden elements (and page-break markers) are still walked, for their ids and so that paths
/// count every element, but their text is neither shown nor part of the source text. Neither is
/// a run of nothing but collapsible white space directly inside a block-level element that
/// touches a block boundary (the element's start or end, a block-level sibling, a `<br>`):
/// CSS never shows it, and leaving it out keeps the indentation of pretty-printed XHTML out of
/// offsets and progression. Inside preformatted text every run is kept.
struct ContentWalker {
    private struct Frame {
        /// The element's children that matter for reading.
        let children: [MarkupNode]
        /// The next child to visit.
        var next = 0
        /// Child elements visited so far (the next one has CFI index 2 × (count + 1)).
        var elementCount = 0
        /// Whether this frame added a CFI step to the path (the root does not).
        let hasStep: Bool
        /// Whether this element hides its content.
        let hides: Bool
        /// What the assembler must undo when the element closes (nil when not shown).
        let opened: OpenElement?
        /// The role the element was read with (``HTMLElementRole/hidden`` inside hidden content).
        let role: HTMLElementRole
        /// Whether the last shown child (hidden ones do not count) is a block boundary; nil before
        /// any shown child, which is a boundary too.
        var previousIsBoundary: Bool?
        /// The role of the child at ``next``, when the white-space check already computed it.
        var peekedRole: HTMLElementRole?
        /// What the white-space check found ahead: whether the first shown child at or after
        /// ``next`` and before `until` is a block boundary (or the end).
        var lookahead: (until: Int, isBoundary: Bool)?
    }

    private var recorder: SourceTextRecorder
    private var assembler: BlockAssembler
    private let classifier: ElementClassifier
    private var path: [CFIStep] = []
    private var hiddenDepth = 0
    private var warnings: [String] = []
    private var warnedDepth = false

    init(options: HTMLConversionOptions) {
        classifier = ElementClassifier(overrides: options.elementRoles)
        recorder = SourceTextRecorder(keepsText: options.keepsSourceText)
        assembler = BlockAssembler(options: options, classifier: classifier)
    }

    /// Converts the document.
    static func convert(_ document: MarkupDocument, options: HTMLConversionOptions) -> HTMLContent {
        var walker = ContentWalker(options: options)
        guard let root = document.root else { return HTMLContent() }
        walker.walk(from: root)
        walker.assembler.finish()
        return HTMLContent(blocks: walker.assembler.blocks, pathIndex: walker.recorder.index,
                           pageBreaks: walker.assembler.pageBreaks, links: walker.assembler.links,
                           images: walker.assembler.images, sectionBreaks: walker.assembler.sectionBreaks,
                           title: title(of: root), sourceText: walker.recorder.text, warnings: walker.warnings)
    }

    /// `<head><title>`, or an SVG document's `<title>`, whitespace collapsed; nil when empty.
    static func title(of root: MarkupElement) -> String? {
        let element = root.firstElement("head")?.firstElement("title") ?? (root.name == "svg" ? root.firstElement("title") : nil)
        guard let text = element?.normalizedText, !text.isEmpty else { return nil }
        return text
    }

    private mutating func walk(from root: MarkupElement) {
        var stack: [Frame] = [enter(root, stepIndex: nil)]
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].children.count else {
                exit(stack.removeLast())
                continue
            }
            let child = stack[top].children[stack[top].next]
            stack[top].next += 1
            switch child {
            case .text(let first):
                // One run: this text node and the ones right after it (comments are already gone).
                var string = first
                var end = stack[top].next
                while end < stack[top].children.count, case .text(let more) = stack[top].children[end] {
                    string += more
                    end += 1
                }
                stack[top].next = end
                guard hiddenDepth == 0, !isUnshownWhitespace(string, in: &stack[top]) else { continue }
                let units = string.utf16Length
                guard units > 0 else { continue }
                stack[top].previousIsBoundary = false
                let start = recorder.length
                let runIndex = 2 * stack[top].elementCount + 1
                recorder.record(string, units: units, path: path + [CFIStep(index: runIndex)])
                assembler.text(string, sourceStart: start, units: units)
            case .element(let element):
                stack[top].elementCount += 1
                let frame = enter(element, stepIndex: 2 * stack[top].elementCount, knownRole: stack[top].peekedRole)
                stack[top].peekedRole = nil
                if !Self.isHidden(frame.role) { stack[top].previousIsBoundary = Self.isBoundary(frame.role) }
                stack.append(frame)
            }
        }
    }

    private mutating func enter(_ element: MarkupElement, stepIndex: Int?, knownRole: HTMLElementRole? = nil) -> Frame {
        let name = element.name
        let id = element.id
        if let stepIndex { path.append(CFIStep(index: stepIndex, id: id)) }
        if let id {
            recorder.anchor(id, path: path)
            assembler.noteID(id)
        }
        if element.depth >= element.document.limits.maxDepth, !warnedDepth {
            warnedDepth = true
            warnings.append("elements are nested \(element.depth) deep: what lies deeper is left out")
        }
        var hides = false
        var opened: OpenElement?
        var role = HTMLElementRole.hidden
        if hiddenDepth == 0 {
            role = knownRole ?? classifier.role(of: element, name: name)
            switch role {
            case .hidden:
                hides = true
            case .pageBreak:
                hides = true
                assembler.pageBreak(element, id: id)
            default:
                let open = assembler.open(element, name: name, role: role, id: id)
                role = open.role
                opened = open
            }
        }
        if hides { hiddenDepth += 1 }
        return Frame(children: element.children, hasStep: stepIndex != nil, hides: hides, opened: opened, role: role)
    }

    /// Whether a run is white space CSS never shows: only collapsible white space, directly inside
    /// a block-level element, outside preformatted text, with a block boundary on one side
    /// (hidden siblings do not count: white space around them touches what lies beyond them).
    private func isUnshownWhitespace(_ run: String, in frame: inout Frame) -> Bool {
        guard frame.role.isBlockLevel, !assembler.isPreformatted, Self.isCollapsibleWhitespace(run) else { return false }
        if frame.previousIsBoundary ?? true { return true }
        if let lookahead = frame.lookahead, frame.next <= lookahead.until { return lookahead.isBoundary }
        var index = frame.next
        var isBoundary = true
        scan: while index < frame.children.count {
            switch frame.children[index] {
            case .text(let text):
                if !Self.isCollapsibleWhitespace(text) {
                    isBoundary = false
                    break scan
                }
            case .element(let element):
                let role = classifier.role(of: element, name: element.name)
                if index == frame.next { frame.peekedRole = role }
                if !Self.isHidden(role) {
                    isBoundary = Self.isBoundary(role)
                    break scan
                }
            }
            index += 1
        }
        frame.lookahead = (index, isBoundary)
        return isBoundary
    }

    private static func isCollapsibleWhitespace(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C }
    }

    private static func isHidden(_ role: HTMLElementRole) -> Bool {
        role == .hidden || role == .pageBreak
    }

    private static func isBoundary(_ role: HTMLElementRole) -> Bool {
        role.isBlockLevel || role == .lineBreak
    }

    private mutating func exit(_ frame: Frame) {
        if frame.hides { hiddenDepth -= 1 }
        if let opened = frame.opened { assembler.close(opened) }
        if frame.hasStep { path.removeLast() }
    }
}
