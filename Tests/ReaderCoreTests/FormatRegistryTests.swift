import Foundation
import ReaderCore
import Testing

/// The generic part of sniffing: priorities, ties, the empty-file rule and extension lookups,
/// with sniffers of made-up formats.
@Suite struct FormatRegistryTests {
    /// Claims every sample that starts with `magic`.
    struct PrefixSniffer: FormatSniffing {
        var format: DocumentFormat
        var magic: String
        var priority: Int

        func sniff(_ sample: SniffSample) -> FormatSniffer.Result? {
            sample.hasPrefix(Array(magic.utf8)) ? FormatSniffer.Result(format: format, evidence: .magicBytes) : nil
        }
    }

    /// Claims any text, as a plain-text backend's last resort does.
    struct AnyText: FormatSniffing {
        var priority: Int { -200 }
        func sniff(_ sample: SniffSample) -> FormatSniffer.Result? {
            sample.isText ? FormatSniffer.Result(format: .txt, evidence: sample.textEvidence) : nil
        }
    }

    let alpha = DocumentFormat(rawValue: "alpha")!
    let beta = DocumentFormat(rawValue: "beta")!

    private func descriptor(_ format: DocumentFormat, _ extensions: [String]) -> FormatDescriptor {
        FormatDescriptor(format: format, displayName: format.rawValue.uppercased(), mediaType: "application/x-\(format)",
                         fileExtensions: extensions)
    }

    @Test("the higher priority wins between two claimants, whatever the registration order")
    func priorityDecides() {
        let bytes = Array("MAGIC and more".utf8)
        let alphaLow = PrefixSniffer(format: alpha, magic: "MAGIC", priority: 10)
        let betaHigh = PrefixSniffer(format: beta, magic: "MAGIC", priority: 20)
        for sniffers in [[alphaLow, betaHigh], [betaHigh, alphaLow]] {
            let registry = FormatRegistry(descriptors: [], sniffers: sniffers)
            #expect(registry.sniff(sample: bytes, fileExtension: nil) == .init(format: beta, evidence: .magicBytes))
        }
        let alphaHigh = PrefixSniffer(format: alpha, magic: "MAGIC", priority: 30)
        let registry = FormatRegistry(descriptors: [], sniffers: [betaHigh, alphaHigh])
        #expect(registry.sniff(sample: bytes, fileExtension: nil)?.format == alpha)
    }

    @Test("equal priorities run in registration order; a sniffer that declines passes the sample on")
    func tiesAndDeclines() {
        let bytes = Array("MAGIC".utf8)
        let first = PrefixSniffer(format: alpha, magic: "MAGIC", priority: 5)
        let second = PrefixSniffer(format: beta, magic: "MAGIC", priority: 5)
        #expect(FormatRegistry(descriptors: [], sniffers: [first, second]).sniff(sample: bytes, fileExtension: nil)?.format == alpha)
        #expect(FormatRegistry(descriptors: [], sniffers: [second, first]).sniff(sample: bytes, fileExtension: nil)?.format == beta)
        let other = PrefixSniffer(format: alpha, magic: "OTHER", priority: 50)
        #expect(FormatRegistry(descriptors: [], sniffers: [other, second]).sniff(sample: bytes, fileExtension: nil)?.format == beta)
        #expect(FormatRegistry(descriptors: [], sniffers: [other]).sniff(sample: bytes, fileExtension: nil) == nil)
    }

    @Test("an empty file is its extension's format unless a sniffer that claims it agrees")
    func emptyFiles() {
        let registry = FormatRegistry(descriptors: [descriptor(alpha, ["al"]), descriptor(.txt, ["txt"])], sniffers: [AnyText()])
        #expect(registry.sniff(sample: [], fileExtension: "AL") == .init(format: alpha, evidence: .fileExtension))
        #expect(registry.sniff(sample: [], fileExtension: "txt") == .init(format: .txt, evidence: .textHeuristic))
        #expect(registry.sniff(sample: [], fileExtension: "unheard-of") == .init(format: .txt, evidence: .textHeuristic))
        #expect(registry.sniff(sample: [], fileExtension: nil) == .init(format: .txt, evidence: .textHeuristic))
    }

    @Test("text and binary, byte order marks")
    func genericChecks() {
        let registry = FormatRegistry(descriptors: [], sniffers: [AnyText()])
        #expect(registry.sniff(sample: [0xEF, 0xBB, 0xBF, 0x41], fileExtension: nil)?.evidence == .byteOrderMark)
        #expect(registry.sniff(sample: Array("plain".utf8), fileExtension: nil)?.evidence == .textHeuristic)
        let binary: [UInt8] = (0..<512).map { UInt8(($0 * 37 + 11) % 256) }
        #expect(registry.sniff(sample: binary, fileExtension: nil) == nil)
        let sample = SniffSample(bytes: Array("xx%PDF-".utf8), fileExtension: "PDF")
        #expect(sample.fileExtension == "pdf")
        #expect(sample.contains("%PDF-", within: 7))
        #expect(!sample.contains("%PDF-", within: 6))
    }

    @Test("descriptors: the first declaration of a format wins; extensions are looked up in any case")
    func descriptors() {
        let registry = FormatRegistry(descriptors: [descriptor(alpha, ["al", "alf"]), descriptor(beta, ["be"]),
                                                    descriptor(alpha, ["other"])], sniffers: [])
        #expect(registry.descriptors.map(\.format) == [alpha, beta])
        #expect(registry.format(forFileExtension: "ALF") == alpha)
        #expect(registry.format(forFileExtension: ".be") == beta)
        #expect(registry.format(forFileExtension: "other") == nil)
        #expect(registry.displayName(of: alpha) == "ALPHA")
        #expect(registry.displayName(of: .epub) == "epub", "an unregistered format is named by its identifier")
    }

    @Test("a format is its bare identifier in JSON, and identifiers are checked")
    func formatCoding() throws {
        let encoded = try JSONEncoder().encode([DocumentFormat.epub, alpha])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["epub","alpha"]"#)
        #expect(try JSONDecoder().decode([DocumentFormat].self, from: encoded) == [.epub, alpha])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([DocumentFormat].self, from: Data(#"["a:b"]"#.utf8)) }
        #expect(DocumentFormat(rawValue: "") == nil)
        #expect(DocumentFormat(rawValue: "EPUB") == nil)
        #expect(DocumentFormat(rawValue: "epub") == .epub)
    }
}
