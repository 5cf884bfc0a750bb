/// Number formatting for explanations, independent of the locale.
enum Number {
    /// At most one decimal, cut rather than rounded, without a trailing `.0`: `3.27` → `3.2`,
    /// `20.0` → `20`.
    ///
    /// Cutting never claims a threshold is reached before it is: `29.96` days of 30 shows as
    /// `29.9`, never as the `30` it has not reached.
    ///
    /// A value below 0.1 that is not 0 keeps two decimals, so a setting of `0.01` days never reads
    /// as `0`.
    static func short(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return String(value) }
        if value != 0, abs(value) < 0.1 {
            let hundredths = Int((value * 100).rounded(.towardZero))
            return hundredths == 0 ? "0" : (hundredths < 0 ? "-" : "") + "0.0\(abs(hundredths))"
        }
        let tenths = (value * 10).rounded(.down)
        let whole = Int(tenths / 10)
        let fraction = Int(tenths) - whole * 10
        return fraction == 0 ? String(whole) : "\(whole).\(fraction)"
    }

    /// At most one decimal, rounded up: for what is still missing, so that waiting the amount shown
    /// is always enough. `2.31` → `2.4`.
    static func shortRoundingUp(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return String(value) }
        return short(((value * 10) - 1e-9).rounded(.up) / 10)
    }

    /// `value` rounded up to a whole number, for a count still missing: `7.2` → `8`. A value past
    /// `Int`'s range gives its largest, and NaN gives 0, instead of stopping the program.
    static func wholeRoundingUp(_ value: Double) -> Int {
        let rounded = value.rounded(.up)
        guard rounded.isFinite else { return rounded == .infinity ? .max : 0 }
        return Int(exactly: rounded) ?? (rounded > 0 ? .max : .min)
    }

    /// `required - count`, at least 0, and `Int.max` where the difference would overflow.
    static func missing(_ required: Int, _ count: Int) -> Int {
        let (difference, overflow) = required.subtractingReportingOverflow(count)
        return overflow ? (required > count ? .max : 0) : max(difference, 0)
    }

    /// "day" or "days", for the amount of days just printed.
    static func days(_ value: Double) -> String { value == 1 ? "day" : "days" }
}
