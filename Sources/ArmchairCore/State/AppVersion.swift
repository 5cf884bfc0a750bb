/// A version string that compares the way people read versions: `1.10` is newer than `1.9`.
///
/// The string is split into runs of digits and runs of letters; digit runs compare as numbers,
/// letter runs alphabetically, and any other character only separates. When one version is a
/// prefix of the other, the longer is newer (`1.2.1` > `1.2`), except that a letter run after the
/// common part marks a pre-release (`2.0~beta` and `2.0beta1` are older than `2.0`), as in
/// Debian's and RPM's ordering. Versions that differ only in separators are equal.
public struct AppVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The version as the app gave it.
    public let text: String
    private let parts: [Part]

    private enum Part: Hashable {
        case number(UInt64)
        case word(String)
    }

    /// Reads a version string; any string is accepted.
    public init(_ text: String) {
        self.text = text
        var parts: [Part] = []
        var digits = ""
        var letters = ""
        func flush() {
            if !digits.isEmpty { parts.append(.number(UInt64(digits.drop { $0 == "0" }.prefix(18)) ?? 0)) }
            if !letters.isEmpty { parts.append(.word(letters)) }
            digits = ""
            letters = ""
        }
        for character in text {
            if character.isASCII, character.isNumber {
                if !letters.isEmpty { flush() }
                digits.append(character)
            } else if character.isLetter {
                if !digits.isEmpty { flush() }
                letters.append(character)
            } else {
                flush()
            }
        }
        flush()
        self.parts = parts
    }

    public var description: String { text }

    public static func == (lhs: AppVersion, rhs: AppVersion) -> Bool { lhs.parts == rhs.parts }

    public func hash(into hasher: inout Hasher) { hasher.combine(parts) }

    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        for (left, right) in zip(lhs.parts, rhs.parts) where left != right {
            switch (left, right) {
            case (.number(let a), .number(let b)): return a < b
            case (.word(let a), .word(let b)): return a < b
            case (.word, .number): return true  // 1.beta < 1.0: words sort before numbers
            case (.number, .word): return false
            }
        }
        if lhs.parts.count == rhs.parts.count { return false }
        // One is a prefix of the other: a trailing word is a pre-release, a trailing number is newer.
        if lhs.parts.count > rhs.parts.count {
            if case .word = lhs.parts[rhs.parts.count] { return true }
            return false
        } else {
            if case .word = rhs.parts[lhs.parts.count] { return false }
            return true
        }
    }
}
