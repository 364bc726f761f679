extension EPUBCFI {
    /// Where one location lies relative to another in reading order.
    public enum DocumentOrder: Hashable, Sendable {
        /// The first location comes earlier.
        case before
        /// Both denote the same location (assertions and side bias aside).
        case same
        /// The first location comes later.
        case after
    }

    /// Compares two CFIs by the sorting rules of EPUB CFI 1.1 § 3.2, without opening any document.
    ///
    /// Assertions (ids, text, side bias) are ignored; earlier steps matter more; indices, character
    /// offsets and times compare as numbers; `y` matters more than `x`, time more than place, and
    /// an omitted time or place comes first; where two paths differ in kind, a character offset
    /// (`:`) comes before a child step (`/`), which comes before a temporal-spatial offset (`~`,
    /// `@`), which comes before an indirection (`!`); a path that stops comes before any that
    /// continues it. A path ending at an odd step without an offset is read as `:0` (§ 3.1.4).
    /// Ranges compare by their start, then their end (§ 3.4); a single location is a range
    /// whose end is its start.
    public func compareDocumentOrder(_ other: EPUBCFI) -> DocumentOrder {
        let byStart = start.compareDocumentOrder(other.start)
        guard byStart == .same else { return byStart }
        return end.compareDocumentOrder(other.end)
    }
}

extension EPUBCFI: Comparable {
    /// Document order (``compareDocumentOrder(_:)``); distinct CFIs at the same location are
    /// ordered by their text, so that `<` is a total order consistent with `==`.
    public static func < (lhs: EPUBCFI, rhs: EPUBCFI) -> Bool {
        switch lhs.compareDocumentOrder(rhs) {
        case .before: true
        case .after: false
        case .same: lhs != rhs && lhs.description < rhs.description
        }
    }
}

extension EPUBCFI.Path {
    /// Compares two paths by the sorting rules of EPUB CFI 1.1 § 3.2 (see
    /// ``EPUBCFI/compareDocumentOrder(_:)``).
    public func compareDocumentOrder(_ other: EPUBCFI.Path) -> EPUBCFI.DocumentOrder {
        let lhs = orderTokens
        let rhs = other.orderTokens
        for (left, right) in zip(lhs, rhs) {
            let order = left.compare(right)
            if order != .same { return order }
        }
        return lhs.count < rhs.count ? .before : lhs.count > rhs.count ? .after : .same
    }

    /// The path as the sequence the sorting rules compare: steps, indirections and the offset.
    private var orderTokens: [OrderToken] {
        var tokens: [OrderToken] = []
        for (number, segment) in segments.enumerated() {
            if number > 0 { tokens.append(.indirection) }
            for step in segment { tokens.append(.step(step.index)) }
        }
        switch offset?.kind {
        case .character(let offset)?:
            tokens.append(.character(offset))
        case .spatial(let point)?:
            tokens.append(.temporalSpatial(time: nil, y: point.y, x: point.x))
        case .temporal(let time, let point)?:
            tokens.append(.temporalSpatial(time: time, y: point?.y, x: point?.x))
        case nil:
            if case .step(let index)? = tokens.last, index % 2 == 1 { tokens.append(.character(0)) }
        }
        return tokens
    }

    private enum OrderToken {
        case character(Int)
        case step(Int)
        case temporalSpatial(time: EPUBCFI.Number?, y: EPUBCFI.Number?, x: EPUBCFI.Number?)
        case indirection

        /// The sorting rules' order of step types, least important first.
        private var rank: Int {
            switch self {
            case .character: 0
            case .step: 1
            case .temporalSpatial: 2
            case .indirection: 3
            }
        }

        func compare(_ other: OrderToken) -> EPUBCFI.DocumentOrder {
            switch (self, other) {
            case (.character(let left), .character(let right)), (.step(let left), .step(let right)):
                return Self.order(left, right)
            case (.temporalSpatial(let leftTime, let leftY, let leftX),
                  .temporalSpatial(let rightTime, let rightY, let rightX)):
                for (left, right) in [(leftTime, rightTime), (leftY, rightY), (leftX, rightX)] {
                    let order = Self.order(left, right)
                    if order != .same { return order }
                }
                return .same
            default:
                return Self.order(rank, other.rank)
            }
        }

        private static func order<Value: Comparable>(_ left: Value, _ right: Value) -> EPUBCFI.DocumentOrder {
            left < right ? .before : left > right ? .after : .same
        }

        /// An omitted time or position precedes every given one.
        private static func order(_ left: EPUBCFI.Number?, _ right: EPUBCFI.Number?) -> EPUBCFI.DocumentOrder {
            switch (left, right) {
            case (nil, nil): .same
            case (nil, _): .before
            case (_, nil): .after
            case (let left?, let right?): order(left, right)
            }
        }
    }
}
