import ReaderTransforms
import Testing

/// The properties every offset map must have.
enum OffsetMapChecks {
    /// The map of `transformed` fits its texts, is monotone both ways and in range, and maps
    /// every run one for one onto equal-length text.
    static func check(_ transformed: TransformedText, source: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let map = transformed.map
        let output = Array(transformed.text.utf16), input = Array(source.utf16)
        #expect(map.outputLength == output.count, sourceLocation: sourceLocation)
        #expect(map.sourceLength == input.count, sourceLocation: sourceLocation)
        var previous = 0
        for offset in 0...output.count {
            let mapped = map.sourceOffset(forOutputOffset: offset)
            #expect((0...input.count).contains(mapped), sourceLocation: sourceLocation)
            #expect(mapped >= previous, "not monotone at output \(offset)", sourceLocation: sourceLocation)
            previous = mapped
        }
        #expect(map.sourceOffset(forOutputOffset: output.count) == input.count, sourceLocation: sourceLocation)
        previous = 0
        for offset in 0...input.count {
            let mapped = map.outputOffset(forSourceOffset: offset)
            #expect((0...output.count).contains(mapped), sourceLocation: sourceLocation)
            #expect(mapped >= previous, "not monotone at source \(offset)", sourceLocation: sourceLocation)
            previous = mapped
        }
        var lastOutput = 0, lastSource = 0
        for run in map.runs {
            #expect(run.length > 0 && run.outputStart >= lastOutput && run.sourceStart >= lastSource,
                    sourceLocation: sourceLocation)
            #expect(run.outputEnd <= output.count && run.sourceEnd <= input.count, sourceLocation: sourceLocation)
            lastOutput = run.outputEnd
            lastSource = run.sourceEnd
            // Inside a run, every offset maps exactly, both ways.
            for step in 0..<run.length {
                #expect(map.sourceOffset(forOutputOffset: run.outputStart + step) == run.sourceStart + step,
                        sourceLocation: sourceLocation)
                #expect(map.outputOffset(forSourceOffset: run.sourceStart + step) == run.outputStart + step,
                        sourceLocation: sourceLocation)
            }
            // A run never starts or ends inside a surrogate pair.
            if run.outputEnd < output.count { #expect(!UTF16.isTrailSurrogate(output[run.outputEnd]), sourceLocation: sourceLocation) }
            if run.sourceEnd < input.count { #expect(!UTF16.isTrailSurrogate(input[run.sourceEnd]), sourceLocation: sourceLocation) }
            #expect(!UTF16.isTrailSurrogate(output[run.outputStart]), sourceLocation: sourceLocation)
        }
    }
}
