/// Area-averaging (box filter) reduction: each output pixel is the average of the source area it
/// covers, partly covered source pixels weighted by how much of them it covers. Separable: each
/// source row is reduced across once, then rows are summed into the output rows they overlap.
/// Transparent pixels are composited on white first. Never enlarges.
enum BoxScaler {
    /// `pixels` reduced to `width` × `height` (each at most the source's), as RGB.
    static func scale(_ pixels: DecodedPixels, width: Int, height: Int) -> RGBImage {
        let targetWidth = min(max(1, width), pixels.width)
        let targetHeight = min(max(1, height), pixels.height)
        let across = AxisSpans(source: pixels.width, target: targetWidth)
        let down = AxisSpans(source: pixels.height, target: targetHeight)
        let channels = pixels.channels
        var output = [Float](repeating: 0, count: targetWidth * targetHeight * 3)
        var row = [Float](repeating: 0, count: targetWidth * 3)
        pixels.withBytes { source in
            for y in 0..<pixels.height {
                reduceRow(source, offset: y * pixels.width * channels, channels: channels, spans: across, into: &row)
                for (target, weight) in down.targets(of: y) {
                    let start = target * targetWidth * 3
                    for index in 0..<row.count { output[start + index] += row[index] * weight }
                }
            }
        }
        let bytes = output.map { UInt8(min(255, max(0, $0.rounded()))) }
        return RGBImage(width: targetWidth, height: targetHeight, pixels: bytes)!
    }

    /// One source row reduced across to `spans.target` RGB pixels.
    private static func reduceRow(_ source: UnsafeBufferPointer<UInt8>, offset: Int, channels: Int, spans: AxisSpans,
                                  into row: inout [Float]) {
        for target in 0..<spans.target {
            var red: Float = 0, green: Float = 0, blue: Float = 0
            for (x, weight) in spans.sources(of: target) {
                let index = offset + x * channels
                var r = Float(source[index]), g = Float(source[index + 1]), b = Float(source[index + 2])
                if channels == 4 {
                    let alpha = Float(source[index + 3]) / 255
                    let white = 255 * (1 - alpha)
                    r = r * alpha + white
                    g = g * alpha + white
                    b = b * alpha + white
                }
                red += r * weight
                green += g * weight
                blue += b * weight
            }
            row[target * 3] = red
            row[target * 3 + 1] = green
            row[target * 3 + 2] = blue
        }
    }
}

/// How one axis of `source` pixels maps onto `target` (≤ `source`) pixels: for each target pixel,
/// the source pixels it covers and the share of it each one makes up (the shares sum to 1).
struct AxisSpans {
    let source: Int
    let target: Int
    private let firstSource: [Int]
    private let weights: [[Float]]

    init(source: Int, target: Int) {
        self.source = source
        self.target = target
        let scale = Double(source) / Double(target)
        var firstSource: [Int] = []
        var weights: [[Float]] = []
        for index in 0..<target {
            let low = Double(index) * scale
            let high = index == target - 1 ? Double(source) : Double(index + 1) * scale
            let first = Int(low.rounded(.down))
            let last = min(source - 1, Int(high.rounded(.up)) - 1)
            var shares: [Float] = []
            for pixel in first...max(first, last) {
                let overlap = min(high, Double(pixel + 1)) - max(low, Double(pixel))
                shares.append(Float(max(0, overlap) / (high - low)))
            }
            firstSource.append(first)
            weights.append(shares)
        }
        self.firstSource = firstSource
        self.weights = weights
    }

    /// The source pixels `target` covers, with their shares.
    func sources(of target: Int) -> some Sequence<(Int, Float)> {
        zip(firstSource[target]..., weights[target])
    }

    /// The target pixels that source pixel `pixel` contributes to, with its share of each (at most two,
    /// since the target is never larger).
    func targets(of pixel: Int) -> [(Int, Float)] {
        let scale = Double(source) / Double(target)
        let guess = min(target - 1, Int(Double(pixel) / scale))
        var found: [(Int, Float)] = []
        for candidate in max(0, guess - 1)...min(target - 1, guess + 1) {
            let offset = pixel - firstSource[candidate]
            if offset >= 0, offset < weights[candidate].count, weights[candidate][offset] > 0 {
                found.append((candidate, weights[candidate][offset]))
            }
        }
        return found
    }
}
