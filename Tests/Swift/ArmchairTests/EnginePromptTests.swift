import Armchair
import ArmchairTesting
import Foundation
import Testing

/// The engine end to end on an in-memory store: counting, prompting, answers and callbacks.
@MainActor
@Suite("Prompting")
struct EnginePromptTests {
    /// A fixture whose thresholds are met after `advance()`: 30 days and 20 uses.
    func readyFixture(
        answers: [RatingAnswer] = [], _ adjust: (inout Configuration) -> Void = { _ in }
    ) throws -> EngineFixture {
        let fixture = try EngineFixture(configuration { adjust(&$0) }, presenter: RecordingPresenter(answers: answers))
        fixture.use(20)
        fixture.clock.advance(days: 30)
        return fixture
    }

    @Test("Launch counts a use and prompts once the rules allow")
    func launchPrompts() async throws {
        let fixture = try EngineFixture(presenter: RecordingPresenter(answers: [.remindLater]))
        fixture.use(18)
        fixture.clock.advance(days: 30)
        #expect(fixture.engine.appLaunched() == nil)  // 19 uses
        #expect(fixture.presenter.prompts.isEmpty)
        let outcome = await fixture.engine.appLaunched()?.value  // 20 uses
        #expect(outcome == .answered(.remindLater))
        #expect(fixture.presenter.prompts.count == 1)
        #expect(fixture.engine.state.useCount == 20)
    }

    @Test("Launch only counts when promptAtLaunch is off")
    func promptAtLaunchOff() throws {
        let fixture = try readyFixture { $0.promptAtLaunch = false }
        #expect(fixture.engine.appLaunched() == nil)
        #expect(fixture.engine.appEnteredForeground() == nil)
        #expect(fixture.presenter.prompts.isEmpty)
        #expect(fixture.engine.state.useCount == 22)
        #expect(fixture.engine.ratingConditionsHaveBeenMet())
    }

    @Test("A significant event may prompt, unless told to wait")
    func significantEventPrompts() async throws {
        let fixture = try readyFixture()
        #expect(fixture.engine.userDidSignificantEvent(canPromptForRating: false) == nil)
        #expect(fixture.engine.logEvent(deferPrompt: true) == nil)
        #expect(await fixture.engine.logEvent(deferPrompt: false)?.value == .answered(.dismissed))
        #expect(fixture.engine.state.significantEventCount == 3)
    }

    @Test("The prompt shows the configured texts, or the defaults with the app name")
    func promptTexts() async throws {
        let fixture = try readyFixture { $0.appName = "Notes" }
        _ = await fixture.engine.showPromptIfNecessary()?.value
        let prompt = try #require(fixture.presenter.prompts.first)
        #expect(prompt.title == "Rate Notes")
        #expect(prompt.message.hasPrefix("Has Notes been useful to you?"))
        #expect(prompt.rateButton == "_Rate")
        #expect(RatingPrompt.plain(prompt.rateButton) == "Rate")
        #expect(prompt.remindButton == "Remind Me _Later")
        #expect(prompt.destination.primary == "appstream://org.example.Notes")

        let custom = try readyFixture {
            $0.texts = PromptTexts(title: "Like it?", rateButton: "_Sure")
            $0.daysBeforeReminding = 0
        }
        _ = await custom.engine.showPromptIfNecessary()?.value
        let customPrompt = try #require(custom.presenter.prompts.first)
        #expect(customPrompt.title == "Like it?")
        #expect(customPrompt.rateButton == "_Sure")
        #expect(customPrompt.remindButton == nil)
        #expect(customPrompt.cancelButton == "_No, Thanks")
    }

    // MARK: Answers

    @Test("Rate: recorded for this and any version, review page opened, callbacks once")
    func rateAnswer() async throws {
        let fixture = try readyFixture(answers: [.rate])
        let counter = CallCounter()
        install(counter, on: fixture.engine)
        let outcome = await fixture.engine.showPromptIfNecessary()?.value
        #expect(outcome == .answered(.rate))
        let state = fixture.engine.state
        #expect(state.ratedThisVersion && state.ratedAnyVersion)
        #expect(state.lastVersionRated == "1.0")
        #expect(state.lastRatedDate == fixture.clock.now)
        #expect(state.promptDates == [fixture.clock.now])
        #expect(fixture.presenter.openedURIs == ["appstream://org.example.Notes"])
        #expect(counter.calls == ["didDisplayAlert", "didOptToRate", "didOpenStore appstream://org.example.Notes"])
        #expect(fixture.engine.showPromptIfNecessary() == nil)
    }

    @Test("Remind later: the prompt waits daysBeforeReminding")
    func remindAnswer() async throws {
        let fixture = try readyFixture(answers: [.remindLater]) { $0.minimumDaysBetweenPrompts = 0 }
        let counter = CallCounter()
        install(counter, on: fixture.engine)
        _ = await fixture.engine.showPromptIfNecessary()?.value
        #expect(counter.calls == ["didDisplayAlert", "didOptToRemindLater"])
        #expect(fixture.engine.state.lastRemindedDate == fixture.clock.now)
        fixture.clock.advance(days: 0.99)
        #expect(fixture.engine.showPromptIfNecessary() == nil)
        fixture.clock.advance(days: 0.01)
        #expect(await fixture.engine.showPromptIfNecessary()?.value == .answered(.dismissed))
        #expect(fixture.presenter.openedURIs.isEmpty)
    }

    @Test("Closing the prompt means not now, never no")
    func dismissIsNotDecline() async throws {
        let fixture = try readyFixture(answers: [.dismissed])
        let counter = CallCounter()
        install(counter, on: fixture.engine)
        _ = await fixture.engine.showPromptIfNecessary()?.value
        let state = fixture.engine.state
        #expect(!state.declinedThisVersion && !state.declinedAnyVersion)
        #expect(state.lastRemindedDate == fixture.clock.now)
        #expect(counter.calls == ["didDisplayAlert", "didOptToRemindLater"])
    }

    @Test("No, thanks: not asked again in this version")
    func declineAnswer() async throws {
        let fixture = try readyFixture(answers: [.decline])
        let counter = CallCounter()
        install(counter, on: fixture.engine)
        _ = await fixture.engine.showPromptIfNecessary()?.value
        #expect(counter.calls == ["didDisplayAlert", "didDeclineToRate"])
        #expect(fixture.engine.state.declinedThisVersion)
        fixture.clock.advance(days: 100)
        #expect(fixture.engine.showPromptIfNecessary() == nil)
        #expect(fixture.engine.showPrompt() == nil)
        #expect(
            fixture.engine.decision().headline == "Not prompting: declined (1.0) 100 days ago; asks again after 365.")
    }

    @Test("Only one prompt at a time")
    func onePromptAtATime() async throws {
        let fixture = try readyFixture()
        let first = fixture.engine.showPromptIfNecessary()
        #expect(first != nil)
        #expect(fixture.engine.showPromptIfNecessary() == nil)
        #expect(fixture.engine.showPrompt() == nil)
        _ = await first?.value
        #expect(fixture.presenter.prompts.count == 1)
    }

    @Test("The app's shouldPrompt sees the decision and can hold the prompt back")
    func shouldPromptVeto() async throws {
        let fixture = try readyFixture()
        var seen: TrackingInfo?
        fixture.engine.callbacks.shouldPrompt = { info in
            seen = info
            return false
        }
        #expect(fixture.engine.showPromptIfNecessary() == nil)
        #expect(seen?.decision.shouldPrompt == true)
        #expect(seen?.state.useCount == 20)
        #expect(fixture.presenter.prompts.isEmpty)
        #expect(fixture.engine.state.promptDates.isEmpty)
    }

    @Test("showPrompt ignores the thresholds but not the answers")
    func showPromptIgnoresThresholds() async throws {
        let fixture = try EngineFixture(presenter: RecordingPresenter(answers: [.remindLater]))
        #expect(!fixture.engine.ratingConditionsHaveBeenMet())
        #expect(await fixture.engine.showPrompt()?.value == .answered(.remindLater))
        #expect(fixture.engine.showPrompt() == nil)  // the reminder period holds
    }

    @Test("The closure variant decides alone, but the limits on how often still hold")
    func closureVariant() async throws {
        let fixture = try EngineFixture(
            configuration {
                $0.daysBeforeReminding = 0
                $0.minimumDaysBetweenPrompts = 0
            }, presenter: RecordingPresenter(defaultAnswer: .dismissed))
        var globalCalls = 0
        fixture.engine.callbacks.shouldPrompt = { _ in
            globalCalls += 1
            return false
        }
        #expect(fixture.engine.userDidSignificantEvent(shouldPrompt: { _ in false }) == nil)
        for _ in 0..<3 {
            #expect(
                await fixture.engine.userDidSignificantEvent(shouldPrompt: { _ in true })?.value
                    == .answered(.dismissed))
        }
        #expect(fixture.engine.userDidSignificantEvent(shouldPrompt: { _ in true }) == nil)
        #expect(globalCalls == 0)
        #expect(fixture.presenter.prompts.count == 3)
        #expect(fixture.engine.state.significantEventCount == 5)
    }

    @Test("Without a presenter nothing is shown, nothing is recorded as shown, and nothing is warned about")
    func noPresenter() throws {
        let fixture = try readyFixture()
        fixture.engine.presenter = nil
        #expect(fixture.engine.showPromptIfNecessary() == nil)
        #expect(fixture.engine.state.promptDates.isEmpty)
        // An app with its own prompt makes its engine without a presenter on purpose.
        #expect(fixture.log.messages(atLeast: .warning).isEmpty)
    }

    // MARK: Rating directly and opening the store

    @Test("rateApp records the rating and opens the review page")
    func rateApp() async throws {
        let fixture = try EngineFixture()
        let counter = CallCounter()
        install(counter, on: fixture.engine)
        let opened = await fixture.engine.rateApp().value
        #expect(opened == "appstream://org.example.Notes")
        #expect(fixture.engine.state.ratedThisVersion)
        #expect(counter.calls == ["didOptToRate", "didOpenStore appstream://org.example.Notes"])
    }

    @Test("shouldOpenStore false leaves opening to the app")
    func shouldOpenStoreFalse() async throws {
        let fixture = try EngineFixture()
        fixture.engine.callbacks.shouldOpenStore = { _ in false }
        #expect(await fixture.engine.rateApp().value == nil)
        #expect(fixture.presenter.openedURIs.isEmpty)
        #expect(fixture.engine.state.ratedThisVersion)
    }

    @Test("Each address is tried in turn; when none opens it is reported, and the rating still counts")
    func couldNotOpenStore() async throws {
        let fixture = try EngineFixture()
        fixture.presenter.failingURIs = ["appstream://org.example.Notes": "no software centre"]
        #expect(await fixture.engine.rateApp().value == "https://flathub.org/apps/org.example.Notes")
        #expect(
            fixture.presenter.openedURIs == [
                "appstream://org.example.Notes", "https://flathub.org/apps/org.example.Notes",
            ])

        fixture.presenter.failingURIs["https://flathub.org/apps/org.example.Notes"] = "no browser"
        var reported: ReviewPageError?
        fixture.engine.callbacks.couldNotOpenStore = { reported = $0 }
        #expect(await fixture.engine.rateApp().value == nil)
        #expect(reported?.failures.map(\.reason) == ["no software centre", "no browser"])
        #expect(fixture.engine.state.ratedThisVersion)
    }

    // MARK: Counting

    @Test("shouldIncrementUseCount can ignore a return to the app")
    func shouldIncrementUseCount() throws {
        let fixture = try EngineFixture(configuration { $0.promptAtLaunch = false })
        var answers = [false, true]
        fixture.engine.callbacks.shouldIncrementUseCount = { answers.removeFirst() }
        fixture.engine.appEnteredForeground()
        fixture.engine.appEnteredForeground()
        #expect(answers.isEmpty)
        #expect(fixture.engine.state.useCount == 1)
    }

    @Test("Named events count by name and in the total, with weights")
    func namedEvents() throws {
        let fixture = try EngineFixture()
        fixture.engine.userDidSignificantEvent(named: "export", canPromptForRating: false)
        fixture.engine.userDidSignificantEvent(named: "export", weight: 3, canPromptForRating: false)
        fixture.engine.userDidSignificantEvent(named: "bad name!", canPromptForRating: false)
        fixture.engine.userDidSignificantEvent(named: "share", weight: 0, canPromptForRating: false)
        #expect(fixture.engine.state.eventCounts == ["export": 4])
        #expect(fixture.engine.state.significantEventCount == 4)
        #expect(fixture.log.messages(atLeast: .error).count == 2)
    }

    @Test("Active usage accumulates; nonsense durations are ignored")
    func activeUsage() throws {
        let fixture = try EngineFixture()
        fixture.engine.addActiveUsage(seconds: 90)
        fixture.engine.addActiveUsage(seconds: 30.5)
        fixture.engine.addActiveUsage(seconds: -5)
        fixture.engine.addActiveUsage(seconds: .nan)
        fixture.engine.addActiveUsage(seconds: .infinity)
        #expect(fixture.engine.state.activeUsageSeconds == 120.5)
    }

    @Test("resetUsageCounters keeps the answers; resetAllCounters forgets everything through the same store")
    func resets() async throws {
        let fixture = try readyFixture(answers: [.decline])
        fixture.engine.userDidSignificantEvent(named: "export", canPromptForRating: false)
        _ = await fixture.engine.showPromptIfNecessary()?.value
        fixture.engine.resetUsageCounters()
        var state = fixture.engine.state
        #expect(state.useCount == 0 && state.significantEventCount == 0 && state.eventCounts.isEmpty)
        #expect(state.firstUseDate == fixture.clock.now)
        #expect(state.declinedThisVersion)
        #expect(state.promptDates.count == 1)

        fixture.engine.resetAllCounters()
        state = fixture.engine.state
        #expect(!state.declinedThisVersion && !state.declinedAnyVersion && state.promptDates.isEmpty)
        #expect(state.trackedVersion == "1.0")
        // The reset went through the injected store, not somewhere else.
        let stored = fixture.store.contents
        #expect(stored["org.example.Notes.declined-this-version"] == "false")
        #expect(stored["org.example.Notes.prompt-dates"] == nil)
    }

    /// Records every callback in `counter`.
    func install(_ counter: CallCounter, on engine: RatingEngine) {
        engine.callbacks.didDisplayAlert = { counter.record("didDisplayAlert") }
        engine.callbacks.didDeclineToRate = { counter.record("didDeclineToRate") }
        engine.callbacks.didOptToRate = { counter.record("didOptToRate") }
        engine.callbacks.didOptToRemindLater = { counter.record("didOptToRemindLater") }
        engine.callbacks.didDetectAppUpdate = { counter.record("didDetectAppUpdate \($0.previous)→\($0.current)") }
        engine.callbacks.didOpenStore = { counter.record("didOpenStore \($0)") }
        engine.callbacks.couldNotOpenStore = { _ in counter.record("couldNotOpenStore") }
    }
}

extension KeyValueStore {
    /// The stored values, treating a read error as a test failure.
    var contents: [String: String] {
        do { return try read() } catch {
            Issue.record("store read failed: \(error)")
            return [:]
        }
    }
}

/// Counting without prompting, for a lifecycle layer that checks later.
@MainActor
@Suite("Counting without prompting")
struct CountingWithoutPromptingTests {
    @Test("appLaunched and appEnteredForeground can count without prompting")
    func countWithoutPrompting() throws {
        let fixture = try EngineFixture(
            configuration {
                $0.daysUntilPrompt = 0
                $0.usesUntilPrompt = 0
            })
        #expect(fixture.engine.appLaunched(canPromptForRating: false) == nil)
        #expect(fixture.engine.appEnteredForeground(canPromptForRating: false) == nil)
        #expect(fixture.engine.state.useCount == 2)
        #expect(fixture.presenter.prompts.isEmpty)
        #expect(fixture.engine.ratingConditionsHaveBeenMet())
    }
}

/// A presenter that never answers must not block the app.
@MainActor
@Suite("Silent presenter")
struct SilentPresenterTests {
    /// Shows the prompt and never returns.
    final class SilentPresenter: RatingPresenter {
        func presentRatingPrompt(_ prompt: RatingPrompt) async -> RatingAnswer {
            await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
            return .dismissed
        }
        func openURI(_ uri: String) async throws(OpenURIError) {}
    }

    @Test("The app goes on counting while a prompt waits for an answer, and no second prompt stacks up")
    func neverAnswers() async throws {
        let presenter = SilentPresenter()
        let engine = try RatingEngine(
            configuration: configuration { $0.minimumDaysBetweenPrompts = 0 }, store: InMemoryStore(),
            presenter: presenter, clock: ManualWallClock(), environment: [:])
        let waiting = engine.showPrompt()
        #expect(waiting != nil)
        await Task.yield()
        engine.userDidSignificantEvent(canPromptForRating: false)
        engine.appLaunched(canPromptForRating: false)
        #expect(engine.state.significantEventCount == 1)
        #expect(engine.state.useCount == 1)
        #expect(engine.showPrompt() == nil)
        #expect(engine.flush())
        waiting?.cancel()
    }
}

/// Two engines of one app in one process (one per window, say) on one store.
@MainActor
@Suite("One prompt at a time, within a process")
struct SameProcessTests {
    /// Keeps the rating prompt "on screen" until ``close()``.
    final class HeldPresenter: RatingPresenter {
        private var waiting: CheckedContinuation<RatingAnswer, Never>?
        private(set) var shown = 0

        func presentRatingPrompt(_ prompt: RatingPrompt) async -> RatingAnswer {
            shown += 1
            return await withCheckedContinuation { waiting = $0 }
        }

        func close() {
            waiting?.resume(returning: .remindLater)
            waiting = nil
        }

        func openURI(_ uri: String) async throws(OpenURIError) {}
    }

    @Test("a second engine on the same store does not show a prompt while the first shows one")
    func twoEngines() async throws {
        let store = InMemoryStore()
        let clock = ManualWallClock()
        let settings = configuration {
            $0.daysUntilPrompt = 0
            $0.usesUntilPrompt = 0
            $0.minimumDaysBetweenPrompts = 0
            $0.daysBeforeReminding = 0
            $0.maxPromptsPerYear = 10
        }
        let (first, second) = (HeldPresenter(), HeldPresenter())
        let one = try RatingEngine(
            configuration: settings, store: store, presenter: first, clock: clock, environment: [:])
        let two = try RatingEngine(
            configuration: settings, store: store, presenter: second, clock: clock, environment: [:])
        let showing = try #require(one.showPromptIfNecessary())
        await Task.yield()
        #expect(first.shown == 1)
        #expect(two.showPromptIfNecessary() == nil)
        #expect(two.showPrompt() == nil)
        #expect(two.decision().criterion(.promptShownElsewhere)?.status == .missing)
        #expect(one.decision().criterion(.promptShownElsewhere)?.status == .met, "its own prompt is not elsewhere")
        first.close()
        #expect(await showing.value == .answered(.remindLater))
        let next = try #require(two.showPromptIfNecessary(), "once the first closed, the second may prompt")
        await Task.yield()
        #expect(second.shown == 1)
        second.close()
        _ = await next.value
    }
}

/// What an app can change or ask for while it runs.
@MainActor
@Suite("At run time")
struct RunTimeTests {
    @Test("reconfigure changes the rules and texts the next decision and prompt use")
    func reconfigure() async throws {
        let fixture = try EngineFixture(presenter: RecordingPresenter(answers: [.remindLater]))
        fixture.use(5)
        #expect(fixture.engine.decision().stillNeeded == "30 more days and 15 more uses")
        try fixture.engine.reconfigure {
            $0.daysUntilPrompt = 0
            $0.usesUntilPrompt = 5
            $0.texts.title = "Enjoying Notes?"
            $0.reviewURLTemplate = "https://example.org/review/{appID}"
        }
        #expect(fixture.engine.decision().shouldPrompt)
        #expect(fixture.engine.reviewURLString() == "https://example.org/review/org.example.Notes")
        #expect(await fixture.engine.showPromptIfNecessary()?.value == .answered(.remindLater))
        #expect(fixture.presenter.prompts.first?.title == "Enjoying Notes?")
    }

    @Test("reconfigure refuses what is invalid or would change which state is read, and keeps the old")
    func reconfigureRefuses() throws {
        let fixture = try EngineFixture()
        let error = #expect(throws: ConfigurationError.self) {
            try fixture.engine.reconfigure {
                $0.usesUntilPrompt = -1
                $0.appID = "org.example.Other"
                $0.keyPrefix = "other"
                $0.syncedFolder = "/home/person/Sync"
            }
        }
        #expect(error?.problems.map(\.setting) == ["appID", "syncedFolder", "keyPrefix", "usesUntilPrompt"])
        #expect(fixture.engine.configuration.usesUntilPrompt == 20)
        #expect(fixture.engine.configuration.appID == "org.example.Notes")
    }

    @Test("a new version given at run time is tracked as an update")
    func reconfigureVersion() throws {
        let fixture = try EngineFixture()
        fixture.use(3)
        try fixture.engine.reconfigure { $0.appVersion = "2.0" }
        fixture.engine.appEnteredForeground(canPromptForRating: false)
        #expect(fixture.engine.state.trackedVersion == "2.0")
    }

    @Test("one prompt can skip the satisfaction question, another ask it without the setting")
    func satisfactionPerCall() async throws {
        let fixture = try EngineFixture(
            configuration { $0.asksSatisfactionFirst = true }, presenter: RecordingPresenter(answers: [.remindLater]))
        fixture.clock.advance(days: 1)
        #expect(await fixture.engine.showPrompt(asksSatisfactionFirst: false)?.value == .answered(.remindLater))
        #expect(fixture.presenter.satisfactionQuestions.isEmpty)
        #expect(fixture.presenter.prompts.count == 1)

        let plain = try EngineFixture(presenter: RecordingPresenter(answers: [.remindLater]))
        #expect(await plain.engine.showPrompt(asksSatisfactionFirst: true)?.value == .answered(.remindLater))
        #expect(plain.presenter.satisfactionQuestions.count == 1)
    }

    @Test("openRatingsPage opens the review page and records nothing")
    func openRatingsPage() async throws {
        let fixture = try EngineFixture()
        #expect(await fixture.engine.openRatingsPage().value == "appstream://org.example.Notes")
        #expect(fixture.presenter.openedURIs == ["appstream://org.example.Notes"])
        #expect(!fixture.engine.state.ratedThisVersion && fixture.engine.state.promptDates.isEmpty)
    }
}
