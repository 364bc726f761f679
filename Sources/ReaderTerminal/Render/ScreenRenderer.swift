/// Draws a frame: a pure function from a ``ScreenModel`` to a ``Screen`` of exactly `rows`
/// lines, each at most `columns` cells, with no control character in it.
public enum ScreenRenderer {
    /// The screen for `model`.
    public static func render(_ model: ScreenModel) -> Screen {
        let unicode = model.capabilities.unicode
        let pageRows = max(0, model.rows - 1)
        var lines: [ScreenLine]
        if let panel = model.panel {
            lines = panelLines(panel, rows: pageRows, columns: model.columns, unicode: unicode)
        } else if model.image != nil {
            lines = []
        } else {
            lines = Array(model.page.prefix(pageRows)).map { DisplayText.clipped(DisplayText.safe($0, unicode: unicode), to: model.columns) }
        }
        while lines.count < pageRows { lines.append(ScreenLine()) }
        if model.rows > 0 { lines.append(statusLine(model)) }
        return Screen(columns: model.columns, lines: lines, image: model.image)
    }

    /// The bottom line: the prompt being typed, else the status.
    static func statusLine(_ model: ScreenModel) -> ScreenLine {
        let unicode = model.capabilities.unicode
        if let prompt = model.prompt {
            let text = DisplayText.line(prompt.label + prompt.text, unicode: unicode)
            // The end of what was typed stays in view.
            var shown = text
            while DisplayText.width(shown) > model.columns - 1, !shown.isEmpty { shown.removeFirst() }
            var line = ScreenLine(shown)
            line.append("_", TextAttributes(reverse: true))
            return DisplayText.clipped(line, to: model.columns)
        }
        let text = model.status.line(columns: model.columns, unicode: unicode)
        return DisplayText.clipped(ScreenLine(text, TextAttributes(bold: model.status.isError, reverse: true)), to: model.columns)
    }

    /// A panel: its title, then as many items as fit from `firstShown`, the chosen one reversed and
    /// marked ones flagged with `▸` (`>` in ASCII).
    static func panelLines(_ panel: Panel, rows: Int, columns: Int, unicode: Bool) -> [ScreenLine] {
        guard rows > 0 else { return [] }
        var lines = [DisplayText.clipped(ScreenLine(DisplayText.line(panel.title, unicode: unicode), TextAttributes(bold: true)),
                                         to: columns)]
        let room = rows - 1
        let first = max(0, min(panel.firstShown, max(0, panel.items.count - room)))
        for index in panel.items.indices.dropFirst(first).prefix(room) {
            let item = panel.items[index]
            let marker = item.isMarked ? (unicode ? "▸ " : "> ") : "  "
            let text = marker + DisplayText.line(item.text, unicode: unicode)
            let attributes = TextAttributes(bold: item.isMarked, reverse: index == panel.selected)
            var line = ScreenLine(DisplayText.truncated(text, to: columns, unicode: unicode), attributes)
            if index == panel.selected {
                // The chosen line is reversed across the whole width.
                let width = DisplayText.width(line.text)
                if width < columns { line.append(String(repeating: " ", count: columns - width), attributes) }
            }
            lines.append(line)
        }
        return lines
    }

    /// The first item to show so that `selected` is in view in `rows - 1` lines, moving as little as
    /// possible from `current`.
    public static func scrolled(current: Int, selected: Int, rows: Int) -> Int {
        let room = max(1, rows - 2)
        if selected < current { return selected }
        if selected >= current + room { return selected - room + 1 }
        return current
    }
}
