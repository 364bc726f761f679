import ReaderCore
import ReaderXML

/// Everything read from an EPUB at open time: the package, its navigation and its encryption
/// status. Content documents are read later, one at a time.
struct EPUBPublication: Sendable {
    /// The media type the `mimetype` entry must hold.
    static let mediaType = "application/epub+zip"

    /// The package document.
    var package: PackageDocument
    /// The table of contents, page list and landmarks.
    var navigation: Navigation
    /// True when the TOC came from the NCX (EPUB 2, or an EPUB 3 without a usable nav).
    var navigationFromNCX: Bool
    /// Resources only font-obfuscated (readable text, scrambled fonts).
    var obfuscatedPaths: Set<String>
    /// Problems that did not stop the book from opening.
    var typedWarnings: [DocumentWarning]
    /// Their messages.
    var warnings: [String] { typedWarnings.map(\.message) }

    /// Reads container, encryption, package and navigation.
    /// - Throws: ``ReaderError``: malformed when no package can be found or read, encrypted when
    ///   content documents are encrypted (DRM).
    static func load(from resources: any EPUBResources) throws(ReaderError) -> EPUBPublication {
        var containerWarnings = resources.warnings
        checkMimetype(resources, warnings: &containerWarnings)
        let package: PackageDocument
        var recoveryWarnings: [DocumentWarning] = []
        do {
            let packagePath = try locatePackage(resources, warnings: &containerWarnings)
            package = try PackageParser.parse(try resources.read(packagePath), path: packagePath)
        } catch let error as MissingPackage {
            guard let recovered = PackageDocument.recovered(from: resources.paths, missing: error.path) else { throw error.readerError }
            package = recovered
            recoveryWarnings.append(DocumentWarning(
                .damagedContent, severity: .errorRecovered,
                message: "the package document \(error.path) is missing (the archive may be cut short): the \(recovered.spine.count) "
                    + "content documents left are read in the order of the archive, without the book's metadata",
                location: .init(href: error.path)))
        } catch let error as ReaderError {
            throw error
        } catch {
            throw ReaderError(.malformed, reason: "\(error)")
        }
        let packagePath = package.path
        var warnings = containerWarnings.map { DocumentWarning(.container, message: $0) } + recoveryWarnings
        warnings += package.warnings.map { DocumentWarning(.container, message: $0, location: .init(href: packagePath)) }
        let obfuscated = try checkEncryption(resources, package: package)
        for item in package.spine.compactMap({ package.item(id: $0.idref) }) where !resources.contains(item.path) {
            warnings.append(DocumentWarning(.missingResource, severity: .errorRecovered,
                                            message: "spine item \(item.id) points at \(item.path), which is not in the container",
                                            location: .init(href: item.path)))
        }
        var navigationWarnings: [String] = []
        let (navigation, fromNCX) = readNavigation(resources, package: package, warnings: &navigationWarnings)
        warnings += navigationWarnings.map { DocumentWarning(.malformedContent, message: $0) }
        return EPUBPublication(package: package, navigation: navigation, navigationFromNCX: fromNCX,
                               obfuscatedPaths: obfuscated, typedWarnings: warnings)
    }

    /// The package document's metadata, read without looking at encryption, or nil when there is
    /// no readable package.
    static func packageMetadata(in resources: any EPUBResources) -> DocumentMetadata? {
        var warnings: [String] = []
        guard let path = try? locatePackage(resources, warnings: &warnings), let bytes = try? resources.read(path),
              let package = try? PackageParser.parse(bytes, path: path) else { return nil }
        return package.metadata
    }

    private static func checkMimetype(_ resources: any EPUBResources, warnings: inout [String]) {
        guard resources.contains("mimetype") else {
            warnings.append("the container has no mimetype entry")
            return
        }
        guard let bytes = try? resources.read("mimetype") else { return }
        let text = String(decoding: bytes, as: UTF8.self).trimmingASCIIWhitespace()
        if text != mediaType { warnings.append("mimetype is \"\(text.prefix(60))\", not \(mediaType)") }
        if resources.paths.first != "mimetype" { warnings.append("mimetype is not the first entry of the container") }
    }

    /// container.xml names a package document the container does not hold.
    struct MissingPackage: Error {
        var path: String
        var readerError: ReaderError {
            ReaderError(.malformed, reason: "the package document \(path) named by container.xml is missing")
        }
    }

    /// The package path from container.xml or, when that is missing, the only `.opf` in the container.
    /// - Throws: ``MissingPackage`` when container.xml names a package that is not there, else ``ReaderError``.
    private static func locatePackage(_ resources: any EPUBResources, warnings: inout [String]) throws -> String {
        if resources.contains(ContainerDocument.path) {
            let container = try ContainerDocument.parse(try resources.read(ContainerDocument.path))
            guard let path = container.packagePaths.first(where: resources.contains) else {
                let candidates = resources.paths.filter { $0.lowercased().hasSuffix(".opf") }
                guard candidates.count == 1 else { throw MissingPackage(path: container.packagePaths[0]) }
                warnings.append("container.xml names \(container.packagePaths[0]), which is missing; read the only package document, \(candidates[0])")
                return candidates[0]
            }
            if container.packagePaths.count > 1 {
                warnings.append("container.xml lists \(container.packagePaths.count) renditions; the first is read")
            }
            return path
        }
        let candidates = resources.paths.filter { $0.lowercased().hasSuffix(".opf") }
        guard candidates.count == 1 else {
            throw ReaderError(.malformed, reason: "META-INF/container.xml is missing"
                + (candidates.isEmpty ? " and no package document (.opf) was found" : " and \(candidates.count) .opf files are present"))
        }
        warnings.append("META-INF/container.xml is missing; read the only package document, \(candidates[0])")
        return candidates[0]
    }

    /// Refuses books whose content documents are encrypted; returns the font-obfuscated paths.
    private static func checkEncryption(_ resources: any EPUBResources, package: PackageDocument) throws(ReaderError) -> Set<String> {
        guard resources.contains(EncryptionDocument.path) else { return [] }
        let encryption = try EncryptionDocument.parse(try resources.read(EncryptionDocument.path))
        let protected = encryption.protectedPaths
        let content = package.spine.compactMap { package.item(id: $0.idref)?.path }
        let locked = content.filter(protected.contains)
        if !locked.isEmpty {
            let scheme = resources.contains("META-INF/rights.xml") ? " (Adobe ADEPT)" :
                resources.contains("META-INF/sinf.xml") ? " (Apple FairPlay)" : ""
            throw ReaderError(.encrypted, reason: "DRM-protected\(scheme): \(locked.count) of \(content.count) content documents are encrypted")
        }
        return encryption.obfuscatedPaths
    }

    private static func readNavigation(_ resources: any EPUBResources, package: PackageDocument,
                                       warnings: inout [String]) -> (Navigation, fromNCX: Bool) {
        var navigation = Navigation()
        if let nav = package.item(property: "nav") {
            if let document = parseMarkup(resources, path: nav.path, warnings: &warnings) {
                navigation = NavDocumentParser.parse(document, path: nav.path)
            }
            if !navigation.toc.isEmpty { return (navigation, false) }
        }
        let ncx = package.ncxID.flatMap(package.item(id:))
            ?? package.manifest.first { $0.mediaType == "application/x-dtbncx+xml" }
        guard let ncx, let document = parseMarkup(resources, path: ncx.path, warnings: &warnings) else {
            return (navigation, false)
        }
        let fromNCX = NCXParser.parse(document, path: ncx.path)
        navigation.toc = fromNCX.toc
        if navigation.pageList.isEmpty { navigation.pageList = fromNCX.pageList }
        return (navigation, !navigation.toc.isEmpty)
    }

    static func parseMarkup(_ resources: any EPUBResources, path: String, warnings: inout [String]) -> MarkupDocument? {
        do {
            let document = try MarkupDocument.parseXMLOrHTML(try resources.read(path), name: path)
            warnings += document.warnings.prefix(1)
            return document
        } catch let error as ReaderError {
            warnings.append("\(path): \(error.reason)")
        } catch {
            warnings.append("\(error)")
        }
        return nil
    }
}
