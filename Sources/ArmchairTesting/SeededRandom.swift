import Glibc

/// A small, fast random number generator that gives the same numbers for the same seed on every
/// machine.
///
/// It is SplitMix64: simulations and randomized tests built on it can be replayed exactly from
/// their seed, which `SystemRandomNumberGenerator` cannot do. The numbers are not suitable for
/// anything secret.
///
/// ```swift
/// var random = SeededRandom(seed: 7)
/// let launches = random.poisson(mean: 1.5)
/// let answer = [RatingAnswer.rate, .remindLater, .decline][random.pick([0.2, 0.5, 0.3])]
/// ```
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    /// Creates a generator whose numbers are fixed by `seed`.
    ///
    /// - Parameter seed: Any value; two generators with the same seed give the same numbers.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    ///
    /// Each call moves the generator on, so every other method here gives numbers that follow
    /// from the seed and the calls before.
    ///
    /// - Returns: A number spread evenly over all of `UInt64`.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A random fraction.
    ///
    /// It uses the top 53 bits of ``next()``, as many as a `Double` holds exactly.
    ///
    /// - Returns: A number spread evenly over [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A random count of independent events that happen `mean` times on average.
    ///
    /// It uses Knuth's method, which takes about `mean` steps: meant for small means, such as
    /// launches of an app in a day.
    ///
    /// - Parameter mean: The average count, 0 or more.
    /// - Returns: A Poisson-distributed count, 0 or more.
    public mutating func poisson(mean: Double) -> Int {
        let limit = exp(-mean)
        var count = 0
        var product = unit()
        while product > limit {
            count += 1
            product *= unit()
        }
        return count
    }

    /// A random index, each one as likely as its weight.
    ///
    /// The weights need not add up to 1: `[1, 3]` picks `1` three times as often as `0`.
    ///
    /// - Parameter weights: One weight, 0 or more, per index; at least one.
    /// - Returns: An index of `weights`.
    public mutating func pick(_ weights: [Double]) -> Int {
        var remaining = unit() * weights.reduce(0, +)
        for (index, weight) in weights.enumerated() {
            remaining -= weight
            if remaining < 0 { return index }
        }
        return weights.count - 1
    }
}
