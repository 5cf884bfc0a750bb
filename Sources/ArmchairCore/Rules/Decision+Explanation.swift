extension Decision {
    /// A short English explanation of `criterion` with its numbers, such as `uses 12/20` or
    /// `declined (1.0) 12 days ago; asks again after 365`.
    public func summary(of criterion: Criterion) -> String {
        summary(of: criterion, naming: .swift)
    }

    /// The summary of `criterion`, with any setting it mentions named as `naming` names it:
    /// `uses (usesUntilPrompt is 0)`, or `uses (uses-until-prompt is 0)` for libarmchair.
    package func summary(of criterion: Criterion, naming: SettingNaming) -> String {
        let met = criterion.status == .met
        let current = criterion.current
        let required = criterion.required
        switch criterion.kind {
        case .debugMode: return "debug mode: prompt every time"
        case .ratedThisVersion: return met ? "not rated this version" : "rated this version"
        case .ratedEarlierVersion:
            let version = ratedVersion.map { " (\($0))" } ?? ""
            return met
                ? "rated an earlier version\(version); may ask about this one"
                : "rated an earlier version\(version); \(naming.name("shouldPromptIfRated")) is off"
        case .declined: return declineSummary(criterion)
        case .minimumInterval:
            guard let required, required > 0 else {
                return "no minimum time between prompts (\(naming.name("minimumDaysBetweenPrompts")) is 0)"
            }
            guard let current else { return "no prompt shown yet" }
            return
                "last prompt \(Number.short(max(current, 0))) days ago; at least \(Number.short(required)) between prompts"
        case .previousSessionCrashed:
            switch criterion.status {
            case .met: return "the previous session did not crash"
            case .missing: return "the previous session ended unexpectedly; no prompt in this launch"
            case .off:
                return "the previous session ended unexpectedly (\(naming.name("skipsPromptAfterCrash")) is off)"
            }
        case .promptShownElsewhere:
            return met
                ? "no other window is showing the prompt" : "another window or process of the app is showing the prompt"
        case .reminderPeriod:
            guard let elapsed = current, let period = required else { return "no reminder pending" }
            return met
                ? "reminder period over (asked to remind \(Number.short(elapsed)) days ago)"
                : "reminder period: \(Number.short(period - elapsed)) of \(Number.short(period)) \(Number.days(period)) left"
        case .desktopSwitch:
            let source = desktop?.policy.prompts.source ?? .builtIn
            return met ? "prompts of apps allowed \(source)" : "prompts of every app turned off \(source)"
        case .desktopQuietPeriod: return quietPeriodSummary(criterion)
        case .yearlyCap:
            return "prompts in the last 365 days: \(Number.short(current ?? 0))/\(Number.short(required ?? 0))"
        case .events where !scenarios.isEmpty:
            return "events, any scenario: " + scenarios.map(\.description).joined(separator: "; ")
        case .days, .uses, .events, .activeUsage, .usesPerWeek:
            let (label, setting) = Self.thresholdNames[criterion.kind] ?? (criterion.kind.rawValue, "its threshold")
            if criterion.status == .off { return "\(label) (\(naming.name(setting)) is 0)" }
            return "\(label) \(Number.short(max(current ?? 0, 0)))/\(Number.short(required ?? 0))"
        }
    }

    /// The summary of the criterion of `kind`, if it took part.
    public func summary(_ kind: Criterion.Kind) -> String? {
        criterion(kind).map(summary(of:))
    }

    /// One line saying what was decided and the main reason.
    public var headline: String { headline(naming: .swift) }

    /// The headline, with any setting it mentions named as `naming` names it.
    package func headline(naming: SettingNaming) -> String {
        if isDebugOverride { return "Prompting: debug mode is on." }
        if !gatesPassed {
            let reasons = criteria.filter { $0.role == .gate && $0.status == .missing }.map {
                summary(of: $0, naming: naming)
            }
            return "Not prompting: " + reasons.joined(separator: "; ") + "."
        }
        let rule = "(\(combination.explanation))"
        return thresholdsMet
            ? "Prompting: every gate holds and the thresholds are met \(rule)."
            : "Not prompting: the thresholds are not met \(rule)."
    }

    /// The headline, then one line per criterion: `met`, `missing` or `off`, and its summary.
    public var description: String { description(naming: .swift) }

    /// The explanation, with the settings named as `naming` names them: libarmchair's
    /// `armchair_engine_explain()` says `uses (uses-until-prompt is 0)` where Swift says
    /// `uses (usesUntilPrompt is 0)`.
    package func description(naming: SettingNaming) -> String {
        let lines = criteria.map { criterion in
            let mark =
                switch criterion.status {
                case .met: "met    "
                case .missing: "missing"
                case .off: "off    "
                }
            return "\(mark)  \(summary(of: criterion, naming: naming))"
        }
        let notes = datesInTheFuture.map { key in
            "note     the recorded \(key.rawValue) lay more than a day ahead of the clock (was the clock wrong?); "
                + "it counts as now"
        }
        return ([headline(naming: naming)] + lines + notes + breakLines(naming: naming)).joined(separator: "\n")
    }

    /// What the automatic prompt waits for in the running app, one line each.
    private func breakLines(naming: SettingNaming) -> [String] {
        if isPromptWaiting && breakHolds.isEmpty {
            return [
                "wait     the prompt waits for its moment: the delay after the launch, an active window or the network"
            ]
        }
        let waits = isPromptWaiting ? "the prompt waits for a natural break" : "an automatic prompt would wait"
        return breakHolds.map { "wait     \(waits): \($0.description(naming: naming))" }
    }

    /// The desktop's quiet period in words: `another app asked 2 days ago; the desktop's quiet
    /// period ends on 2026-12-05 at 18:02 UTC`.
    private func quietPeriodSummary(_ criterion: Criterion) -> String {
        let quiet = desktop?.policy.quietDays
        if criterion.status == .off {
            if case .outOfReach(let reason)? = desktop?.record {
                return "the desktop's prompt record is out of reach (\(reason)); the app keeps only its own limits"
            }
            return "no quiet period between apps (quiet-days is 0, set \(quiet?.source ?? .builtIn))"
        }
        let period = Number.short(criterion.required ?? 0)
        guard let elapsed = criterion.current else {
            return "no other app asked in the desktop's \(period)-day quiet period"
        }
        let asked =
            elapsed < 1
            ? "another app asked less than a day ago"
            : "another app asked \(Number.short(elapsed)) \(Number.days(elapsed)) ago"
        guard criterion.status == .missing else { return "\(asked); the desktop's \(period)-day quiet period is over" }
        return "\(asked); the desktop's quiet period ends on "
            + (desktopQuietPeriodEnds.map(StoredText.minute(of:)) ?? "a later day")
    }

    /// The decline gate in words, from its numbers: days since the decline and the expiry.
    private func declineSummary(_ criterion: Criterion) -> String {
        guard let elapsed = criterion.current else { return "not declined" }
        let days = Number.short(max(elapsed, 0))
        let expiry = criterion.required ?? 0
        let version = declinedVersion.map { " (\($0))" } ?? ""
        if criterion.status == .met {
            return expiry > 0 && elapsed >= expiry
                ? "declined \(days) days ago; the \(Number.short(expiry))-day hold is over"
                : "declined an earlier version\(version); this version may ask"
        }
        if expiry > 0 { return "declined\(version) \(days) days ago; asks again after \(Number.short(expiry))" }
        return criterion.declinePolicy == .thisVersion
            ? "declined this version \(days) days ago"
            : "declined\(version) \(days) days ago; never asks again"
    }

    private static let thresholdNames: [Criterion.Kind: (label: String, setting: String)] = [
        .days: ("days", "daysUntilPrompt"),
        .uses: ("uses", "usesUntilPrompt"),
        .events: ("events", "significantEventsUntilPrompt"),
        .activeUsage: ("active minutes", "activeUsageMinutesUntilPrompt"),
        .usesPerWeek: ("uses per week", "usesPerWeekForPrompt"),
    ]
}

extension ThresholdCombination {
    /// How this combination reads in an explanation.
    var explanation: String {
        switch self {
        case .all: "all of: days, uses, events, active usage, uses per week"
        case .daysThenAny: "days, then any of: uses, events, active usage; and uses per week"
        }
    }
}
