/// AppStream's order of release versions, as `appstreamcli vercmp` and software centres apply it:
/// the Debian ordering of version strings.
///
/// The strings are compared from the left in alternating runs. A run of non-digits compares
/// character by character, where `~` comes before everything, even the end of the string (so
/// `2.0~beta` is older than `2.0`), the end before any letter, and letters before any other
/// character. A run of digits compares as a number (`1.10` is newer than `1.9`, `2024.03` equals
/// `2024.3`). So `1.0.0` is newer than `1.0`, and a suffix without `~` makes a newer version
/// (`1.0rc1` is newer than `1.0`): pre-releases are written with `~`.
///
/// ``AppVersion``, which tracks the running version, reads a trailing letter run as a pre-release
/// instead; the release Armchair takes from metadata follows AppStream, as the software centre that
/// shows it does.
package enum AppStreamVersionOrder {
    /// Whether `left` is an older version than `right`.
    package static func isOlder(_ left: String, than right: String) -> Bool {
        compare(Array(left.utf8), Array(right.utf8)) < 0
    }

    /// Negative when `a` is older, zero when equal, positive when newer.
    private static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var (i, j) = (0, 0)
        func isDigit(_ bytes: [UInt8], _ index: Int) -> Bool {
            index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
        }
        while i < a.count || j < b.count {
            while (i < a.count && !isDigit(a, i)) || (j < b.count && !isDigit(b, j)) {
                let (left, right) = (weight(a, i), weight(b, j))
                if left != right { return left - right }
                i += 1
                j += 1
            }
            while i < a.count, a[i] == UInt8(ascii: "0") { i += 1 }
            while j < b.count, b[j] == UInt8(ascii: "0") { j += 1 }
            var firstDifference = 0
            while isDigit(a, i), isDigit(b, j) {
                if firstDifference == 0 { firstDifference = Int(a[i]) - Int(b[j]) }
                i += 1
                j += 1
            }
            if isDigit(a, i) { return 1 }
            if isDigit(b, j) { return -1 }
            if firstDifference != 0 { return firstDifference }
        }
        return 0
    }

    /// A non-digit character's place: `~` first, then the end of the string (and digits, which
    /// end a run), then letters, then everything else.
    private static func weight(_ bytes: [UInt8], _ index: Int) -> Int {
        guard index < bytes.count else { return 0 }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return 0
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): return Int(byte)
        case UInt8(ascii: "~"): return -1
        default: return Int(byte) + 256
        }
    }
}
