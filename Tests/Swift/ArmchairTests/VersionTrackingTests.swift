import Armchair
import ArmchairTesting
import Foundation
import Testing

@testable import ArmchairCore

/// New versions: what resets, what stays, and who announces the update.
@MainActor
@Suite("Versions")
struct VersionTrackingTests {
    /// Records answers and usage under version 1.0, then opens the same store as `version`.
    func upgrade(
        to version: String, tracksNewVersions: Bool = true, answer: RatingAnswer = .decline
    ) async throws -> (before: EngineFixture, after: EngineFixture, updates: [AppUpdate]) {
        let store = InMemoryStore()
        let clock = ManualWallClock()
        let before = try EngineFixture(
            configuration {
                $0.tracksNewVersions = tracksNewVersions
                $0.updatePolicy = .resetCounters
            }, store: store, clock: clock,
            presenter: RecordingPresenter(answers: [answer]))
        before.use(20)
        before.engine.userDidSignificantEvent(named: "export", canPromptForRating: false)
        clock.advance(days: 30)
        _ = await before.engine.showPromptIfNecessary()?.value
        clock.advance(days: 2)

        let after = try EngineFixture(
            configuration {
                $0.appVersion = version
                $0.tracksNewVersions = tracksNewVersions
                $0.updatePolicy = .resetCounters
            }, store: store, clock: clock)
        var updates: [AppUpdate] = []
        after.engine.callbacks.didDetectAppUpdate = { updates.append($0) }
        after.engine.userDidSignificantEvent(canPromptForRating: false)
        after.engine.appLaunched()
        return (before, after, updates)
    }

    @Test(
        "A state is tracking the running version exactly when starting to track it changes nothing",
        arguments: [
            (nil, nil, true), ("1.0", nil, true), (nil, "1.0", true), ("1.0", "1.0", true), ("1.0", "2.0", true),
            ("2.0", "1.0", true), ("1.0", "2.0", false), (nil, "1.0", false),
        ] as [(String?, String?, Bool)])
    func trackingAgreesWithStarting(tracked: String?, running: String?, tracksNewVersions: Bool) {
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        var settings = configuration { $0.tracksNewVersions = tracksNewVersions }
        settings.appVersion = running
        for firstUse in [nil, now.addingTimeInterval(-86_400)] as [Date?] {
            var state = RatingState()
            state.trackedVersion = tracked
            state.firstUseDate = firstUse
            state.useCount = 5
            var started = state
            started.startTracking(settings, now: now)
            #expect(state.isTracking(settings) == (started == state), "\(String(describing: firstUse))")
        }
    }

    @Test("A new version starts counting again and forgets this version's answers")
    func newVersionResets() async throws {
        let (_, after, updates) = try await upgrade(to: "1.1")
        let state = after.engine.state
        #expect(updates == [AppUpdate(previous: "1.0", current: "1.1")])
        #expect(state.trackedVersion == "1.1")
        #expect(state.firstUseDate == after.clock.now)
        #expect(state.useCount == 1)
        #expect(state.eventCounts.isEmpty)
        #expect(!state.declinedThisVersion)
        #expect(state.declinedAnyVersion)
        #expect(state.promptDates.count == 1)
    }

    @Test("\"Remind me later\" keeps its period across an update (iRate): a release the next day does not ask early")
    func reminderOutlivesUpdate() async throws {
        let store = InMemoryStore()
        let clock = ManualWallClock()
        func fixture(_ version: String, answer: RatingAnswer) throws -> EngineFixture {
            try EngineFixture(
                configuration {
                    $0.appVersion = version
                    $0.daysBeforeReminding = 60
                    $0.minimumDaysBetweenPrompts = 0
                }, store: store, clock: clock, presenter: RecordingPresenter(answers: [answer]))
        }
        let before = try fixture("1.0", answer: .remindLater)
        before.use(20)
        clock.advance(days: 30)
        #expect(await before.engine.showPromptIfNecessary()?.value == .answered(.remindLater))

        clock.advance(days: 1)
        let after = try fixture("1.1", answer: .decline)
        after.use(20)
        clock.advance(days: 30)
        #expect(after.engine.state.trackedVersion == "1.1")
        #expect(after.engine.state.lastRemindedDate != nil, "the update keeps the reminder")
        let held = after.engine.decision()
        #expect(!held.shouldPrompt)
        #expect(held.criterion(.reminderPeriod)?.status == .missing, "31 of the 60 days asked for")
        clock.advance(days: 29)
        #expect(after.engine.decision().shouldPrompt, "60 days after the reminder")
    }

    @Test("The event that reveals the update is counted, not consumed")
    func revealingEventCounts() async throws {
        let (_, after, _) = try await upgrade(to: "2.0")
        #expect(after.engine.state.significantEventCount == 1)
    }

    @Test("A rating of the old version makes the new one an update prompt")
    func ratedOldVersion() async throws {
        let (_, after, _) = try await upgrade(to: "2.0", answer: .rate)
        let state = after.engine.state
        #expect(!state.ratedThisVersion)
        #expect(state.ratedAnyVersion)
        #expect(state.lastVersionRated == "1.0")
        #expect(after.engine.decision().isUpdatePrompt)
    }

    @Test("With tracksNewVersions off, the first version's counts and answers stay")
    func trackingOff() async throws {
        let (_, after, updates) = try await upgrade(to: "1.1", tracksNewVersions: false)
        let state = after.engine.state
        #expect(updates.isEmpty)
        #expect(state.trackedVersion == "1.0")
        #expect(state.useCount == 21)
        #expect(state.declinedThisVersion)
    }

    @Test("An older instance still running does not reset the newer version's counts")
    func olderInstanceDoesNotReset() async throws {
        let (_, after, _) = try await upgrade(to: "1.1")
        let store = after.store
        let old = try EngineFixture(configuration { $0.appVersion = "1.0" }, store: store, clock: after.clock)
        var updates: [AppUpdate] = []
        old.engine.callbacks.didDetectAppUpdate = { updates.append($0) }
        old.engine.appLaunched()
        let state = after.engine.state
        #expect(updates.isEmpty)
        #expect(state.trackedVersion == "1.1")
        #expect(state.useCount == 2)
    }

    @Test("The update is announced once, however many calls follow")
    func updateAnnouncedOnce() async throws {
        let (_, after, updates) = try await upgrade(to: "3.0")
        after.engine.appLaunched()
        after.engine.userDidSignificantEvent(canPromptForRating: false)
        #expect(updates.count == 1)
    }

    @Test("Without a version nothing is reset")
    func noVersion() throws {
        let store = InMemoryStore()
        let first = try EngineFixture(configuration { $0.appVersion = nil }, store: store)
        first.use(3)
        let second = try EngineFixture(configuration { $0.appVersion = nil }, store: store)
        second.use(1)
        #expect(second.engine.state.useCount == 4)
        #expect(second.engine.state.trackedVersion == nil)
    }

    @Test(
        "Versions compare as people read them",
        arguments: [
            ("1.10", "1.9"), ("2.0", "2.0~beta1"), ("2.0", "2.0beta"), ("1.2.1", "1.2"), ("46.2", "46.1.3"),
            ("1.0.0", "0.99"), ("10", "9"), ("1.0-rc2", "1.0-rc1"),
        ])
    func versionOrder(newer: String, older: String) {
        #expect(AppVersion(newer) > AppVersion(older))
        #expect(!(AppVersion(older) > AppVersion(newer)))
    }

    @Test("Versions that differ only in separators are equal")
    func versionEquality() {
        #expect(AppVersion("1.0") == AppVersion("1-0"))
        #expect(!(AppVersion("1.0") < AppVersion("1.0")))
    }
}
