import ReaderCore

/// GitHub's alerts: a block quote whose first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`,
/// `[!WARNING]` or `[!CAUTION]` is shown with the label (`Note:`) in place of the marker.
enum GitHubAlert {
    /// The markers and the labels shown for them.
    static let labels: [(marker: String, label: String)] = [
        ("[!NOTE]", "Note:"), ("[!TIP]", "Tip:"), ("[!IMPORTANT]", "Important:"),
        ("[!WARNING]", "Warning:"), ("[!CAUTION]", "Caution:"),
    ]

    /// Replaces a leading alert marker that ends its source line with its label in strong type. The label is made text, with no source of its own; the rest keeps
    /// its source map and runs, moved by the difference in length.
    static func relabel(_ inline: inout MarkdownBlockBuilder.InlineText, source: [UInt16]) {
        let units = Array(inline.text.utf16)
        guard let (marker, label) = labels.first(where: { entry in
            let marker = Array(entry.marker.utf16)
            return units.count >= marker.count && zip(units, marker).allSatisfy { $0 == $1 || $0 | 0x20 == $1 | 0x20 }
                && (units.count == marker.count || [0x20, 0x0A].contains(units[marker.count]))
        }) else { return }
        let cut = marker.utf16.count, added = label.utf16.count, shift = added - cut
        guard let last = inline.map.sourceOffset(forTextOffset: cut - 1) else { return }
        var after = last + 1
        while after < source.count, source[after] == 0x20 || source[after] == 0x09 { after += 1 }
        guard after >= source.count || source[after] == 0x0A || source[after] == 0x0D else { return }
        var map = SourceMap()
        for run in inline.map.runs where run.textEnd > cut {
            let dropped = max(0, cut - run.textStart)
            map.append(textStart: run.textStart + dropped + shift, sourceStart: run.sourceStart + dropped,
                       length: run.length - dropped)
        }
        var runs: [InlineRun] = inline.runs.compactMap { run in
            guard run.range.upperBound > cut else { return nil }
            return InlineRun(run.style, range: (max(cut, run.range.lowerBound) + shift)..<(run.range.upperBound + shift))
        }
        runs.append(InlineRun(.strong, range: 0..<added))
        inline.text = label + String(decoding: units[cut...], as: UTF16.self)
        inline.length += shift
        inline.map = map
        inline.runs = runs
    }
}
