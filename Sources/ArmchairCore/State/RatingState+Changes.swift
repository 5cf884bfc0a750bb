import struct FoundationEssentials.Date

extension RatingState {
    /// Starts counting for the running version and reports whether this is an update.
    ///
    /// The first use of all starts counting. A version *newer* than the tracked one (see
    /// ``AppVersion``) is an update when ``Configuration/tracksNewVersions`` is on: this version's
    /// answers start again, what spans versions stays, and the counters follow
    /// ``Configuration/updatePolicy``. An *older* version, such as a second instance started before
    /// the update, counts into the tracked version, so two instances never reset each other.
    ///
    /// - Returns: `true` when an update was detected.
    @discardableResult
    mutating func startTracking(_ configuration: Configuration, now: Date) -> Bool {
        switch tracking(configuration) {
        case .current:
            return false
        case .firstUse:
            firstUseDate = now
            trackedVersion = configuration.appVersion
            return false
        case .untracked:
            trackedVersion = configuration.appVersion
            return false
        case .update(let version):
            startTracking(update: version, configuration, now: now)
            return true
        }
    }

    /// Whether this state already counts for the running version: ``startTracking(_:now:)`` would
    /// change nothing.
    func isTracking(_ configuration: Configuration) -> Bool {
        if case .current = tracking(configuration) { return true }
        return false
    }

    /// What ``startTracking(_:now:)`` finds to do.
    private enum Tracking {
        /// Nothing: the state counts for the running version.
        case current
        /// Start counting: nothing was used yet.
        case firstUse
        /// Record the running version, which the state has none of.
        case untracked
        /// Start counting for `version`, newer than the tracked one.
        case update(String)
    }

    private func tracking(_ configuration: Configuration) -> Tracking {
        guard firstUseDate != nil else { return .firstUse }
        guard configuration.tracksNewVersions, let version = configuration.appVersion, let tracked = trackedVersion
        else {
            return trackedVersion == nil && configuration.appVersion != nil ? .untracked : .current
        }
        guard version != tracked, AppVersion(version) > AppVersion(tracked) else { return .current }
        return .update(version)
    }

    /// Starts counting for `version`, an update of the tracked version.
    private mutating func startTracking(update version: String, _ configuration: Configuration, now: Date) {
        switch configuration.updatePolicy {
        case .resetCounters:
            resetUsage(now: now)
        case .keepCounters where ratedThisVersion || declinedThisVersion:
            // Someone who answered the previous version starts a fresh count, as in iRate: keeping it
            // would ask a rater about every release as soon as the minimum interval allows.
            resetUsage(now: now)
        case .keepCounters(let graceDays):
            // Move the first use forward just enough that the days threshold is `graceDays` away.
            let waitingSeconds = max(0, configuration.daysUntilPrompt - graceDays) * Self.secondsPerDay
            let latestFirstUse = now.addingTimeInterval(-waitingSeconds)
            if let firstUseDate, firstUseDate < latestFirstUse { self.firstUseDate = latestFirstUse }
        }
        declinedThisVersion = false
        ratedThisVersion = false
        // "Remind me later" asked for time, not for another version (iRate): a reminder keeps its
        // period across the update, so a release the next day does not ask again early.
        trackedVersion = version
    }

    /// Starts the usage counters of this version again, keeping every answer.
    mutating func resetUsage(now: Date) {
        firstUseDate = now
        useCount = 0
        significantEventCount = 0
        eventCounts = [:]
        activeUsageSeconds = 0
    }

    /// Records a significant event of `weight`, under `name` when it has one.
    mutating func recordEvent(named name: String?, weight: Int) {
        significantEventCount = Self.adding(weight, to: significantEventCount)
        if let name { eventCounts[name] = Self.adding(weight, to: eventCounts[name, default: 0]) }
    }

    /// Counts one more use.
    mutating func recordUse() {
        useCount = Self.adding(1, to: useCount)
    }

    /// Adds seconds of active use.
    mutating func recordActiveUsage(seconds: Double) {
        activeUsageSeconds = min(activeUsageSeconds + seconds, Double(StoredText.largest))
    }

    /// The largest count kept; counts stop there instead of overflowing.
    package static var largestCount: Int { StoredText.largest }

    /// `amount` added to `count`, stopping at ``largestCount`` instead of overflowing.
    package static func adding(_ amount: Int, to count: Int) -> Int {
        let (sum, overflow) = count.addingReportingOverflow(amount)
        return overflow ? StoredText.largest : min(sum, StoredText.largest)
    }

    /// Records that the prompt was shown at `date`, keeping the latest ``promptHistoryLimit``.
    mutating func recordPrompt(at date: Date) {
        promptDates.append(date)
        promptDates.sort()
        if promptDates.count > Self.promptHistoryLimit {
            promptDates.removeFirst(promptDates.count - Self.promptHistoryLimit)
        }
    }

    /// Records the user's answer to the prompt.
    mutating func record(_ answer: RatingAnswer, version: String?, at date: Date) {
        switch answer {
        case .rate:
            ratedThisVersion = true
            ratedAnyVersion = true
            lastVersionRated = version
            lastRatedDate = date
        case .remindLater, .dismissed:
            lastRemindedDate = date
        case .decline, .sentFeedback:
            declinedThisVersion = true
            declinedAnyVersion = true
            lastVersionDeclined = version
            lastDeclinedDate = date
        }
    }

    /// Starts the session of `process`, and forgets the records of processes that are gone.
    ///
    /// A gone process of this boot that never quit cleanly crashed or was killed. One of an earlier
    /// boot is not counted: shutting the computer down ends apps without a clean quit, and that is
    /// no reason to skip a prompt.
    ///
    /// - Parameter isRunning: Whether a recorded process still runs.
    /// - Returns: Whether a gone process of this boot had not quit cleanly.
    mutating func startSession(
        of process: ProcessIdentity, at date: Date, isRunning: (ProcessIdentity) -> Bool
    ) -> Bool {
        let gone = sessions.filter { $0.process != process && !isRunning($0.process) }
        sessions.removeAll { record in record.process == process || gone.contains(record) }
        sessions.append(SessionRecord(process: process, started: date))
        if sessions.count > Self.sessionLimit { sessions.removeFirst(sessions.count - Self.sessionLimit) }
        let crashed = gone.contains { $0.process.bootID == process.bootID }
        if crashed { lastCrashDate = date }
        return crashed
    }

    /// Ends the session of `process` cleanly, letting go of its prompt hold.
    mutating func endSession(of process: ProcessIdentity) {
        sessions.removeAll { $0.process == process }
        releasePromptHold(of: process)
    }

    /// Whether another process, or another engine of this one, holds the prompt at `date`.
    ///
    /// - Parameters:
    ///   - process: This process.
    ///   - heldHere: Whether the asking engine holds it itself; a hold of this process that it
    ///     does not hold is another engine's (two engines on one store, one per window, say).
    func isPromptHeld(
        byOtherThan process: ProcessIdentity, at date: Date, isRunning: (ProcessIdentity) -> Bool,
        heldHere: Bool = false
    ) -> Bool {
        guard let hold = promptHold, hold.expires > date else { return false }
        return hold.process == process ? !heldHere : isRunning(hold.process)
    }

    /// Lets go of the prompt hold if `process` has it.
    mutating func releasePromptHold(of process: ProcessIdentity) {
        if promptHold?.process == process { promptHold = nil }
    }
}
