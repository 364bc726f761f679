import Foundation

/// One section read from a document and laid out in lines on a thread of its own, while the
/// section before it is written: a whole text streamed in order keeps both cores busy.
final class SectionReadAhead: @unchecked Sendable {
    // @unchecked: `outcome` is read and written only while `condition` is held.

    /// The section being read.
    let section: Int
    private let condition = NSCondition()
    /// Nil while the section is being read; then its blocks and lines, or nil when reading failed.
    private var outcome: (blocks: [Block], lines: LaidOutSection)??

    /// Starts reading `section` of `document` for `use` and laying it out at `columns` cells.
    init(document: any Document, section: Int, use: SectionUse, columns: Int) {
        self.section = section
        // A thread of its own rather than a global queue's: the read may wait for the document
        // building the section on a queue thread, which must not be starved of one.
        let thread = Thread { [self] in
            let blocks = try? document.layoutContent(ofSection: section, use: use).blocks
            let read = blocks.map { (blocks: $0, lines: LaidOutSection(blocks: $0, columns: columns)) }
            condition.withLock {
                outcome = .some(read)
                condition.broadcast()
            }
        }
        thread.start()
    }

    /// The section's blocks and lines, waiting for them; nil when reading it failed (the caller
    /// then asks the document itself, and gets its error).
    func result() -> (blocks: [Block], lines: LaidOutSection)? {
        condition.lock()
        defer { condition.unlock() }
        while outcome == nil { condition.wait() }
        return outcome!
    }
}
