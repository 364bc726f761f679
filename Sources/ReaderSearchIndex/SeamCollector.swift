/// Collects the seams of the folded stream: where one section's text runs on into the next (no
/// page break between them), the last ``SearchIndexSchema/seamReach`` units before the boundary
/// and the first ones after it, joined by the space the search puts there. A match that crosses the
/// boundary and is at most `seamReach - 1` units long lies inside the seam's text.
///
/// Either side may span several sections when sections are short (PDF pages with a heading alone);
/// a seam names the first and last section its text comes from, and a search must scan all of them
/// (empty ones between included) for its carry-over to see the same text.
struct SeamCollector {
    struct Seam {
        var text: [UInt16]
        var firstSection: Int
        var lastSection: Int
    }

    private struct Pending {
        var tail: [UInt16]
        var head: [UInt16] = []
        var firstSection: Int
        var lastSection: Int
    }

    let reach: Int
    private var tail: [UInt16] = []
    /// The sections the tail's units come from, with how many units each gave, oldest first.
    private var tailSources: [(section: Int, count: Int)] = []
    private var pending: [Pending] = []

    init(reach: Int) {
        self.reach = reach
    }

    /// Adds the next section's folded stream; returns the seams it completed.
    mutating func add(section: Int, folded: [UInt16], startsNewPage: Bool) -> [Seam] {
        var completed: [Seam] = []
        if startsNewPage {
            completed = finish()
        }
        guard !folded.isEmpty else {
            for index in pending.indices { pending[index].lastSection = section }
            return completed
        }
        if !tail.isEmpty {
            pending.append(Pending(tail: tail, firstSection: tailSources.first?.section ?? section, lastSection: section))
        }
        var stillPending: [Pending] = []
        for var seam in pending {
            if !seam.head.isEmpty { seam.head.append(0x20) }
            seam.head.append(contentsOf: folded.prefix(reach - seam.head.count))
            seam.lastSection = section
            if seam.head.count >= reach { completed.append(Self.seam(seam)) } else { stillPending.append(seam) }
        }
        pending = stillPending
        appendToTail(section: section, folded: folded)
        return completed
    }

    /// The seams still waiting for text after them, completed with what there is.
    mutating func finish() -> [Seam] {
        let completed = pending.map(Self.seam)
        pending = []
        tail = []
        tailSources = []
        return completed
    }

    private mutating func appendToTail(section: Int, folded: [UInt16]) {
        if !tail.isEmpty {
            tail.append(0x20)
            tailSources[tailSources.count - 1].count += 1
        }
        tail.append(contentsOf: folded.suffix(reach))
        tailSources.append((section, min(folded.count, reach)))
        var excess = tail.count - reach
        guard excess > 0 else { return }
        tail.removeFirst(excess)
        while excess > 0, let first = tailSources.first {
            if first.count <= excess {
                excess -= first.count
                tailSources.removeFirst()
            } else {
                tailSources[0].count -= excess
                excess = 0
            }
        }
    }

    private static func seam(_ pending: Pending) -> Seam {
        var tail = pending.tail[...], head = pending.head[...]
        // Never keep half a surrogate pair at the cut ends.
        if let first = tail.first, UTF16.isTrailSurrogate(first) { tail = tail.dropFirst() }
        if let last = head.last, UTF16.isLeadSurrogate(last) { head = head.dropLast() }
        return Seam(text: Array(tail) + [0x20] + Array(head), firstSection: pending.firstSection, lastSection: pending.lastSection)
    }
}
