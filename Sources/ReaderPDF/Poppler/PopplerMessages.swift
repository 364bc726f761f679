import Foundation
import Synchronization
internal import CPopplerGlib

/// Messages poppler logged while this object was collecting: its parser's "Syntax Error" and
/// "Internal Error" lines about a damaged file, and GLib warnings from poppler-glib.
///
/// poppler-glib routes poppler's error callback through `g_log` in the "Poppler" domain at the
/// INFO level, which GLib prints only with `G_MESSAGES_DEBUG` set. One handler for that domain,
/// installed once, hands every message to the collector of the call that caused it (a task-local
/// value, so concurrent documents keep their own messages); outside any collecting call a
/// message goes to GLib's default handler, as it would without us.
final class PopplerMessages: Sendable {
    /// The most messages kept; past it only a count grows, so a hostile file cannot fill memory.
    static let limit = 50

    /// The kept messages, the set of them (for repeats) and the count of those past the limit.
    private let state = Mutex<(messages: [String], seen: Set<String>, dropped: Int)>(([], [], 0))

    /// The distinct messages in order, then one line counting those past ``limit``.
    var lines: [String] {
        state.withLock { state in
            state.dropped == 0 ? state.messages : state.messages + ["\(state.dropped) more poppler messages"]
        }
    }

    /// The most recent message, if any.
    var last: String? { state.withLock { $0.messages.last } }

    /// Runs `body` with poppler's messages going to this collector.
    func collecting<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        _ = Self.handlerInstalled
        let result = Self.$current.withValue(self) { Result { () throws(E) -> T in try body() } }
        return try result.get()
    }

    /// Keeps `message` unless it is a repeat; past ``limit`` only counts it.
    private func append(_ message: String) {
        state.withLock { state in
            // poppler reads a page's content once per question asked of it, so a damaged page
            // repeats its complaints.
            guard !state.seen.contains(message) else { return }
            if state.messages.count < Self.limit {
                state.seen.insert(message)
                state.messages.append(message)
            } else {
                state.dropped += 1
            }
        }
    }

    /// The collector of the call running on this thread's task, if any.
    @TaskLocal private static var current: PopplerMessages?

    /// Installs the "Poppler" log handler, once per process (`g_log_set_handler`).
    private static let handlerInstalled: Void = {
        let levels = G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_MESSAGE.rawValue
            | G_LOG_LEVEL_INFO.rawValue | G_LOG_LEVEL_DEBUG.rawValue
        _ = g_log_set_handler("Poppler", GLogLevelFlags(rawValue: levels), { domain, level, message, data in
            guard let collector = PopplerMessages.current else {
                g_log_default_handler(domain, level, message, data)
                return
            }
            let text = message.map { String(cString: $0) } ?? ""
            collector.append(text.trimmingCharacters(in: .whitespacesAndNewlines))
        }, nil)
    }()
}
