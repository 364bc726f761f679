import ReaderCore

/// A block's text and runs as a flat, properly nested sequence: text, a style opening, a style
/// closing, an image. Runs that overlap without nesting are closed and opened again around the
/// point where they cross, so every renderer can write them as nested markup.
enum InlineEvent: Equatable {
    /// Text to write (never empty).
    case text(String)
    /// A style starts.
    case open(InlineStyle)
    /// The style opened last and still open ends.
    case close(InlineStyle)
    /// An image stands here; the text its run covers (its alternative text) is not repeated.
    case image(ImageReference)
    /// Markup of the caller's own (an empty anchor, a page-break marker) to write as it is.
    case marker(String)
}

extension InlineEvent {
    /// The events of `text` with `runs` (UTF-16 ranges, as ``Block/runs`` keeps them).
    /// - Parameter trimmingWhitespace: whether style runs give up the white space at their edges
    ///   (Markdown's delimiters do not work next to it).
    /// - Parameter markers: markup to put at UTF-16 offsets of the text (after the styles that
    ///   open there, before an image there), sorted by offset.
    static func events(text: String, runs: [InlineRun], trimmingWhitespace: Bool = false,
                       markers: [InlineMarker] = []) -> [InlineEvent] {
        guard !runs.isEmpty || !markers.isEmpty else { return text.isEmpty ? [] : [.text(text)] }
        let units = Array(text.utf16)
        var styles: [InlineRun] = []
        var images: [InlineRun] = []
        for run in runs {
            let lower = min(max(run.range.lowerBound, 0), units.count)
            let upper = min(max(run.range.upperBound, lower), units.count)
            var clamped = InlineRun(run.style, range: lower..<upper)
            if case .image = run.style {
                images.append(clamped)
                continue
            }
            if trimmingWhitespace { clamped.range = trimmed(clamped.range, in: units) }
            if !clamped.range.isEmpty { styles.append(clamped) }
        }
        styles = joiningTouching(styles)
        var boundaries = Set([0, units.count])
        for run in styles + images { boundaries.insert(run.range.lowerBound); boundaries.insert(run.range.upperBound) }
        let markers = markers.map { InlineMarker(offset: min(max($0.offset, 0), units.count), markup: $0.markup) }
        for marker in markers { boundaries.insert(marker.offset) }
        let points = boundaries.sorted()
        var nextMarker = 0

        var events: [InlineEvent] = []
        var stack: [Int] = []  // indices into `styles`
        var nextImage = 0
        var skipUntil = 0
        for (position, point) in points.enumerated() {
            let end = position + 1 < points.count ? points[position + 1] : point
            let active = styles.indices.filter { styles[$0].range.lowerBound <= point && point < styles[$0].range.upperBound }
            let activeSet = Set(active)
            if let firstInactive = stack.firstIndex(where: { !activeSet.contains($0) }) {
                for index in stack[firstInactive...].reversed() { events.append(.close(styles[index].style)) }
                stack.removeSubrange(firstInactive...)
            }
            for index in active where !stack.contains(index) {
                events.append(.open(styles[index].style))
                stack.append(index)
            }
            while nextMarker < markers.count, markers[nextMarker].offset <= point {
                events.append(.marker(markers[nextMarker].markup))
                nextMarker += 1
            }
            while nextImage < images.count, images[nextImage].range.lowerBound <= point {
                if case .image(let reference) = images[nextImage].style { events.append(.image(reference)) }
                skipUntil = max(skipUntil, images[nextImage].range.upperBound)
                nextImage += 1
            }
            let start = max(point, skipUntil)
            if start < end { events.append(.text(String(decoding: units[start..<end], as: UTF16.self))) }
        }
        for index in stack.reversed() { events.append(.close(styles[index].style)) }
        return events
    }

    /// Runs of one style that touch (`<em>b</em><em>y</em>`) as one run: written apart, their
    /// delimiters would meet (`*b**y*`), which Markdown reads as other emphasis.
    private static func joiningTouching(_ runs: [InlineRun]) -> [InlineRun] {
        var result: [InlineRun] = []
        for run in runs {
            if let index = result.lastIndex(where: { $0.style == run.style && $0.range.upperBound == run.range.lowerBound }) {
                result[index].range = result[index].range.lowerBound..<run.range.upperBound
            } else {
                result.append(run)
            }
        }
        return result
    }

    private static func trimmed(_ range: Range<Int>, in units: [UInt16]) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, isSpace(units[lower]) { lower += 1 }
        while upper > lower, isSpace(units[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    private static func isSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x0A || unit == 0x09 || unit == 0xA0 || unit == 0x200B
    }
}
