public import struct FoundationEssentials.Date

/// The decision rules: one pure function of configuration, state and time.
///
/// Nothing here reads a clock, a file or the environment, so the same inputs always give the
/// same ``Decision``: the engine, the `armchair` tool and the tests all call this.
///
/// Every threshold is met *at* its value (`>=`): 20 uses meet `usesUntilPrompt = 20`. Gates
/// (answers, the reminder period and the yearly cap) hold the prompt back whatever the thresholds
/// say; only debug mode goes past them.
public enum PromptRules {
    /// Decides whether to prompt.
    ///
    /// - Parameters:
    ///   - configuration: The thresholds and policies, and the running version.
    ///   - stored: The user's state as stored. When it belongs to an older version, the rules see it
    ///     as the running version will (counters started again when versions are tracked).
    ///   - now: The time to decide for.
    ///   - session: What the engine knows about this launch and the app's other processes.
    /// - Returns: The decision with every criterion and its numbers.
    public static func evaluate(
        _ configuration: Configuration, _ stored: RatingState, now: Date, session: SessionContext = SessionContext()
    ) -> Decision {
        let datesInTheFuture = stored.datesInTheFuture(now: now)
        // Nearly always the stored state is the running version's, with no date to correct: then
        // the rules read it as it is, without copying it.
        guard !datesInTheFuture.isEmpty || !stored.isTracking(configuration) else {
            return decide(configuration, stored, now: now, session: session, datesInTheFuture: [])
        }
        var state = stored
        state.correctDatesInTheFuture(now: now)
        state.startTracking(configuration, now: now)
        return decide(configuration, state, now: now, session: session, datesInTheFuture: datesInTheFuture)
    }

    /// The decision on `state`, the running version's state with its dates corrected.
    private static func decide(
        _ configuration: Configuration, _ state: RatingState, now: Date, session: SessionContext,
        datesInTheFuture: [StateKey]
    ) -> Decision {
        var criteria: [Criterion] = []
        criteria.reserveCapacity(16)
        let debug = configuration.isDebugActive
        if debug { criteria.append(Criterion(kind: .debugMode, role: .override, status: .met)) }

        // Gates.
        criteria.append(gate(.ratedThisVersion, holds: !state.ratedThisVersion))
        if state.ratedAnyVersion && !state.ratedThisVersion {
            criteria.append(gate(.ratedEarlierVersion, holds: configuration.shouldPromptIfRated))
        }
        criteria.append(declineGate(configuration, state, now: now))
        var reminder = gate(.reminderPeriod, holds: true)
        if let reminded = state.lastRemindedDate {
            let elapsed = days(from: reminded, to: now)
            reminder.status = elapsed >= configuration.daysBeforeReminding ? .met : .missing
            reminder.current = elapsed
            reminder.required = configuration.daysBeforeReminding
        }
        criteria.append(reminder)
        var interval = gate(.minimumInterval, holds: true)
        interval.required = configuration.minimumDaysBetweenPrompts
        if let last = state.promptDates.last {
            let elapsed = days(from: last, to: now)
            interval.current = elapsed
            if elapsed < configuration.minimumDaysBetweenPrompts { interval.status = .missing }
        }
        criteria.append(interval)
        let shown = state.promptCount(inYearBefore: now)
        var cap = gate(.yearlyCap, holds: shown < configuration.maxPromptsPerYear)
        cap.current = Double(shown)
        cap.required = Double(configuration.maxPromptsPerYear)
        criteria.append(cap)
        var crash = gate(.previousSessionCrashed, holds: !session.previousSessionCrashed)
        if session.previousSessionCrashed && !configuration.skipsPromptAfterCrash { crash.status = .off }
        criteria.append(crash)
        criteria.append(gate(.promptShownElsewhere, holds: !session.promptShownElsewhere))
        if let desktop = session.desktop {
            criteria.append(gate(.desktopSwitch, holds: desktop.policy.prompts.value))
            criteria.append(quietPeriodGate(desktop, now: now))
        }
        let gatesPassed = criteria.allSatisfy { $0.role != .gate || $0.isSatisfied }

        // Thresholds.
        let elapsed = state.firstUseDate.map { days(from: $0, to: now) } ?? 0
        let waiting = threshold(.days, .waitingTime, elapsed, configuration.daysUntilPrompt)
        let uses = threshold(.uses, .engagement, Double(state.useCount), Double(configuration.usesUntilPrompt))
        let events = eventsCriterion(configuration, state)
        let active = threshold(
            .activeUsage, .engagement, state.activeUsageSeconds / 60, configuration.activeUsageMinutesUntilPrompt)
        let regularity = threshold(
            .usesPerWeek, .regularity, Double(state.useCount) / max(elapsed / 7, 1), configuration.usesPerWeekForPrompt)
        criteria.append(waiting)
        criteria.append(uses)
        criteria.append(events)
        criteria.append(active)
        criteria.append(regularity)

        let engaged: Bool
        switch configuration.thresholdCombination {
        case .all:
            engaged = uses.isSatisfied && events.isSatisfied && active.isSatisfied
        case .daysThenAny:
            let anyMet = uses.status == .met || events.status == .met || active.status == .met
            engaged = anyMet || (uses.status == .off && events.status == .off && active.status == .off)
        }
        let thresholdsMet = waiting.isSatisfied && engaged && regularity.isSatisfied

        return Decision(
            shouldPrompt: debug || (gatesPassed && thresholdsMet),
            gatesPassed: gatesPassed,
            thresholdsMet: thresholdsMet,
            isDebugOverride: debug,
            isUpdatePrompt: state.ratedAnyVersion && !state.ratedThisVersion,
            combination: configuration.thresholdCombination,
            criteria: criteria,
            ratedVersion: state.ratedAnyVersion ? state.lastVersionRated : nil,
            declinedVersion: state.declinedAnyVersion ? state.lastVersionDeclined : nil,
            scenarios: configuration.eventScenarios.isEmpty ? [] : scenarioProgress(configuration, state),
            datesInTheFuture: datesInTheFuture,
            desktop: session.desktop,
            desktopQuietPeriodEnds: session.desktop?.quietPeriodEnd(now: now)
        )
    }

    /// The desktop's quiet period after another app's prompt. A prompt recorded up to a day ahead
    /// of the clock counts as now; the record does not hand on one further ahead.
    private static func quietPeriodGate(_ desktop: DesktopContext, now: Date) -> Criterion {
        let quietDays = Double(desktop.policy.quietDays.value)
        var criterion = gate(.desktopQuietPeriod, holds: true)
        criterion.required = quietDays
        guard quietDays > 0, case .read(let last) = desktop.record else {
            criterion.status = .off
            return criterion
        }
        guard let last else { return criterion }
        let elapsed = max(days(from: last, to: now), 0)
        criterion.current = elapsed
        if elapsed < quietDays { criterion.status = .missing }
        return criterion
    }

    /// "No, thanks" under the decline policy and its expiry.
    private static func declineGate(_ configuration: Configuration, _ state: RatingState, now: Date) -> Criterion {
        var criterion = gate(.declined, holds: true)
        guard state.declinedAnyVersion else { return criterion }
        let elapsed = state.lastDeclinedDate.map { days(from: $0, to: now) } ?? 0
        let expiry = configuration.daysBeforeAskingAgainAfterDecline
        let applies =
            switch configuration.declinePolicy {
            case .thisVersion: state.declinedThisVersion
            case .forever: true
            }
        let expired = expiry > 0 && elapsed >= expiry
        criterion.status = applies && !expired ? .missing : .met
        criterion.current = elapsed
        criterion.required = expiry
        criterion.declinePolicy = configuration.declinePolicy
        return criterion
    }

    private static func gate(_ kind: Criterion.Kind, holds: Bool) -> Criterion {
        Criterion(kind: kind, role: .gate, status: holds ? .met : .missing)
    }

    private static func threshold(
        _ kind: Criterion.Kind, _ role: Criterion.Role, _ current: Double, _ required: Double
    ) -> Criterion {
        let status: Criterion.Status = required == 0 ? .off : current >= required ? .met : .missing
        return Criterion(kind: kind, role: role, status: status, current: current, required: required)
    }

    private static func eventsCriterion(_ configuration: Configuration, _ state: RatingState) -> Criterion {
        guard !configuration.eventScenarios.isEmpty else {
            return threshold(
                .events, .engagement, Double(state.significantEventCount),
                Double(configuration.significantEventsUntilPrompt))
        }
        let complete = configuration.eventScenarios.contains { scenario in
            scenario.requirements.allSatisfy { name, required in state.eventCounts[name, default: 0] >= required }
        }
        return Criterion(kind: .events, role: .engagement, status: complete ? .met : .missing)
    }

    /// How far each scenario has come, for the explanation.
    private static func scenarioProgress(_ configuration: Configuration, _ state: RatingState) -> [ScenarioProgress] {
        configuration.eventScenarios.map { scenario in
            ScenarioProgress(
                name: scenario.name,
                events: scenario.requirements.sorted { $0.key < $1.key }.map { name, required in
                    ScenarioProgress.Event(name: name, count: state.eventCounts[name] ?? 0, required: required)
                })
        }
    }

    /// The days from `start` to `end`. Negative when `start` lies ahead, by less than
    /// ``RatingState/clockTolerance`` (later dates count as now): what is still needed then
    /// includes the time until it.
    private static func days(from start: Date, to end: Date) -> Double {
        end.timeIntervalSince(start) / RatingState.secondsPerDay
    }
}
