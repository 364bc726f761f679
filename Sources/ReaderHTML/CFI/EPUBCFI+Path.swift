extension EPUBCFI {
    /// One `/N[assertion]` step of a CFI path.
    ///
    /// Even indices are child elements (2 is the first), odd indices the runs of character data
    /// around them; 0 and `n + 2` are the "virtual" elements before the first and after the last
    /// run, which readers must accept (EPUB CFI 1.1 § 3.1.1).
    public struct Step: Hashable, Sendable, CustomStringConvertible {
        /// The step index.
        public var index: Int
        /// The bracketed assertion: the element's id, and any parameters such as `;s=b`.
        public var assertion: Assertion?

        /// Creates a step.
        public init(index: Int, assertion: Assertion? = nil) {
            self.index = index
            self.assertion = assertion
        }

        /// Creates a step with an id assertion (none when `id` is nil or empty).
        public init(index: Int, id: String?) {
            self.init(index: index, assertion: id.flatMap { Assertion(value: $0) })
        }

        /// Creates a step from a content path step, with its id as the assertion.
        public init(_ step: CFIStep) {
            self.init(index: step.index, id: step.id)
        }

        /// The id asserted for the step's element.
        public var id: String? { assertion?.value }

        /// Whether the step refers to an element (an even index).
        public var isElement: Bool { index % 2 == 0 }

        /// The content path step: index and id.
        public var contentStep: CFIStep { CFIStep(index: index, id: id) }

        /// The canonical text, `/10[para05]`.
        public var description: String {
            "/\(index)" + (assertion?.description ?? "")
        }
    }

    /// A path: steps, grouped by the document they walk (each `!` starts a new group), and an
    /// optional terminal offset.
    ///
    /// `/6/4[chap01ref]!/4[body01]/10[para05]/3:10` has the segments `[/6, /4[chap01ref]]` and
    /// `[/4[body01], /10[para05], /3]` and the offset `:10`. The subpaths of a range are paths too;
    /// they may be empty, and may start with `!` (an empty first segment).
    public struct Path: Hashable, Sendable, CustomStringConvertible {
        /// The steps before the first `!`, then the steps after each `!`; never empty.
        public private(set) var segments: [[Step]]
        /// The terminal offset, with its assertion.
        public var offset: Offset?

        /// Creates a path from its segments (an empty list means one empty segment).
        public init(segments: [[Step]], offset: Offset? = nil) {
            self.segments = segments.isEmpty ? [[]] : segments
            self.offset = offset
        }

        /// Creates a path within one document.
        public init(steps: [Step], offset: Offset? = nil) {
            self.init(segments: [steps], offset: offset)
        }

        /// The empty path (a range subpath that adds nothing).
        public static let empty = Path(segments: [[]])

        /// Whether the path has no step, no indirection and no offset.
        public var isEmpty: Bool {
            segments.count == 1 && segments[0].isEmpty && offset == nil
        }

        /// The number of `!` indirections.
        public var indirectionCount: Int { segments.count - 1 }

        /// The last step, if any.
        public var lastStep: Step? {
            segments.last(where: { !$0.isEmpty })?.last
        }

        /// This path followed by `other`: `other`'s first segment continues the last one here.
        /// The offset is `other`'s, or this path's when `other` is empty.
        public func appending(_ other: Path) -> Path {
            var joined = segments
            joined[joined.count - 1] += other.segments[0]
            joined += other.segments.dropFirst()
            return Path(segments: joined, offset: other.isEmpty ? offset : other.offset)
        }

        /// Appends steps to the last segment.
        public mutating func append(contentsOf steps: [Step]) {
            segments[segments.count - 1] += steps
        }

        /// Starts a new segment after a `!` indirection.
        public mutating func appendIndirection() {
            segments.append([])
        }

        /// The canonical text, `/6/4[chap01ref]!/4[body01]/10[para05]/3:10`.
        public var description: String {
            var text = ""
            for (number, segment) in segments.enumerated() {
                if number > 0 { text += "!" }
                for step in segment { text += step.description }
            }
            if let offset { text += offset.description }
            return text
        }
    }
}
