/// Counts the bytes one read inflates and refuses them past the first cap they cross.
struct ZipInflationMeter {
    /// The caps in the order they are checked: limits first, so a header that lies by claiming
    /// exactly the limit still reads as the limit being reached.
    private enum Cap: CaseIterable {
        case entry, total, ratio, declared
    }

    private let entry: ZipEntry
    private let limits: ZipLimits
    private let earlier: Int
    /// The bytes inflated so far.
    private(set) var produced = 0

    /// - Parameter earlier: the bytes earlier reads of the archive inflated.
    init(entry: ZipEntry, limits: ZipLimits, earlier: Int) {
        self.entry = entry
        self.limits = limits
        self.earlier = earlier
    }

    private func bound(_ cap: Cap) -> Int {
        switch cap {
        case .entry: return limits.maxEntryBytes
        case .total: return max(0, limits.maxTotalBytes - earlier)
        case .ratio:
            let allowed = entry.compressedSize.multipliedReportingOverflow(by: limits.maxCompressionRatio)
            return max(limits.ratioGraceBytes, allowed.overflow ? .max : allowed.partialValue)
        case .declared: return entry.size
        }
    }

    private func error(_ cap: Cap) -> ZipError {
        let name = entry.name
        switch cap {
        case .entry:
            return ZipError(.limitExceeded, entry: name,
                            reason: "'\(name)' inflates past the limit of \(limits.maxEntryBytes) bytes per entry")
        case .total:
            return ZipError(.limitExceeded, entry: name,
                            reason: "reading '\(name)' takes the archive past its limit of \(limits.maxTotalBytes) inflated bytes")
        case .ratio:
            return ZipError(.limitExceeded, entry: name,
                            reason: "'\(name)' inflates to more than \(limits.maxCompressionRatio) times its \(entry.compressedSize) compressed bytes (a zip bomb)")
        case .declared:
            return ZipError(.malformed, entry: name,
                            reason: "'\(name)' inflates to more than the \(entry.size) bytes its header declares")
        }
    }

    /// How many bytes to ask for next: at most `chunk`, and one past the nearest cap, so a
    /// crossing is seen without inflating further.
    func nextRequest(chunk: Int) -> Int {
        let nearest = Cap.allCases.map(bound).min() ?? 0
        return min(chunk, nearest - produced + 1)
    }

    /// Counts `count` more bytes.
    /// - Throws: the error of the first cap now crossed.
    mutating func record(_ count: Int) throws(ZipError) {
        produced += count
        if let crossed = Cap.allCases.first(where: { produced > bound($0) }) { throw error(crossed) }
    }

    /// Checks, at the end of the entry, that it was as long as declared.
    func finish() throws(ZipError) {
        guard produced == entry.size else {
            throw ZipError(.malformed, entry: entry.name,
                           reason: "'\(entry.name)' inflates to \(produced) bytes, but its header declares \(entry.size)")
        }
    }
}
