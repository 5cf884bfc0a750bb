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
