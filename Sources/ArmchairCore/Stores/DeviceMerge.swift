import struct FoundationEssentials.Date

/// How the states of one user's devices combine, for ``SyncedFolderStore``: each device keeps its
/// own contribution in its own file, and every device reads the combination.
///
/// - Usage of this version (uses, events, active time) adds up over the devices tracking the same
///   version; its answers (rated, declined this version) hold if any of them gave one; its first
///   use is the earliest and its last reminder the latest.
/// - Answers across versions hold if any device gave one, with the latest date and version; the
///   prompt dates are the union, so the yearly cap counts prompts on every device.
/// - Running sessions, crashes and the prompt hold belong to the device: they describe processes
///   on that computer, and are never taken from another. So does the app's token in the desktop's
///   record, which is that computer's.
enum DeviceMerge {
    /// What a device sees: its own state combined with the other devices'.
    static func view(own: RatingState, others: [RatingState]) -> RatingState {
        var view = own
        for other in others {
            if other.trackedVersion == own.trackedVersion {
                view.useCount = RatingState.adding(other.useCount, to: view.useCount)
                view.significantEventCount = RatingState.adding(
                    other.significantEventCount, to: view.significantEventCount)
                for (event, count) in other.eventCounts {
                    view.eventCounts[event] = RatingState.adding(count, to: view.eventCounts[event, default: 0])
                }
                view.activeUsageSeconds += other.activeUsageSeconds
                view.declinedThisVersion = view.declinedThisVersion || other.declinedThisVersion
                view.ratedThisVersion = view.ratedThisVersion || other.ratedThisVersion
                view.firstUseDate = earliest(view.firstUseDate, other.firstUseDate)
                view.lastRemindedDate = latest(view.lastRemindedDate, other.lastRemindedDate)
            }
            view.declinedAnyVersion = view.declinedAnyVersion || other.declinedAnyVersion
            view.ratedAnyVersion = view.ratedAnyVersion || other.ratedAnyVersion
            if let date = other.lastDeclinedDate, date > view.lastDeclinedDate ?? .distantPast {
                (view.lastDeclinedDate, view.lastVersionDeclined) = (date, other.lastVersionDeclined)
            }
            if let date = other.lastRatedDate, date > view.lastRatedDate ?? .distantPast {
                (view.lastRatedDate, view.lastVersionRated) = (date, other.lastVersionRated)
            }
            view.promptDates = Array(
                Set(view.promptDates + other.promptDates).sorted().suffix(RatingState.promptHistoryLimit))
        }
        return view
    }

    /// What the device stores after a change turned the view `before` into `after`: its own state
    /// `own` plus exactly what the change did, so the other devices' parts are never stored twice.
    ///
    /// Counters move by the change's difference (never below zero); a change that lowered a
    /// counter started the usage again (a new version), and then the new usage is all this
    /// device's. Every other value takes the change's result where the change touched it.
    static func contribution(own: RatingState, before: RatingState, after: RatingState) -> RatingState {
        var result = own
        func take<Value: Equatable>(_ field: WritableKeyPath<RatingState, Value>) {
            if after[keyPath: field] != before[keyPath: field] { result[keyPath: field] = after[keyPath: field] }
        }
        let restarted =
            after.useCount < before.useCount || after.significantEventCount < before.significantEventCount
            || after.activeUsageSeconds < before.activeUsageSeconds
        if restarted {
            result.useCount = after.useCount
            result.significantEventCount = after.significantEventCount
            result.eventCounts = after.eventCounts
            result.activeUsageSeconds = after.activeUsageSeconds
        } else {
            result.useCount = max(0, own.useCount + after.useCount - before.useCount)
            result.significantEventCount = max(
                0, own.significantEventCount + after.significantEventCount - before.significantEventCount)
            for event in Set(after.eventCounts.keys).union(before.eventCounts.keys) {
                let count =
                    own.eventCounts[event, default: 0] + after.eventCounts[event, default: 0]
                    - before.eventCounts[event, default: 0]
                result.eventCounts[event] = count > 0 ? count : nil
            }
            result.activeUsageSeconds = max(
                0, own.activeUsageSeconds + after.activeUsageSeconds - before.activeUsageSeconds)
        }
        take(\.trackedVersion)
        take(\.firstUseDate)
        take(\.declinedThisVersion)
        take(\.ratedThisVersion)
        take(\.lastRemindedDate)
        take(\.declinedAnyVersion)
        take(\.ratedAnyVersion)
        take(\.lastVersionRated)
        take(\.lastVersionDeclined)
        take(\.lastDeclinedDate)
        take(\.lastRatedDate)
        take(\.desktopToken)
        let added = after.promptDates.filter { !before.promptDates.contains($0) }
        let removed = before.promptDates.filter { !after.promptDates.contains($0) }
        result.promptDates = Array(
            Set(own.promptDates.filter { !removed.contains($0) } + added).sorted()
                .suffix(RatingState.promptHistoryLimit))
        result.sessions = after.sessions
        result.lastCrashDate = after.lastCrashDate
        result.promptHold = after.promptHold
        return result
    }

    private static func earliest(_ a: Date?, _ b: Date?) -> Date? {
        guard let a, let b else { return a ?? b }
        return min(a, b)
    }

    private static func latest(_ a: Date?, _ b: Date?) -> Date? {
        guard let a, let b else { return a ?? b }
        return max(a, b)
    }
}
