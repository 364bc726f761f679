import ReaderCore

/// The one line `reader open` prints on stderr when the file was read around damage or problems:
/// how many, the worst first, and where to see them all.
enum WarningNotice {
    /// `reader: warning: FILE: 2 problems reading this file (chapter-3.xhtml is damaged …); reader info lists them`,
    /// or nil when there are none but notes (severity `info`).
    static func line(file: String, warnings: [DocumentWarning]) -> String? {
        let shown = warnings.filter { $0.severity != .info }
        guard !shown.isEmpty else { return nil }
        let worst = shown.first { $0.severity == .errorRecovered } ?? shown[0]
        let count = shown.count == 1 ? "1 problem" : "\(shown.count) problems"
        let message = worst.message.count > 160 ? String(worst.message.prefix(159)) + "…" : worst.message
        let firstLine = message.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return "reader: warning: \(file): \(count) reading this file (\(firstLine)); `reader info` lists them"
    }
}
