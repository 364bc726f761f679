/// Small ICC version 2 display profiles built in code, for PDFs whose images are ICC-tagged
/// (the machine has no profile files to borrow).
enum ICCProfileFixture {
    /// An RGB matrix-shaper profile: the colorants (XYZ, adapted to D50) of red, green and blue,
    /// and one gamma for the three tone curves.
    static func rgb(red: (Double, Double, Double), green: (Double, Double, Double), blue: (Double, Double, Double),
                    gamma: Double) -> [UInt8] {
        profile(colorSpace: "RGB ", tags: [
            ("wtpt", xyz(d50)), ("rXYZ", xyz(red)), ("gXYZ", xyz(green)), ("bXYZ", xyz(blue)),
            ("rTRC", curve(gamma)), ("gTRC", curve(gamma)), ("bTRC", curve(gamma)),
        ])
    }

    /// Adobe RGB (1998)'s colorants adapted to D50, with its gamma of 2.2: a wider gamut than
    /// sRGB, so its saturated colours come out more saturated in sRGB.
    static let adobeRGB = rgb(red: (0.6097, 0.3111, 0.0195), green: (0.2053, 0.6257, 0.0609),
                              blue: (0.1492, 0.0632, 0.7446), gamma: 2.2)

    /// A grey profile with one tone curve of `gamma`.
    static func gray(gamma: Double) -> [UInt8] {
        profile(colorSpace: "GRAY", tags: [("wtpt", xyz(d50)), ("kTRC", curve(gamma))])
    }

    private static let d50 = (0.9642, 1.0, 0.8249)

    /// The header, the tag table and the tags, each tag on a 4-byte boundary.
    private static func profile(colorSpace: String, tags: [(String, [UInt8])]) -> [UInt8] {
        var table: [UInt8] = []
        var data: [UInt8] = []
        let dataStart = 128 + 4 + 12 * tags.count
        for (signature, body) in tags {
            table += Array(signature.utf8) + uint32(dataStart + data.count) + uint32(body.count)
            data += body
            while data.count % 4 != 0 { data.append(0) }
        }
        var header = uint32(dataStart + data.count) + [UInt8](repeating: 0, count: 4) + [2, 0x10, 0, 0]
        header += Array("mntr".utf8) + Array(colorSpace.utf8) + Array("XYZ ".utf8) + [UInt8](repeating: 0, count: 12)
        header += Array("acsp".utf8) + [UInt8](repeating: 0, count: 4 + 4 + 4 + 4 + 8 + 4)
        header += s15Fixed16(d50.0) + s15Fixed16(d50.1) + s15Fixed16(d50.2)
        header += [UInt8](repeating: 0, count: 4 + 16 + 28)
        return header + uint32(tags.count) + table + data
    }

    private static func xyz(_ value: (Double, Double, Double)) -> [UInt8] {
        Array("XYZ ".utf8) + [0, 0, 0, 0] + s15Fixed16(value.0) + s15Fixed16(value.1) + s15Fixed16(value.2)
    }

    /// A `curv` tag of one entry: a pure gamma, as u8Fixed8.
    private static func curve(_ gamma: Double) -> [UInt8] {
        let fixed = Int((gamma * 256).rounded())
        return Array("curv".utf8) + [0, 0, 0, 0] + uint32(1) + [UInt8(fixed >> 8), UInt8(fixed & 0xFF)]
    }

    private static func uint32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func s15Fixed16(_ value: Double) -> [UInt8] {
        uint32(Int((value * 65536).rounded()))
    }
}
