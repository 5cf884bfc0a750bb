import Glibc

/// A small, fast, seedable generator (SplitMix64), so a population is the same for the same seed
/// on every machine.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A uniform number in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A Poisson-distributed count with the given mean (Knuth's method; means here are small).
    mutating func poisson(mean: Double) -> Int {
        let limit = exp(-mean)
        var count = 0
        var product = unit()
        while product > limit {
            count += 1
            product *= unit()
        }
        return count
    }

    /// Picks an index with the given weights.
    mutating func pick(_ weights: [Double]) -> Int {
        var remaining = unit() * weights.reduce(0, +)
        for (index, weight) in weights.enumerated() {
            remaining -= weight
            if remaining < 0 { return index }
        }
        return weights.count - 1
    }
}
