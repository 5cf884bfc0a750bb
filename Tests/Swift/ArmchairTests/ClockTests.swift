import Armchair
import ArmchairTesting
import Foundation
import Testing

@testable import ArmchairCore
@testable import ArmchairDelivery

/// Clocks that were wrong: a date recorded ahead of the clock, by a computer set ahead and then
/// back, or by another computer syncing the state, never silences the prompt for years, and what
/// the rules say is still needed stays enough.
@Suite("Clocks that were wrong")
struct ClockTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18
    let year2099 = Date(timeIntervalSince1970: 4_070_908_800)
    let year2999 = Date(timeIntervalSince1970: 32_472_144_000)

    /// Uses met; 20 days since the first use; each answer long ago.
    func state() -> RatingState {
        var state = RatingState()
        state.trackedVersion = "1.0"
        state.firstUseDate = now.addingTimeInterval(-20 * 86_400)
        state.useCount = 25
        return state
    }

    /// `state` with the date of `key` set to `date`.
    func state(_ key: StateKey, at date: Date) -> RatingState {
        var state = state()
        switch key {
        case .firstUseDate: state.firstUseDate = date
        case .lastRemindedDate: state.lastRemindedDate = date
        case .lastDeclinedDate:
            (state.declinedAnyVersion, state.lastDeclinedDate) = (true, date)
        case .lastRatedDate:
            (state.ratedAnyVersion, state.lastVersionRated, state.lastRatedDate) = (true, "0.9", date)
        case .promptDates: state.promptDates = [date]
        case .lastCrashDate: state.lastCrashDate = date
        default: Issue.record("no date for \(key)")
        }
        return state
    }

    @Test(
        "a date recorded years ahead counts as now, and explain says so",
        arguments: [
            StateKey.firstUseDate, .lastRemindedDate, .lastDeclinedDate, .lastRatedDate, .promptDates, .lastCrashDate,
        ])
    func farFutureCountsAsNow(key: StateKey) {
        let configuration = configuration()
        for future in [year2099, year2999] {
            let wrong = PromptRules.evaluate(configuration, state(key, at: future), now: now)
            let asNow = PromptRules.evaluate(configuration, state(key, at: now), now: now)
            #expect(wrong.criteria == asNow.criteria)
            #expect(wrong.stillNeeded == asNow.stillNeeded)
            #expect(wrong.datesInTheFuture == [key])
            #expect(wrong.description.contains("note     the recorded \(key.rawValue) lay more than a day ahead"))
        }
    }

    @Test("a reminder from a clock set to 2999 holds for one day, not a thousand years")
    func reminderFromTheFuture() {
        var state = state(.lastRemindedDate, at: year2999)
        state.firstUseDate = now.addingTimeInterval(-40 * 86_400)
        let decision = PromptRules.evaluate(configuration(), state, now: now)
        #expect(decision.stillNeeded == "1 more day of the reminder period")
        #expect(PromptRules.evaluate(configuration(), state, now: now.addingTimeInterval(86_400)).stillNeeded != nil)
    }

    @Test("a date less than a day ahead is counted from as it is, so the time still needed is enough")
    func slightlyAhead() {
        let ahead = now.addingTimeInterval(12 * 3_600)
        let decision = PromptRules.evaluate(configuration(), state(.firstUseDate, at: ahead), now: now)
        #expect(decision.datesInTheFuture.isEmpty)
        #expect(decision.stillNeeded == "30.5 more days")
        #expect(decision.summary(.days) == "days 0/30")
        let later = now.addingTimeInterval(30.5 * 86_400)
        #expect(PromptRules.evaluate(configuration(), state(.firstUseDate, at: ahead), now: later).shouldPrompt)
        let earlier = later.addingTimeInterval(-60)
        #expect(!PromptRules.evaluate(configuration(), state(.firstUseDate, at: ahead), now: earlier).shouldPrompt)
    }

    @Test("a prompt recorded a little ahead still counts against the interval and the yearly cap")
    func promptSlightlyAhead() {
        var state = state()
        state.firstUseDate = now.addingTimeInterval(-40 * 86_400)
        state.promptDates = [now.addingTimeInterval(3_600)]
        let decision = PromptRules.evaluate(configuration(), state, now: now)
        #expect(decision.criterion(.minimumInterval)?.status == .missing)
        #expect(decision.criterion(.yearlyCap)?.current == 1)
    }

    /// Writes `state()` to the state file at `path` with its first use ten days ahead of `now`, as
    /// the app wrote it before the clock went back.
    func storeFirstUseTenDaysAhead(at path: String) throws {
        var recorded = state()
        recorded.firstUseDate = now.addingTimeInterval(10 * 86_400)
        var values: [String: String] = [:]
        StateCodec(configuration: configuration()).encode(recorded, into: &values)
        _ = try KeyFileStore(path: path).update { $0 = values }
    }

    @Test("with the clock set back ten days the app counts from now, and the engine rewrites the date")
    @MainActor
    func clockSetBack() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("armchair.ini")
        let clock = ManualWallClock(now)
        try storeFirstUseTenDaysAhead(at: path)

        let log = LogRecorder()
        let engine = try RatingEngine(
            configuration: configuration(), store: KeyFileStore(path: path), clock: clock, environment: [:],
            logger: log.logger)
        #expect(engine.decision().stillNeeded == "30 more days")
        engine.appLaunched()
        guard case .values(let stored) = KeyFileStore(path: path).inspect() else {
            Issue.record("no state on disk")
            return
        }
        #expect(StateCodec(configuration: configuration()).decode(stored).state.firstUseDate == now)
        #expect(
            log.messages(atLeast: .warning).contains {
                $0.contains("first-use-date more than a day ahead of the clock")
            })
        clock.advance(days: 30)
        #expect(engine.decision().criterion(.days)?.status == .met)
    }

    @Test("with the clock set back, the time the engine says is still needed is enough with no launch in between")
    @MainActor
    func stillNeededIsEnoughWithoutALaunch() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("armchair.ini")
        let clock = ManualWallClock(now)
        try storeFirstUseTenDaysAhead(at: path)
        let engine = try RatingEngine(
            configuration: configuration(), store: KeyFileStore(path: path), clock: clock, environment: [:])

        #expect(engine.decision().stillNeeded == "30 more days")
        clock.advance(days: 30)  // no launch, no event: only time passes
        #expect(engine.decision().criterion(.days)?.status == .met)
        #expect(engine.decision().shouldPrompt)
    }

    @Test("armchair explain says that a recorded date lies in the future")
    func explainSaysSo() throws {
        let folder = try TemporaryFolder()
        let tool = ToolProcess(folder: folder.path)
        try tool.run(["simulate", "org.example.Notes", "--uses", "3", "--app-version", "1.0"])
        let path = tool.statePath("org.example.Notes")
        let text = try #require(path.fileContents)
        let edited = text.split(separator: "\n").map { line in
            line.hasPrefix("org.example.Notes.first-use-date=")
                ? "org.example.Notes.first-use-date=2099-01-01T00:00:00.000Z" : String(line)
        }.joined(separator: "\n")
        try path.write(edited + "\n")
        let result = try tool.run(["explain", "org.example.Notes"])
        #expect(
            result.output.contains("the recorded first-use-date lay more than a day ahead of the clock"),
            "\(result.output)")
        #expect(
            result.output.contains("If the app does not run before then, the waiting time ends in "),
            "the 30 days explain counts from now are not enough while the app does not run: \(result.output)")
    }
}
