/// One line of the screen: runs of text, each with its attributes. The text is already safe
/// for a terminal (no control character) and fits the screen's width.
public struct ScreenLine: Hashable, Sendable {
    /// A stretch of text drawn one way.
    public struct Run: Hashable, Sendable {
        /// The text.
        public var text: String
        /// How it is drawn.
        public var attributes: TextAttributes

        /// Creates a run.
        public init(_ text: String, _ attributes: TextAttributes = .plain) {
            self.text = text
            self.attributes = attributes
        }
    }

    /// The runs, left to right.
    public var runs: [Run]

    /// Creates a line.
    public init(runs: [Run] = []) {
        self.runs = runs
    }

    /// A line of plain text.
    public init(_ text: String, _ attributes: TextAttributes = .plain) {
        runs = text.isEmpty ? [] : [Run(text, attributes)]
    }

    /// The text without attributes.
    public var text: String { runs.map(\.text).joined() }

    /// Appends text, joining it to the last run when drawn the same way.
    public mutating func append(_ text: String, _ attributes: TextAttributes = .plain) {
        guard !text.isEmpty else { return }
        if let last = runs.indices.last, runs[last].attributes == attributes {
            runs[last].text += text
        } else {
            runs.append(Run(text, attributes))
        }
    }

    /// Appends a character, joining it to the last run when drawn the same way.
    public mutating func append(character: Character, _ attributes: TextAttributes) {
        if let last = runs.indices.last, runs[last].attributes == attributes {
            runs[last].text.append(character)
        } else {
            runs.append(Run(String(character), attributes))
        }
    }
}

/// What the terminal shows: exactly one line per row.
public struct Screen: Hashable, Sendable {
    /// The columns of the terminal.
    public var columns: Int
    /// The lines, one per row.
    public var lines: [ScreenLine]
    /// A picture drawn over the lines (kitty's graphics protocol), if any.
    public var image: KittyImage?

    /// Creates a screen.
    public init(columns: Int, lines: [ScreenLine], image: KittyImage? = nil) {
        self.columns = columns
        self.lines = lines
        self.image = image
    }

    /// The text of every row, without attributes.
    public var text: [String] { lines.map(\.text) }
}
