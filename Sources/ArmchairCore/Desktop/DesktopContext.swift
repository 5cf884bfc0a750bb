public import struct FoundationEssentials.Date

/// What the desktop says about prompting now, for the rules: the person's, distribution's and
/// administrator's settings, and when another app last asked.
///
/// The engine finds it out when it uses the default store (the XDG state file); the `armchair`
/// tool finds it for `explain`. Pass it in ``SessionContext/desktop`` to the rules.
public struct DesktopContext: Sendable, Hashable {
    /// What the desktop's prompt record told.
    public enum Record: Sendable, Hashable {
        /// The record was read: the latest prompt of another app, if any is recorded.
        case read(lastPromptByAnotherApp: Date?)
        /// The record cannot be used, in words (a sandbox without the permission, a file that
        /// cannot be read now): the app keeps only its own limits.
        case outOfReach(reason: String)
    }

    /// The settings in force and who set them.
    public var policy: DesktopPolicy
    /// What the record told.
    public var record: Record
    /// The record's file.
    public var recordPath: String

    /// Creates a context.
    public init(policy: DesktopPolicy, record: Record, recordPath: String) {
        self.policy = policy
        self.record = record
        self.recordPath = recordPath
    }

    /// When the desktop's quiet period after another app's prompt ends, if one runs at `now`.
    public func quietPeriodEnd(now: Date) -> Date? {
        guard policy.quietDays.value > 0, case .read(let last?) = record else { return nil }
        let asked = min(last, now)
        let end = asked.addingTimeInterval(Double(policy.quietDays.value) * RatingState.secondsPerDay)
        return end > now ? end : nil
    }
}
