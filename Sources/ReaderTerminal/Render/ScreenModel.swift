/// Everything one frame shows, as values: the pure input of ``ScreenRenderer``.
public struct ScreenModel: Hashable, Sendable {
    /// Columns and rows of the terminal.
    public var columns: Int
    /// Rows of the terminal (the page takes all but the last).
    public var rows: Int
    /// What the terminal can show.
    public var capabilities: TerminalCapabilities
    /// The page's lines, styled (see ``PageStyler``).
    public var page: [ScreenLine]
    /// The status line's content.
    public var status: StatusInfo
    /// A panel drawn in place of the page, if any.
    public var panel: Panel?
    /// A prompt drawn in place of the status line (`/` search, `g` go to, a note), if any.
    public var prompt: Prompt?
    /// A picture shown in place of the page, if any.
    public var image: KittyImage?

    /// Creates a model.
    public init(columns: Int, rows: Int, capabilities: TerminalCapabilities, page: [ScreenLine], status: StatusInfo,
                panel: Panel? = nil, prompt: Prompt? = nil, image: KittyImage? = nil) {
        self.image = image
        self.columns = columns
        self.rows = rows
        self.capabilities = capabilities
        self.page = page
        self.status = status
        self.panel = panel
        self.prompt = prompt
    }
}

/// A list drawn over the page: the table of contents, the bookmarks, the help.
public struct Panel: Hashable, Sendable {
    /// One line of the list.
    public struct Item: Hashable, Sendable {
        /// The text (indentation included).
        public var text: String
        /// Whether it is marked (the current chapter).
        public var isMarked: Bool

        /// Creates an item.
        public init(_ text: String, isMarked: Bool = false) {
            self.text = text
            self.isMarked = isMarked
        }
    }

    /// The heading line.
    public var title: String
    /// The items.
    public var items: [Item]
    /// The index of the chosen item (drawn in reverse video), or nil for a list without choice (help).
    public var selected: Int?
    /// The first item shown (the list scrolls to keep the chosen one in view).
    public var firstShown: Int

    /// Creates a panel.
    public init(title: String, items: [Item], selected: Int? = nil, firstShown: Int = 0) {
        self.title = title
        self.items = items
        self.selected = selected
        self.firstShown = firstShown
    }
}

/// A line of input being typed.
public struct Prompt: Hashable, Sendable {
    /// What is asked (`/`, `go to page or %: `, `note: `).
    public var label: String
    /// What has been typed.
    public var text: String

    /// Creates a prompt.
    public init(label: String, text: String = "") {
        self.label = label
        self.text = text
    }
}
