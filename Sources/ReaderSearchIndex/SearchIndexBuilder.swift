import Foundation
import GRDB
import ReaderCore
import ReaderSearch

/// Writes one document's search index: folds each section with ``TextFolding/full``, stores it as a
/// row of `section_text` (rowid = section index), and the seams between running-on sections as rows
/// of `seam_text` (rowid = the `seam` row naming the sections it joins).
struct SearchIndexBuilder {
    let document: any Document
    let path: String

    func build() throws(ReaderError) -> SearchIndexSummary {
        let started = Date()
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = path + ".\(ProcessInfo.processInfo.processIdentifier).building"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ReaderError(.unreadable, file: directory, reason: "cannot create the search index directory")
        }
        unlink(temporary)
        defer { unlink(temporary) }
        let fingerprint = try document.fingerprint().description
        var summary = SearchIndexSummary(path: path, sections: document.readingOrder.count, sectionsWithText: 0, seams: 0,
                                         foldedBytes: 0, databaseBytes: 0, seconds: 0)
        do {
            let database = try DatabaseQueue(path: temporary)
            try database.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
                try db.execute(sql: "PRAGMA application_id = \(SearchIndexSchema.applicationID)")
                try db.execute(sql: "PRAGMA user_version = \(SearchIndexSchema.version)")
                try db.inTransaction {
                    try db.execute(sql: SearchIndexSchema.create)
                    try insertSections(db, summary: &summary)
                    var meta = SearchIndexSchema.expectedMeta(fingerprint: fingerprint, sectionCount: summary.sections)
                    meta["complete"] = nil
                    for (key, value) in meta {
                        try db.execute(sql: "INSERT INTO meta(key, value) VALUES (?, ?)", arguments: [key, value])
                    }
                    return .commit
                }
                try db.execute(sql: "INSERT INTO section_text(section_text) VALUES ('optimize')")
                try db.execute(sql: "INSERT INTO seam_text(seam_text) VALUES ('optimize')")
                // Marked complete last: a build cut short leaves an index that is never used.
                try db.execute(sql: "INSERT INTO meta(key, value) VALUES ('complete', '1')")
            }
            try database.close()
        } catch let error as ReaderError {
            throw error
        } catch {
            throw ReaderError(.unreadable, file: path, reason: "cannot write the search index: \(error)", cause: error)
        }
        guard rename(temporary, path) == 0 else {
            throw ReaderError(.unreadable, file: path, reason: "cannot move the search index into place")
        }
        summary.databaseBytes = ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? 0
        summary.seconds = Date().timeIntervalSince(started)
        return summary
    }

    private func insertSections(_ db: Database, summary: inout SearchIndexSummary) throws {
        let folder = TextFolder(.full)
        var seams = SeamCollector(reach: SearchIndexSchema.seamReach)
        let insertSection = try db.makeStatement(sql: "INSERT INTO section_text(rowid, text) VALUES (?, ?)")
        let insertSeam = try db.makeStatement(sql: "INSERT INTO seam(id, first_section, last_section) VALUES (?, ?, ?)")
        let insertSeamText = try db.makeStatement(sql: "INSERT INTO seam_text(rowid, text) VALUES (?, ?)")
        func store(_ completed: [SeamCollector.Seam]) throws {
            for seam in completed {
                let text = String(decoding: seam.text, as: UTF16.self)
                try insertSeam.execute(arguments: [summary.seams, seam.firstSection, seam.lastSection])
                try insertSeamText.execute(arguments: [summary.seams, text])
                summary.seams += 1
                summary.foldedBytes += text.utf8.count
            }
        }
        document.willReadSequentially()
        for section in document.readingOrder {
            let folded = folder.foldedStream(of: try document.content(ofSection: section.index))
            let startsNewPage = section.index == 0 || section.startsNewPage
            try store(seams.add(section: section.index, folded: Array(folded.utf16), startsNewPage: startsNewPage))
            guard !folded.isEmpty else { continue }
            try insertSection.execute(arguments: [section.index, folded])
            summary.sectionsWithText += 1
            summary.foldedBytes += folded.utf8.count
        }
        try store(seams.finish())
    }
}
