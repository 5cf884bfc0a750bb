public import struct Foundation.Date

/// The decision rules: one pure function of configuration, state and time.
///
/// Nothing here reads a clock, a file or the environment, so the same inputs always give the
/// same ``Decision``: the engine, the `armchair explain` command and the tests all call this.
///
/// Every threshold is met *at* its value (`>=`): 20 uses meet `usesUntilPrompt = 20`. Gates
/// (answers and the yearly cap) hold the prompt back whatever the thresholds say; only debug mode
/// goes past them.
public enum PromptRules {
    /// Decides whether to prompt.
    ///
    /// - Parameters:
    ///   - configuration: The thresholds and policies.
    ///   - state: The user's state, already prepared for the running version.
    ///   - now: The time to decide for.
    /// - Returns: The decision with every criterion and its numbers.
    public static func evaluate(_ configuration: Configuration, _ state: RatingState, now: Date) -> Decision {
        var criteria = gates(configuration, state, now: now)
        let gatesPassed = criteria.allSatisfy(\.isSatisfied)

        let waiting = daysCriterion(configuration, state, now: now)
        let engagement = [
            usesCriterion(configuration, state),
            eventsCriterion(configuration, state),
            activeUsageCriterion(configuration, state),
        ]
        let regularity = usesPerWeekCriterion(configuration, state, now: now)
        criteria += [waiting] + engagement + [regularity]

        let activeEngagement = engagement.filter { $0.status != .off }
        let engaged: Bool
        switch configuration.thresholdCombination {
        case .all:
            engaged = activeEngagement.allSatisfy(\.isSatisfied)
        case .daysThenAny:
            engaged = activeEngagement.isEmpty || activeEngagement.contains { $0.status == .met }
        }
        let thresholdsMet = waiting.isSatisfied && engaged && regularity.isSatisfied

        let debug = configuration.isDebugActive
        if debug {
            criteria.insert(
                Criterion(kind: .debugMode, role: .override, status: .met, summary: "debug mode: prompt every time"),
                at: 0)
        }
        return Decision(
            shouldPrompt: debug || (gatesPassed && thresholdsMet),
            gatesPassed: gatesPassed,
            thresholdsMet: thresholdsMet,
            isDebugOverride: debug,
            isUpdatePrompt: state.ratedAnyVersion && !state.ratedThisVersion,
            combination: configuration.thresholdCombination,
            criteria: criteria
        )
    }

    // MARK: Gates

    private static func gates(_ configuration: Configuration, _ state: RatingState, now: Date) -> [Criterion] {
        var gates: [Criterion] = []
        gates.append(
            state.ratedThisVersion
                ? gate(.ratedThisVersion, .missing, "rated this version")
                : gate(.ratedThisVersion, .met, "not rated this version"))
        if state.ratedAnyVersion && !state.ratedThisVersion {
            let version = state.lastVersionRated.map { " (\($0))" } ?? ""
            gates.append(
                configuration.shouldPromptIfRated
                    ? gate(.ratedEarlierVersion, .met, "rated an earlier version\(version); may ask about this one")
                    : gate(.ratedEarlierVersion, .missing, "rated an earlier version\(version); shouldPromptIfRated is off"))
        }
        gates.append(
            state.declinedThisVersion
                ? gate(.declinedThisVersion, .missing, "declined this version")
                : gate(.declinedThisVersion, .met, "not declined this version"))
        gates.append(reminderGate(configuration, state, now: now))

        let shown = state.promptCount(inYearBefore: now)
        let limit = configuration.maxPromptsPerYear
        var cap = gate(.yearlyCap, shown < limit ? .met : .missing, "prompts in the last 365 days: \(shown)/\(limit)")
        cap.current = Double(shown)
        cap.required = Double(limit)
        gates.append(cap)
        return gates
    }

    private static func reminderGate(_ configuration: Configuration, _ state: RatingState, now: Date) -> Criterion {
        guard let reminded = state.lastRemindedDate else {
            return gate(.reminderPeriod, .met, "no reminder pending")
        }
        let elapsed = days(from: reminded, to: now)
        let period = configuration.daysBeforeReminding
        var criterion =
            elapsed >= period
            ? gate(.reminderPeriod, .met, "reminder period over (asked to remind \(Number.short(elapsed)) days ago)")
            : gate(.reminderPeriod, .missing, "reminder period: \(Number.short(period - elapsed)) of \(Number.short(period)) \(Number.days(period)) left")
        criterion.current = elapsed
        criterion.required = period
        return criterion
    }

    private static func gate(_ kind: Criterion.Kind, _ status: Criterion.Status, _ summary: String) -> Criterion {
        Criterion(kind: kind, role: .gate, status: status, summary: summary)
    }

    // MARK: Thresholds

    private static func daysCriterion(_ configuration: Configuration, _ state: RatingState, now: Date) -> Criterion {
        let elapsed = state.firstUseDate.map { days(from: $0, to: now) } ?? 0
        return threshold(.days, .waitingTime, "days", elapsed, configuration.daysUntilPrompt, setting: "daysUntilPrompt")
    }

    private static func usesCriterion(_ configuration: Configuration, _ state: RatingState) -> Criterion {
        threshold(.uses, .engagement, "uses", Double(state.useCount), Double(configuration.usesUntilPrompt), setting: "usesUntilPrompt")
    }

    private static func eventsCriterion(_ configuration: Configuration, _ state: RatingState) -> Criterion {
        guard !configuration.eventScenarios.isEmpty else {
            return threshold(
                .events, .engagement, "events", Double(state.significantEventCount),
                Double(configuration.significantEventsUntilPrompt), setting: "significantEventsUntilPrompt")
        }
        var anyComplete = false
        let parts = configuration.eventScenarios.map { scenario in
            let counts = scenario.requirements.sorted { $0.key < $1.key }.map { event, needed in
                (event: event, have: state.eventCounts[event] ?? 0, needed: needed)
            }
            let complete = counts.allSatisfy { $0.have >= $0.needed }
            anyComplete = anyComplete || complete
            let list = counts.map { "\($0.event) \($0.have)/\($0.needed)" }.joined(separator: ", ")
            return "\(scenario.name)\(complete ? " (complete)" : ""): \(list)"
        }
        return Criterion(
            kind: .events, role: .engagement, status: anyComplete ? .met : .missing,
            summary: "events, any scenario: " + parts.joined(separator: "; "))
    }

    private static func activeUsageCriterion(_ configuration: Configuration, _ state: RatingState) -> Criterion {
        threshold(
            .activeUsage, .engagement, "active minutes", state.activeUsageSeconds / 60,
            configuration.activeUsageMinutesUntilPrompt, setting: "activeUsageMinutesUntilPrompt")
    }

    private static func usesPerWeekCriterion(_ configuration: Configuration, _ state: RatingState, now: Date) -> Criterion {
        let elapsed = state.firstUseDate.map { days(from: $0, to: now) } ?? 0
        let weeks = max(elapsed / 7, 1)
        return threshold(
            .usesPerWeek, .regularity, "uses per week", Double(state.useCount) / weeks,
            configuration.usesPerWeekForPrompt, setting: "usesPerWeekForPrompt")
    }

    private static func threshold(
        _ kind: Criterion.Kind, _ role: Criterion.Role, _ label: String,
        _ current: Double, _ required: Double, setting: String
    ) -> Criterion {
        if required == 0 {
            return Criterion(kind: kind, role: role, status: .off, current: current, required: 0, summary: "\(label) (\(setting) is 0)")
        }
        return Criterion(
            kind: kind, role: role, status: current >= required ? .met : .missing,
            current: current, required: required,
            summary: "\(label) \(Number.short(current))/\(Number.short(required))")
    }

    private static func days(from start: Date, to end: Date) -> Double {
        max(0, end.timeIntervalSince(start) / RatingState.secondsPerDay)
    }
}
