import struct FoundationEssentials.Date

extension RatingState {
    /// How far ahead of now a recorded date may lie before it counts as wrong: the clocks of two
    /// computers that share a synced state, or of one computer before and after it set its time,
    /// may differ by that much.
    public static let clockTolerance: Double = 86_400

    /// The dates that lie more than ``clockTolerance`` after `now`, which only a clock that was
    /// wrong (set ahead, then back; another computer's) can have written, each set to `now`.
    ///
    /// Counted from such a date, the waiting time, a reminder or a decline would never end, and a
    /// prompt recorded there would not count against the limits: set to now, each counts from now,
    /// so the time ``Decision/stillNeeded`` shows is always enough. A date less than
    /// ``clockTolerance`` ahead is kept, and time is counted from it as it is.
    ///
    /// - Returns: The keys of the dates set to now.
    @discardableResult
    mutating func correctDatesInTheFuture(now: Date) -> [StateKey] {
        let latest = now.addingTimeInterval(Self.clockTolerance)
        var corrected: [StateKey] = []
        func correct(_ date: inout Date?, _ key: StateKey) {
            guard let value = date, value > latest else { return }
            date = now
            corrected.append(key)
        }
        correct(&firstUseDate, .firstUseDate)
        correct(&lastRemindedDate, .lastRemindedDate)
        correct(&lastDeclinedDate, .lastDeclinedDate)
        correct(&lastRatedDate, .lastRatedDate)
        correct(&lastCrashDate, .lastCrashDate)
        if promptDates.contains(where: { $0 > latest }) {
            promptDates = promptDates.map { min($0, now) }.sorted()
            corrected.append(.promptDates)
        }
        if sessions.contains(where: { $0.started > latest }) {
            sessions = sessions.map { SessionRecord(process: $0.process, started: min($0.started, now)) }
            corrected.append(.sessions)
        }
        if let hold = promptHold, hold.expires > latest.addingTimeInterval(PromptHold.duration) {
            promptHold = nil
            corrected.append(.promptHold)
        }
        return corrected
    }
}
