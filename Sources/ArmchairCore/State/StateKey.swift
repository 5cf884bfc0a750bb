/// The values Armchair stores, each under a key you may rename (Armchair's key API).
///
/// A stored key is ``Configuration/effectiveKeyPrefix`` + `.` + the name; the default names are
/// the raw values here, such as `org.example.Notes.use-count`. Rename one with
/// ``Configuration/keyNames``, for instance to keep reading the keys of an earlier release of your
/// app. Per-name event counts are stored as `<prefix>.<eventCounts name>.<event name>`.
public enum StateKey: String, Sendable, Hashable, CaseIterable, Codable {
    case trackedVersion = "tracked-version"
    case firstUseDate = "first-use-date"
    case useCount = "use-count"
    case significantEventCount = "significant-event-count"
    case eventCounts = "event-count"
    case activeUsageSeconds = "active-usage-seconds"
    case declinedThisVersion = "declined-this-version"
    case ratedThisVersion = "rated-this-version"
    case lastRemindedDate = "last-reminded-date"
    case declinedAnyVersion = "declined-any-version"
    case ratedAnyVersion = "rated-any-version"
    case lastVersionRated = "last-version-rated"
    case lastVersionDeclined = "last-version-declined"
    case lastDeclinedDate = "last-declined-date"
    case lastRatedDate = "last-rated-date"
    case promptDates = "prompt-dates"
    case sessions = "sessions"
    case lastCrashDate = "last-crash-date"
    case promptHold = "prompt-hold"
    case desktopToken = "desktop-token"
}

extension StateKey {
    /// The key's place among ``allCases``, for tables with an entry per key: looking a key up in
    /// a dictionary hashes its raw value, about as costly as reading the value itself.
    var position: Int {
        switch self {
        case .trackedVersion: 0
        case .firstUseDate: 1
        case .useCount: 2
        case .significantEventCount: 3
        case .eventCounts: 4
        case .activeUsageSeconds: 5
        case .declinedThisVersion: 6
        case .ratedThisVersion: 7
        case .lastRemindedDate: 8
        case .declinedAnyVersion: 9
        case .ratedAnyVersion: 10
        case .lastVersionRated: 11
        case .lastVersionDeclined: 12
        case .lastDeclinedDate: 13
        case .lastRatedDate: 14
        case .promptDates: 15
        case .sessions: 16
        case .lastCrashDate: 17
        case .promptHold: 18
        case .desktopToken: 19
        }
    }
}

/// The rule for key prefixes and key names: what a GKeyFile key may hold.
enum StateKeyName {
    /// Returns why `name` cannot be used in a key, or `nil` when it can.
    static func problem(with name: String) -> String? {
        if name.isEmpty { return "a key name cannot be empty" }
        if name.first == " " || name.last == " " {
            return "\"\(name)\" may not start or end with a space"
        }
        if name.first == "#" { return "\"\(name)\" may not start with #" }
        if let bad = name.unicodeScalars.first(where: { "=[]\n\r\t".unicodeScalars.contains($0) || $0.value < 0x20 }) {
            return "\"\(name)\" may not contain \"\(bad.escaped(asASCII: true))\""
        }
        return nil
    }
}
