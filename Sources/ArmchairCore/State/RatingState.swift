public import struct FoundationEssentials.Date

/// What Armchair knows about one user of one app: usage, answers and prompts.
///
/// Usage counters and answers in the first group belong to the tracked version and start again
/// when a new version is detected (see ``Configuration/tracksNewVersions``); the second group
/// spans every version. A fresh state (`RatingState()`) is the single place the defaults live.
public struct RatingState: Sendable, Hashable {
    // MARK: This version

    /// The version these counters belong to; `nil` before the first use or without versions.
    public var trackedVersion: String?
    /// When this version was first used.
    public var firstUseDate: Date?
    /// Launches and returns to the app counted for this version.
    public var useCount = 0
    /// Significant events of this version, named or not, weighted.
    public var significantEventCount = 0
    /// Significant events of this version by name.
    public var eventCounts: [String: Int] = [:]
    /// Seconds with one of the app's windows active, in this version.
    public var activeUsageSeconds: Double = 0
    /// Whether the user said "No, thanks" to this version.
    public var declinedThisVersion = false
    /// Whether the user chose to rate this version.
    public var ratedThisVersion = false
    /// When the user last asked to be reminded later (or closed the prompt).
    public var lastRemindedDate: Date?

    // MARK: Every version

    /// Whether the user ever said "No, thanks", in any version.
    public var declinedAnyVersion = false
    /// Whether the user ever chose to rate, in any version.
    public var ratedAnyVersion = false
    /// The version the user last chose to rate.
    public var lastVersionRated: String?
    /// The version the user last said "No, thanks" to.
    public var lastVersionDeclined: String?
    /// When the user last said "No, thanks".
    public var lastDeclinedDate: Date?
    /// When the user last chose to rate.
    public var lastRatedDate: Date?
    /// When the prompt was shown, oldest first, across versions; the latest
    /// ``promptHistoryLimit`` are kept.
    public var promptDates: [Date] = []

    // MARK: Running processes

    /// The processes of the app that are running, or that ended without quitting cleanly.
    public var sessions: [SessionRecord] = []
    /// When a session that had ended without quitting cleanly was last found.
    public var lastCrashDate: Date?
    /// The process showing the prompt now, if any.
    public var promptHold: PromptHold?

    // MARK: The desktop

    /// The app's opaque name in the desktop's prompt record, made at its first prompt: the record
    /// holds it instead of the app's ID, so that it does not tell other apps which apps the
    /// person uses.
    public var desktopToken: String?

    /// How many prompt dates are kept: enough for the yearly cap and for `status`.
    public static let promptHistoryLimit = Configuration.Bounds.promptsPerYear
    /// How many session records are kept; more processes of one app at once are not expected.
    package static let sessionLimit = 32

    /// A state with nothing recorded.
    public init() {}

    /// A state with nothing recorded but the app's token in the desktop's prompt record.
    package init(desktopToken: String?) {
        self.desktopToken = desktopToken
    }

    /// Prompts shown in the 365 days up to `now`, and any recorded up to a day ahead of it by a
    /// clock that was ahead (``clockTolerance``).
    package func promptCount(inYearBefore now: Date) -> Int {
        let start = now.addingTimeInterval(-365 * Self.secondsPerDay)
        let latest = now.addingTimeInterval(Self.clockTolerance)
        return promptDates.count { $0 > start && $0 <= latest }
    }

    static let secondsPerDay: Double = 86_400
}
