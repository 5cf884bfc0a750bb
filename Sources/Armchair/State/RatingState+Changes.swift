import struct Foundation.Date

extension RatingState {
    /// Starts counting for the running version and reports whether this is an update.
    ///
    /// The first use of all starts counting. A version *newer* than the tracked one (see
    /// ``AppVersion``) is an update when `tracksNewVersions` is on: the usage counters and this
    /// version's answers start again; what spans versions (rated or declined any version, the
    /// prompt history) stays. An *older* version, such as a second instance that was started before
    /// the update, counts into the tracked version, so two instances never reset each other.
    ///
    /// - Returns: `true` when an update to `version` was detected.
    @discardableResult
    mutating func startTracking(version: String?, tracksNewVersions: Bool, now: Date) -> Bool {
        guard firstUseDate != nil else {
            firstUseDate = now
            trackedVersion = version
            return false
        }
        guard tracksNewVersions, let version, let tracked = trackedVersion else {
            if trackedVersion == nil { trackedVersion = version }
            return false
        }
        guard version != tracked, AppVersion(version) > AppVersion(tracked) else { return false }
        resetUsage(now: now)
        declinedThisVersion = false
        ratedThisVersion = false
        lastRemindedDate = nil
        trackedVersion = version
        return true
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
        significantEventCount += weight
        if let name { eventCounts[name, default: 0] += weight }
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
        case .decline:
            declinedThisVersion = true
            declinedAnyVersion = true
            lastDeclinedDate = date
        }
    }
}
