import Armchair
import ArmchairTesting
import Foundation
import Testing

@testable import ArmchairCore
@testable import ArmchairDelivery

/// The policies the ancestors' users asked for, each at its boundaries with an injected clock.
@Suite("Policies")
struct PolicyTests {
    let start = Date(timeIntervalSince1970: 1_767_225_600)

    /// A state that meets the default thresholds at `start + 30 days`, with a decline `daysAgo`
    /// before that, given to `version`.
    func declinedState(daysAgo: Double, version: String = "1.0", running: String = "1.0") -> RatingState {
        var state = RatingState()
        state.firstUseDate = start
        state.trackedVersion = running
        state.useCount = 20
        state.declinedAnyVersion = true
        state.declinedThisVersion = version == running
        state.lastVersionDeclined = version
        state.lastDeclinedDate = start.addingTimeInterval((30 - daysAgo) * 86_400)
        return state
    }

    var readyTime: Date { start.addingTimeInterval(30 * 86_400) }

    func decide(_ state: RatingState, _ adjust: (inout Configuration) -> Void) -> Decision {
        PromptRules.evaluate(configuration(adjust), state, now: readyTime)
    }

    // MARK: Decline policy

    @Test("The default decline policy: every version, for 365 days")
    func declineDefaults() {
        let configuration = Configuration(appID: "org.example.Notes")
        #expect(configuration.declinePolicy == .forever)
        #expect(configuration.daysBeforeAskingAgainAfterDecline == 365)
    }

    @Test("This version: a decline holds in its version and not in the next")
    func declineThisVersion() {
        let thisVersion: (inout Configuration) -> Void = {
            $0.declinePolicy = .thisVersion
            $0.daysBeforeAskingAgainAfterDecline = 0
        }
        let same = decide(declinedState(daysAgo: 400), thisVersion)
        #expect(!same.shouldPrompt)
        #expect(same.summary(.declined) == "declined this version 400 days ago")
        #expect(decide(declinedState(daysAgo: 1, version: "0.9"), thisVersion).shouldPrompt)
    }

    @Test("Forever: a decline holds in every version until it expires")
    func declineForever() {
        let forever: (inout Configuration) -> Void = { $0.daysBeforeAskingAgainAfterDecline = 0 }
        let decision = decide(declinedState(daysAgo: 1000, version: "0.9", running: "5.0"), forever)
        #expect(!decision.shouldPrompt)
        #expect(decision.summary(.declined) == "declined (0.9) 1000 days ago; never asks again")
    }

    @Test(
        "The expiry lifts a decline after its days, under either policy",
        arguments: [
            (DeclinePolicy.forever, 179.99, false), (.forever, 180, true), (.forever, 180.01, true),
            (.thisVersion, 179.99, false), (.thisVersion, 180, true),
        ])
    func declineExpiry(policy: DeclinePolicy, daysAgo: Double, expected: Bool) {
        let decision = decide(declinedState(daysAgo: daysAgo)) {
            $0.declinePolicy = policy
            $0.daysBeforeAskingAgainAfterDecline = 180
        }
        #expect(decision.shouldPrompt == expected)
        let summary = decision.summary(.declined) ?? ""
        #expect(
            expected
                ? summary.hasSuffix("the 180-day hold is over")
                : summary == "declined (1.0) \(Number.short(daysAgo)) days ago; asks again after 180")
    }

    // MARK: Update policy

    /// Uses version 1.0 for `daysBefore` days (20 uses, 3 events), then updates to 2.0 with a
    /// significant event and returns the engine's state and decision after `daysAfter` more days.
    @MainActor
    func update(
        policy: UpdatePolicy, daysBefore: Double = 60, daysAfter: Double = 0
    ) throws -> (state: RatingState, decision: Decision, updates: Int) {
        let store = InMemoryStore()
        let clock = ManualWallClock()
        let old = try EngineFixture(
            configuration {
                $0.updatePolicy = policy
                $0.promptAtLaunch = false
            }, store: store, clock: clock)
        old.use(20)
        for _ in 0..<3 { old.engine.userDidSignificantEvent(canPromptForRating: false) }
        clock.advance(days: daysBefore)
        let new = try EngineFixture(
            configuration {
                $0.appVersion = "2.0"
                $0.updatePolicy = policy
            }, store: store, clock: clock)
        var updates = 0
        new.engine.callbacks.didDetectAppUpdate = { _ in updates += 1 }
        new.engine.userDidSignificantEvent(canPromptForRating: false)
        clock.advance(days: daysAfter)
        return (new.engine.state, new.engine.decision(), updates)
    }

    @Test("Reset counters: the update starts from zero, and the revealing event counts")
    @MainActor
    func updateResets() throws {
        let (state, decision, updates) = try update(policy: .resetCounters)
        #expect(updates == 1)
        #expect(state.useCount == 0)
        #expect(state.significantEventCount == 1)
        #expect(decision.criterion(.days)?.current == 0)
    }

    @Test("Keep counters: counts carry over and the revealing event adds to them")
    @MainActor
    func updateKeeps() throws {
        let (state, _, updates) = try update(policy: .keepCounters(graceDays: 3))
        #expect(updates == 1)
        #expect(state.useCount == 20)
        #expect(state.significantEventCount == 4)
        #expect(!state.declinedThisVersion && !state.ratedThisVersion)
    }

    @Test(
        "Keep counters: the days are met exactly the grace period after the update",
        arguments: [(2.99, false), (3.0, true)])
    @MainActor
    func updateGrace(daysAfter: Double, expected: Bool) throws {
        let (_, decision, _) = try update(policy: .keepCounters(graceDays: 3), daysBefore: 60, daysAfter: daysAfter)
        #expect(decision.criterion(.days)?.status == (expected ? .met : .missing))
        #expect(decision.shouldPrompt == expected)
    }

    @Test("Keep counters: someone who answered the previous version starts a fresh count")
    @MainActor
    func updateAfterAnswerResets() async throws {
        let store = InMemoryStore()
        let clock = ManualWallClock()
        let old = try EngineFixture(store: store, clock: clock, presenter: RecordingPresenter(answers: [.rate]))
        old.use(20)
        clock.advance(days: 30)
        #expect(await old.engine.showPromptIfNecessary()?.value == .answered(.rate))
        let new = try EngineFixture(configuration { $0.appVersion = "2.0" }, store: store, clock: clock)
        new.engine.appLaunched()
        let state = new.engine.state
        #expect(state.useCount == 1)
        #expect(state.firstUseDate == clock.now)
        #expect(state.ratedAnyVersion && !state.ratedThisVersion)
    }

    @Test("The default update policy keeps counters with 3 days' grace")
    func updateDefault() {
        #expect(Configuration(appID: "org.example.Notes").updatePolicy == .keepCounters(graceDays: 3))
    }

    @Test("Keep counters: a recent first use is not moved back")
    @MainActor
    func updateGraceRecentFirstUse() throws {
        // 10 days of use before the update: 20 more days are needed anyway, longer than the grace.
        let (_, decision, _) = try update(policy: .keepCounters(graceDays: 3), daysBefore: 10, daysAfter: 19.9)
        #expect(decision.criterion(.days)?.status == .missing)
        #expect(decision.summary(.days) == "days 29.9/30")
    }

    // MARK: Frequency

    @Test("The minimum time between prompts counts prompts of any version", arguments: [(29.99, false), (30.0, true)])
    func minimumInterval(daysSincePrompt: Double, expected: Bool) {
        var state = declinedState(daysAgo: 0)
        state.declinedAnyVersion = false
        state.declinedThisVersion = false
        state.trackedVersion = "2.0"
        state.promptDates = [readyTime.addingTimeInterval(-daysSincePrompt * 86_400)]
        let decision = decide(state) { $0.appVersion = "2.0" }
        #expect(decision.shouldPrompt == expected)
        #expect(
            decision.summary(.minimumInterval)
                == "last prompt \(Number.short(daysSincePrompt)) days ago; at least 30 between prompts")
        #expect(decision.limitsPassed == expected)
    }

    @Test("The minimum interval stretches a short reminder; the closure variant respects it")
    @MainActor
    func minimumIntervalAfterReminder() async throws {
        let fixture = try EngineFixture(presenter: RecordingPresenter(defaultAnswer: .remindLater))
        #expect(await fixture.engine.showPrompt()?.value == .answered(.remindLater))
        fixture.clock.advance(days: 2)
        #expect(fixture.engine.showPrompt() == nil)
        #expect(fixture.engine.userDidSignificantEvent(shouldPrompt: { _ in true }) == nil)
        fixture.clock.advance(days: 28)
        #expect(await fixture.engine.showPrompt()?.value == .answered(.remindLater))
    }

    // MARK: Weighted events

    @Test("Weights from the configuration count toward the total and the scenarios; a weight at the call wins")
    @MainActor
    func weights() throws {
        let fixture = try EngineFixture(
            configuration {
                $0.eventWeights = ["export": 3]
                $0.eventScenarios = [EventScenario(name: "Exporter", requirements: ["export": 6])]
            })
        fixture.engine.userDidSignificantEvent(named: "export", canPromptForRating: false)
        fixture.engine.userDidSignificantEvent(named: "open", canPromptForRating: false)
        #expect(fixture.engine.state.eventCounts == ["export": 3, "open": 1])
        #expect(fixture.engine.decision().summary(.events) == "events, any scenario: Exporter: export 3/6")
        fixture.engine.userDidSignificantEvent(named: "export", weight: 2, canPromptForRating: false)
        fixture.engine.userDidSignificantEvent(named: "export", weight: 1, canPromptForRating: false)
        #expect(fixture.engine.decision().criterion(.events)?.status == .met)
        #expect(fixture.engine.state.significantEventCount == 7)
    }

    @Test("Invalid weights in the configuration are refused")
    func badWeights() {
        var configuration = Configuration(appID: "org.example.Notes")
        configuration.eventWeights = ["export": 0, "bad name": 2]
        let error = #expect(throws: ConfigurationError.self) { try configuration.validate() }
        #expect(error?.problems.map(\.setting) == ["eventWeights", "eventWeights[\"export\"]"])
    }

    @Test("Invalid policy numbers are refused")
    func badPolicyNumbers() {
        var configuration = Configuration(appID: "org.example.Notes")
        configuration.daysBeforeAskingAgainAfterDecline = -1
        configuration.minimumDaysBetweenPrompts = .nan
        configuration.updatePolicy = .keepCounters(graceDays: .infinity)
        let error = #expect(throws: ConfigurationError.self) { try configuration.validate() }
        #expect(
            error?.problems.map(\.setting)
                == ["daysBeforeAskingAgainAfterDecline", "updatePolicy graceDays", "minimumDaysBetweenPrompts"])
    }
}
