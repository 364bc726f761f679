/// SplitMix64: a tiny deterministic generator, so random and property tests pick the same cases
/// on every run and every machine.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    /// Starts the sequence at `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

extension SeededRandom {
    /// A text of pieces picked from `pieces`, as many as a number drawn from `count`: the random
    /// input of the tests that compare a scan on bytes with the character by character one.
    public mutating func text(of pieces: [String], count: ClosedRange<Int>) -> String {
        (0..<Int.random(in: count, using: &self)).map { _ in pieces.randomElement(using: &self)! }.joined()
    }
}
