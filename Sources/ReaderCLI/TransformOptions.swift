import ArgumentParser
import ReaderCore
import ReaderEngine
import ReaderTransforms

/// `--transform NAME`: text transforms shown instead of the document's own text.
struct TransformOptions: ParsableArguments {
    @Option(name: .customLong("transform"), help: ArgumentHelp(
        "Show the text through a transform: an OpenCC configuration (s2t, t2s, s2tw, tw2s, s2hk, hk2s, s2twp, tw2sp, …) or rules:FILE; repeat it or separate names with commas to apply several in order. Locators stay those of the source text.",
        valueName: "name"))
    var transforms: [String] = []

    /// The document at `document.file`, through the transforms, and the options it was opened
    /// with (their text variant names the transforms, so cached indexes are kept apart); a caller
    /// that builds no blocks says so with `buildsFirstSectionAhead`.
    /// When the file is a library book, its stored encoding and transforms stand in for those the
    /// command line leaves out.
    /// - Throws: ``ReaderError`` of kind `invalidArgument` for an unknown transform or a bad rules
    ///   file (before the document is opened), or the engine's error.
    func open(_ document: DocumentOptions, buildsFirstSectionAhead: Bool = true,
              engine: ReaderEngine = .standard) throws(ReaderError) -> (any Document, OpenOptions) {
        let stored = StoredBookSettings.forFile(at: document.file)
        var options = document.openOptions
        if options.encoding == nil { options.encoding = stored?.encoding }
        options.buildsFirstSectionAhead = buildsFirstSectionAhead
        return try open(path: document.file, options: options, storedNames: stored?.transforms ?? [], engine: engine)
    }

    /// The document at `path`, opened with `options`, through the transforms (see
    /// ``open(_:engine:)``): those of the command line, else `storedNames` (a library book's own).
    func open(path: String, options: OpenOptions, storedNames: [String] = [],
              engine: ReaderEngine = .standard) throws(ReaderError) -> (any Document, OpenOptions) {
        let chain = try TextTransformChain(names: transforms.isEmpty ? storedNames : transforms)
        var options = options
        let opened = try engine.open(path: path, options: options)
        guard !chain.isEmpty else { return (opened, options) }
        options.transformVariant = chain.variant
        return (TransformedDocument(opened, chain: chain), options)
    }
}
