import Foundation
import ReaderCore
import ReaderFetch
import ReaderOPDS

/// Downloads a publication of a catalog page: the entry chosen by number, id or title, its best
/// acquisition link (open access or generic first, then by format: EPUB, PDF, AZW3/MOBI, others),
/// streamed into a file of a folder under a name from the server or the title.
public enum OPDSDownload {
    /// The publication an entry argument names: a 1-based number in the page's order (groups'
    /// publications after the page's own), else an exact id, else a title (exact, then the one
    /// title containing the words, case aside).
    /// - Throws: ``ReaderCore/ReaderError`` `invalidArgument` when nothing or several titles match.
    public static func publication(_ entry: String, in page: OPDSCatalog) throws(ReaderError) -> OPDSPublication {
        let all = page.publications + page.groups.flatMap(\.publications)
        if let number = Int(entry) {
            guard (1...max(1, all.count)).contains(number), !all.isEmpty else {
                throw ReaderError(.invalidArgument, file: entry, reason: "the page lists \(all.count) publications; no number \(number)")
            }
            return all[number - 1]
        }
        if let match = all.first(where: { $0.id == entry }) { return match }
        if let match = all.first(where: { $0.title == entry }) { return match }
        let matches = all.filter { $0.title.range(of: entry, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
        guard matches.count == 1 else {
            let reason = matches.isEmpty ? "no publication on the page has this number, id or title"
                : "\(matches.count) publications match; give its number or id"
            throw ReaderError(.invalidArgument, file: entry, reason: reason)
        }
        return matches[0]
    }

    /// The acquisition to download: one that needs no purchase, of the format read best.
    /// - Throws: ``ReaderCore/ReaderError`` `unsupportedOperation` when the publication offers none.
    public static func acquisition(of publication: OPDSPublication) throws(ReaderError) -> OPDSAcquisition {
        let usable = publication.acquisitions.filter { [.openAccess, .generic, .borrow, .sample].contains($0.kind) }
        let ranked = usable.enumerated().sorted { left, right in
            let l = (rank(left.element.kind), formatRank(left.element.finalType)), r = (rank(right.element.kind), formatRank(right.element.finalType))
            return l != r ? l < r : left.offset < right.offset
        }
        guard let best = ranked.first?.element else {
            throw ReaderError(.unsupportedOperation, file: publication.title,
                              reason: "the publication offers no acquisition to download (only: \(publication.acquisitions.map(\.kind.rawValue).joined(separator: ", ")))")
        }
        return best
    }

    /// Downloads `acquisition` into `folder` (created when missing), never over an existing file
    /// (`-2`, `-3`, … before the extension), through a temporary file renamed at the end.
    /// - Returns: the path written.
    public static func download(_ acquisition: OPDSAcquisition, of publication: OPDSPublication, into folder: String,
                                using fetcher: HTTPFetcher) async throws(ReaderError) -> String {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ReaderError(.unreadable, file: folder, reason: "cannot make the folder: \(error.localizedDescription)", cause: error)
        }
        let temporary = URL(fileURLWithPath: folder).appendingPathComponent(".download-\(UUID().uuidString.prefix(8))").path
        let resource: FetchedResource
        do throws(ReaderError) {
            resource = try await fetcher.download(acquisition.link.href, to: temporary)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        let name = fileName(for: publication, acquisition: acquisition, resource: resource)
        var destination = URL(fileURLWithPath: folder).appendingPathComponent(name)
        var number = 1
        while FileManager.default.fileExists(atPath: destination.path) {
            number += 1
            let base = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
            let ext = URL(fileURLWithPath: name).pathExtension
            destination = URL(fileURLWithPath: folder).appendingPathComponent("\(base)-\(number)" + (ext.isEmpty ? "" : ".\(ext)"))
        }
        guard rename(temporary, destination.path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw ReaderError(.unreadable, file: destination.path, reason: "cannot move the download into place: \(String(cString: strerror(errno)))")
        }
        return destination.path
    }

    /// The file's name: the server's `Content-Disposition` file name, else the title's slug, with
    /// the extension of the media type (else of the address); never a path.
    static func fileName(for publication: OPDSPublication, acquisition: OPDSAcquisition, resource: FetchedResource) -> String {
        if let disposition = resource.contentDisposition, let given = dispositionFileName(disposition) {
            let safe = given.split(separator: "/").last.map(String.init)?.replacingOccurrences(of: "\\", with: "_") ?? ""
            if !safe.isEmpty, safe != ".", safe != "..", !safe.hasPrefix(".") { return String(safe.prefix(120)) }
        }
        var stem = ""
        var dash = false
        for scalar in publication.title.applyingTransform(.stripDiacritics, reverse: false)?.lowercased().unicodeScalars ?? "".unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar), scalar.isASCII {
                if dash, !stem.isEmpty { stem += "-" }
                dash = false
                stem.unicodeScalars.append(scalar)
            } else {
                dash = true
            }
        }
        stem = String(stem.prefix(60))
        if stem.isEmpty { stem = "download" }
        let type = (resource.mediaType ?? acquisition.link.baseType ?? "").lowercased()
        let ext = extensions[type] ?? {
            let last = URL(string: resource.url)?.pathExtension.lowercased() ?? ""
            return last.isEmpty || last.count > 5 ? "bin" : last
        }()
        return stem + "." + ext
    }

    static let extensions = [
        "application/epub+zip": "epub", "application/pdf": "pdf", "application/x-mobipocket-ebook": "mobi",
        "application/vnd.amazon.ebook": "azw3", "application/x-mobi8-ebook": "azw3", "text/plain": "txt",
        "text/markdown": "md", "text/html": "html", "application/x-cbz": "cbz", "application/vnd.comicbook+zip": "cbz",
        "application/x-fictionbook+xml": "fb2",
    ]

    private static func dispositionFileName(_ header: String) -> String? {
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            if pair[0].lowercased() == "filename*", let range = pair[1].range(of: "''") {
                return String(pair[1][range.upperBound...]).removingPercentEncoding
            }
            if pair[0].lowercased() == "filename" { return pair[1].trimmingCharacters(in: ["\""]) }
        }
        return nil
    }

    private static func rank(_ kind: OPDSAcquisition.Kind) -> Int {
        switch kind {
        case .openAccess: 0
        case .generic: 1
        case .borrow: 2
        default: 3
        }
    }

    private static func formatRank(_ type: String?) -> Int {
        switch type?.lowercased() {
        case "application/epub+zip"?: 0
        case "application/pdf"?: 1
        case "application/vnd.amazon.ebook"?, "application/x-mobi8-ebook"?, "application/x-mobipocket-ebook"?: 2
        case "text/plain"?, "text/html"?, "text/markdown"?: 3
        default: 4
        }
    }
}
