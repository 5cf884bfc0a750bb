import struct FoundationEssentials.Date

extension RatingState {
    /// How far ahead of now a recorded date may lie before it counts as wrong: the clocks of two
    /// computers that share a synced state, or of one computer before and after it set its time,
    /// may differ by that much.
    public static let clockTolerance: Double = 86_400

    /// The dates that lie more than ``clockTolerance`` after `now`, which only a clock that was
    /// wrong (set ahead, then back; another computer's) can have written.
    ///
    /// Counted from such a date, the waiting time, a reminder or a decline would never end, and a
    /// prompt recorded there would not count against the limits: ``correctDatesInTheFuture(now:)``
    /// sets each to `now`, so the time ``Decision/stillNeeded`` shows is always enough. A date less
    /// than ``clockTolerance`` ahead is kept, and time is counted from it as it is.
    ///
    /// - Returns: The keys of those dates.
    func datesInTheFuture(now: Date) -> [StateKey] {
        let latest = now.addingTimeInterval(Self.clockTolerance)
        var keys: [StateKey] = []
        func check(_ date: Date?, _ key: StateKey) {
            if let date, date > latest { keys.append(key) }
        }
        check(firstUseDate, .firstUseDate)
        check(lastRemindedDate, .lastRemindedDate)
        check(lastDeclinedDate, .lastDeclinedDate)
        check(lastRatedDate, .lastRatedDate)
        check(lastCrashDate, .lastCrashDate)
        if promptDates.contains(where: { $0 > latest }) { keys.append(.promptDates) }
        if sessions.contains(where: { $0.started > latest }) { keys.append(.sessions) }
        if let hold = promptHold, hold.expires > latest.addingTimeInterval(PromptHold.duration) {
            keys.append(.promptHold)
        }
        return keys
    }

    /// Sets each of the ``datesInTheFuture(now:)`` to `now`; a prompt hold that far ahead is let go.
    ///
    /// - Returns: The keys of the dates set to now.
    @discardableResult
    mutating func correctDatesInTheFuture(now: Date) -> [StateKey] {
        let keys = datesInTheFuture(now: now)
        for key in keys {
            switch key {
            case .firstUseDate: firstUseDate = now
            case .lastRemindedDate: lastRemindedDate = now
            case .lastDeclinedDate: lastDeclinedDate = now
            case .lastRatedDate: lastRatedDate = now
            case .lastCrashDate: lastCrashDate = now
            case .promptDates: promptDates = promptDates.map { min($0, now) }.sorted()
            case .sessions:
                sessions = sessions.map { SessionRecord(process: $0.process, started: min($0.started, now)) }
            case .promptHold: promptHold = nil
            default: break  // not a date
            }
        }
        return keys
    }
}
