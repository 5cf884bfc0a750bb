import Armchair
import Foundation
import Testing

/// Answers, reminders, the yearly cap and debug mode: the gates in front of every prompt.
@Suite("Gates")
struct RulesGateTests {
    let start = Date(timeIntervalSince1970: 1_767_225_600)

    /// A state that meets the default thresholds at `start + 30 days`.
    func readyState() -> RatingState { ArmchairTests.readyState(firstUse: start) }

    var readyTime: Date { start.addingTimeInterval(30 * 86_400) }

    @Test("A ready state prompts")
    func readyPrompts() {
        #expect(PromptRules.evaluate(configuration(), readyState(), now: readyTime).shouldPrompt)
    }

    @Test("The reminder period holds the prompt back even when every threshold is met")
    func reminderSupersedes() {
        var state = readyState()
        state.lastRemindedDate = readyTime.addingTimeInterval(-0.6 * 86_400)
        let decision = PromptRules.evaluate(configuration(), state, now: readyTime)
        #expect(!decision.shouldPrompt)
        #expect(decision.thresholdsMet)
        #expect(decision.summary(.reminderPeriod) == "reminder period: 0.4 of 1 day left")
        #expect(decision.headline == "Not prompting: reminder period: 0.4 of 1 day left.")
    }

    @Test(
        "The reminder period ends exactly after daysBeforeReminding",
        arguments: [(0.999, false), (1.0, true), (1.001, true)])
    func reminderBoundary(elapsedDays: Double, expected: Bool) {
        var state = readyState()
        state.lastRemindedDate = readyTime.addingTimeInterval(-elapsedDays * 86_400)
        #expect(PromptRules.evaluate(configuration(), state, now: readyTime).shouldPrompt == expected)
    }

    @Test("Declined this version: not asked again in this version")
    func declinedThisVersion() {
        var state = readyState()
        state.declinedThisVersion = true
        state.declinedAnyVersion = true
        state.lastDeclinedDate = start
        let decision = PromptRules.evaluate(configuration(), state, now: readyTime)
        #expect(!decision.shouldPrompt)
        #expect(decision.criterion(.declined)?.status == .missing)
    }

    @Test("Rated this version: not asked again in this version")
    func ratedThisVersion() {
        var state = readyState()
        state.ratedThisVersion = true
        state.ratedAnyVersion = true
        #expect(!PromptRules.evaluate(configuration(), state, now: readyTime).shouldPrompt)
    }

    @Test("Rated an earlier version: asked with the update message while shouldPromptIfRated is on")
    func ratedEarlierVersion() {
        var state = readyState()
        state.ratedAnyVersion = true
        state.lastVersionRated = "0.9"
        let decision = PromptRules.evaluate(configuration(), state, now: readyTime)
        #expect(decision.shouldPrompt)
        #expect(decision.isUpdatePrompt)
        #expect(
            decision.summary(.ratedEarlierVersion)
                == "rated an earlier version (0.9); may ask about this one")
    }

    @Test("Rated an earlier version: never asked when shouldPromptIfRated is off")
    func shouldPromptIfRatedOff() {
        var state = readyState()
        state.ratedAnyVersion = true
        let decision = PromptRules.evaluate(configuration { $0.shouldPromptIfRated = false }, state, now: readyTime)
        #expect(!decision.shouldPrompt)
        #expect(decision.criterion(.ratedEarlierVersion)?.status == .missing)
    }

    @Test("Under the this-version policy, declining an earlier version does not hold back this one")
    func declinedEarlierVersion() {
        var state = readyState()
        state.declinedAnyVersion = true
        state.lastVersionDeclined = "0.9"
        state.lastDeclinedDate = start
        let decision = PromptRules.evaluate(configuration { $0.declinePolicy = .thisVersion }, state, now: readyTime)
        #expect(decision.shouldPrompt)
        #expect(decision.summary(.declined) == "declined an earlier version (0.9); this version may ask")
    }

    @Test("The yearly cap counts prompts in any 365 days across versions", arguments: [2, 3])
    func yearlyCap(promptsShown: Int) {
        var state = readyState()
        state.promptDates = (0..<promptsShown).map { readyTime.addingTimeInterval(Double(-100 * ($0 + 1)) * 86_400) }
        let decision = PromptRules.evaluate(configuration(), state, now: readyTime)
        #expect(decision.shouldPrompt == (promptsShown < 3))
        #expect(decision.summary(.yearlyCap) == "prompts in the last 365 days: \(promptsShown)/3")
    }

    @Test("A prompt exactly 365 days ago no longer counts toward the cap")
    func yearlyCapWindow() {
        var state = readyState()
        state.promptDates = [
            readyTime.addingTimeInterval(-365 * 86_400),
            readyTime.addingTimeInterval(-200 * 86_400),
            readyTime.addingTimeInterval(-100 * 86_400),
        ]
        #expect(PromptRules.evaluate(configuration(), state, now: readyTime).shouldPrompt)
        state.promptDates[0] = readyTime.addingTimeInterval(-364.99 * 86_400)
        #expect(!PromptRules.evaluate(configuration(), state, now: readyTime).shouldPrompt)
    }

    @Test("Debug mode prompts whatever the rules say, in a debug build")
    func debugMode() {
        var state = RatingState()
        state.declinedThisVersion = true
        let decision = PromptRules.evaluate(configuration { $0.debugEnabled = true }, state, now: start)
        #if DEBUG
        #expect(decision.shouldPrompt)
        #expect(decision.isDebugOverride)
        #expect(decision.criteria.first?.kind == .debugMode)
        #else
        #expect(!decision.shouldPrompt)
        #endif
    }

    @Test("Debug mode in a release build needs the explicit opt-in")
    func debugModeOptIn() {
        let plain = configuration { $0.debugEnabled = true }
        let optedIn = configuration {
            $0.debugEnabled = true
            $0.allowsDebugInReleaseBuilds = true
        }
        #expect(optedIn.isDebugActive)
        #if DEBUG
        #expect(plain.isDebugActive)
        #else
        #expect(!plain.isDebugActive)
        #endif
        #expect(!configuration { $0.allowsDebugInReleaseBuilds = true }.isDebugActive)
    }
}
