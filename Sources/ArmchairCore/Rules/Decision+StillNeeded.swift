extension Decision {
    /// What must still happen before the prompt may appear, in words: `"8 more uses and 2.4 more
    /// days"`, or `nil` when the rules already allow it.
    ///
    /// Under ``ThresholdCombination/daysThenAny`` the alternatives are joined with "or"
    /// (`"2.4 more days, then 8 more uses or 3 more events"`). Gates come first: while one holds
    /// the prompt back, the thresholds do not matter. Amounts of time are rounded up, so waiting
    /// the time shown is always enough.
    public var stillNeeded: String? { stillNeeded(naming: .swift) }

    /// What must still happen, with any setting it mentions named as `naming` names it.
    package func stillNeeded(naming: SettingNaming) -> String? {
        guard !shouldPrompt else { return nil }
        let gates = criteria.filter { $0.role == .gate && $0.status == .missing }.map { need($0, naming: naming) }
        if !gates.isEmpty { return gates.joined(separator: "; ") }

        func missing(_ kind: Criterion.Kind) -> String? {
            criterion(kind).flatMap { $0.status == .missing ? need($0, naming: naming) : nil }
        }
        let engagementKinds: [Criterion.Kind] = [.uses, .events, .activeUsage]
        let engagement = engagementKinds.compactMap(missing)
        let regularity = missing(.usesPerWeek)
        switch combination {
        case .all:
            let all = [missing(.days)].compactMap(\.self) + engagement + [regularity].compactMap(\.self)
            return all.isEmpty ? nil : Self.joined(all, with: "and")
        case .daysThenAny:
            let anyMet = engagementKinds.contains { criterion($0)?.status == .met }
            var parts: [String] = []
            if let days = missing(.days) { parts.append(days) }
            if !anyMet, !engagement.isEmpty { parts.append(Self.joined(engagement, with: "or")) }
            if let regularity { parts.append(regularity) }
            return parts.isEmpty ? nil : parts.joined(separator: ", then ")
        }
    }

    /// What one missing criterion needs.
    private func need(_ criterion: Criterion, naming: SettingNaming) -> String {
        let current = criterion.current ?? 0
        let required = criterion.required ?? 0
        // NaN (from settings nobody validated) counts as nothing missing.
        let gap = required - current > 0 ? required - current : 0
        func count(_ unit: String, _ units: String) -> String {
            let amount = Number.wholeRoundingUp(gap)
            return "\(amount) more \(amount == 1 ? unit : units)"
        }
        func time(_ what: String) -> String {
            "\(Number.shortRoundingUp(gap)) more \(Number.days(gap))\(what)"
        }
        switch criterion.kind {
        case .days: return time("")
        case .uses: return count("use", "uses")
        case .events where !scenarios.isEmpty:
            guard let closest = scenarios.min(by: { $0.eventsStillNeeded < $1.eventsStillNeeded }) else {
                return "a complete event scenario"
            }
            let events = closest.events.filter { $0.count < $0.required }
                .map { "\(Number.missing($0.required, $0.count)) more \($0.name)" }
            return Self.joined(events, with: "and") + " (scenario \(closest.name))"
        case .events: return count("significant event", "significant events")
        case .activeUsage: return "\(Number.shortRoundingUp(gap)) more active \(gap == 1 ? "minute" : "minutes")"
        case .usesPerWeek:
            return "more regular use (\(Number.short(current)) uses per week, \(Number.short(required)) needed)"
        case .reminderPeriod: return time(" of the reminder period")
        case .minimumInterval: return time(" since the last prompt")
        case .declined:
            return required > 0
                ? time(" until the decline expires")
                : criterion.declinePolicy == .thisVersion
                    ? "a new version: the user declined this one" : "nothing will do: the user declined for good"
        case .yearlyCap:
            return "fewer than \(Number.short(required)) prompts in the last 365 days"
        case .ratedThisVersion: return "a new version: the user rated this one"
        case .ratedEarlierVersion: return "\(naming.name("shouldPromptIfRated")): the user rated an earlier version"
        case .previousSessionCrashed: return "a launch that does not follow a crash"
        case .promptShownElsewhere: return "the prompt showing in another window to close"
        case .desktopSwitch:
            return desktop?.policy.prompts.source.isEnforced == true
                ? "the administrator to allow prompts again"
                : "prompts turned back on for this desktop (armchair desktop --on)"
        case .desktopQuietPeriod: return time(" of the desktop's quiet period between apps")
        case .debugMode: return "nothing"
        }
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func joined(_ parts: [String], with conjunction: String) -> String {
        guard parts.count > 1 else { return parts.first ?? "" }
        return parts.dropLast().joined(separator: ", ") + " \(conjunction) " + (parts.last ?? "")
    }
}

extension ScenarioProgress {
    /// How many more events would complete the scenario.
    fileprivate var eventsStillNeeded: Int {
        events.reduce(0) { total, event in
            let (sum, overflow) = total.addingReportingOverflow(Number.missing(event.required, event.count))
            return overflow ? .max : sum
        }
    }
}
