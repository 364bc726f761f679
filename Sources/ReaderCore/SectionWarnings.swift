import Synchronization

/// The warnings of the sections converted so far, gathered as they are read, for a backend's
/// ``Document/warnings``. Thread-safe.
package final class SectionWarnings: Sendable {
    private let bySection = Mutex<[Int: [DocumentWarning]]>([:])

    /// An empty record.
    package init() {}

    /// Records a section's warnings; recording a section again (after its conversion was evicted
    /// from a cache and redone) replaces them.
    package func record(_ warnings: [DocumentWarning], section: Int) {
        bySection.withLock { $0[section] = warnings }
    }

    /// True when the section's warnings were recorded (the section was read).
    package func hasRecorded(section: Int) -> Bool {
        bySection.withLock { $0[section] != nil }
    }

    /// Every recorded warning, in section order.
    package var all: [DocumentWarning] {
        bySection.withLock { table in table.keys.sorted().flatMap { table[$0]! } }
    }
}
