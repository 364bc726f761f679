/// Builds an ``OffsetMap`` while a transform writes its output from left to right: spans copied
/// as they are, and replacements, whose common beginning and end still correspond.
struct OffsetMapBuilder {
    private(set) var runs: [OffsetMap.Run] = []
    private(set) var outputPosition = 0
    private(set) var sourcePosition = 0

    /// `length` units that correspond one for one (copied, or converted to as many units).
    mutating func appendCorresponding(length: Int) {
        runs.appendMerging(OffsetMap.Run(outputStart: outputPosition, sourceStart: sourcePosition, length: length))
        outputPosition += length
        sourcePosition += length
    }

    /// `source` replaced by `output`: the units they share at the start and at the end correspond
    /// (never half of a surrogate pair); what lies between is a gap.
    mutating func appendReplacement<Source: Collection, Output: Collection>(source: Source, output: Output)
    where Source.Element == UInt16, Output.Element == UInt16 {
        let sourceUnits = Array(source), outputUnits = Array(output)
        var prefix = 0
        while prefix < min(sourceUnits.count, outputUnits.count), sourceUnits[prefix] == outputUnits[prefix] { prefix += 1 }
        if prefix > 0, prefix < sourceUnits.count || prefix < outputUnits.count, UTF16.isLeadSurrogate(sourceUnits[prefix - 1]) {
            prefix -= 1
        }
        var suffix = 0
        while suffix < min(sourceUnits.count, outputUnits.count) - prefix,
              sourceUnits[sourceUnits.count - 1 - suffix] == outputUnits[outputUnits.count - 1 - suffix] {
            suffix += 1
        }
        if suffix > 0, suffix < sourceUnits.count - prefix || suffix < outputUnits.count - prefix,
           UTF16.isTrailSurrogate(sourceUnits[sourceUnits.count - suffix]) {
            suffix -= 1
        }
        appendCorresponding(length: prefix)
        outputPosition += outputUnits.count - prefix - suffix
        sourcePosition += sourceUnits.count - prefix - suffix
        appendCorresponding(length: suffix)
    }

    /// `sourceLength` units replaced by `outputLength` units with no correspondence inside.
    mutating func appendGap(sourceLength: Int, outputLength: Int) {
        outputPosition += outputLength
        sourcePosition += sourceLength
    }

    /// The map of everything appended.
    func map() -> OffsetMap {
        OffsetMap(runs: runs, outputLength: outputPosition, sourceLength: sourcePosition)
    }
}
