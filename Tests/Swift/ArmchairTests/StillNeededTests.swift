import Armchair
import Foundation
import Testing

/// "Still needed": what must happen before the prompt may appear, as `armchair explain` and the
/// demo print it.
@Suite("What is still needed")
struct StillNeededTests {
    let start = Date(timeIntervalSince1970: 1_767_225_600)

    func needed(
        _ adjust: (inout Configuration) -> Void = { _ in }, days: Double, uses: Int, events: Int = 0,
        change: (inout RatingState) -> Void = { _ in }
    ) -> String? {
        var state = RatingState()
        state.firstUseDate = start
        state.trackedVersion = "1.0"
        state.useCount = uses
        state.significantEventCount = events
        change(&state)
        return PromptRules.evaluate(configuration(adjust), state, now: start.addingTimeInterval(days * 86_400))
            .stillNeeded
    }

    @Test("with every threshold required, each missing one is listed with 'and'")
    func all() {
        #expect(needed(days: 27.69, uses: 12) == "2.4 more days and 8 more uses")
        #expect(
            needed({ $0.significantEventsUntilPrompt = 3 }, days: 30, uses: 19, events: 2)
                == "1 more use and 1 more significant event")
        #expect(needed(days: 29.95, uses: 20) == "0.1 more days")
        #expect(needed(days: 30, uses: 20) == nil)
    }

    @Test("with days then any, the alternatives are listed with 'or', after the days")
    func daysThenAny() {
        let mode: (inout Configuration) -> Void = {
            $0.thresholdCombination = .daysThenAny
            $0.significantEventsUntilPrompt = 5
        }
        #expect(
            needed(mode, days: 10, uses: 12, events: 2) == "20 more days, then 8 more uses or 3 more significant events"
        )
        #expect(needed(mode, days: 30, uses: 12, events: 2) == "8 more uses or 3 more significant events")
        #expect(needed(mode, days: 10, uses: 20, events: 0) == "20 more days")
    }

    @Test("a gate that holds the prompt back comes first, with its time")
    func gates() {
        #expect(
            needed(days: 40, uses: 25) { $0.lastRemindedDate = start.addingTimeInterval(39.5 * 86_400) }
                == "0.5 more days of the reminder period")
        #expect(needed(days: 40, uses: 25) { $0.ratedThisVersion = true } == "a new version: the user rated this one")
        #expect(
            needed(days: 40, uses: 25) {
                $0.declinedAnyVersion = true
                $0.lastDeclinedDate = start.addingTimeInterval(5 * 86_400)
            } == "330 more days until the decline expires")
        #expect(
            needed(days: 40, uses: 25) {
                $0.promptDates = [start.addingTimeInterval(20 * 86_400)]
            } == "10 more days since the last prompt")
    }

    @Test("an event scenario names the events the closest scenario still needs")
    func scenarios() {
        let adjust: (inout Configuration) -> Void = {
            $0.eventScenarios = [
                EventScenario(name: "writer", requirements: ["export": 3, "share": 2]),
                EventScenario(name: "reader", requirements: ["open": 10]),
            ]
        }
        let text = needed(adjust, days: 30, uses: 20) { $0.eventCounts = ["export": 2, "open": 1] }
        #expect(text == "1 more export and 2 more share (scenario writer)")
    }

    @Test("a setting below 0.1 keeps its digits in the explanation")
    func smallSettings() {
        var state = RatingState()
        state.firstUseDate = start
        let decision = PromptRules.evaluate(
            configuration { $0.daysUntilPrompt = 0.01 }, state, now: start.addingTimeInterval(0.004 * 86_400))
        #expect(decision.summary(.days) == "days 0/0.01")
        #expect(decision.stillNeeded?.hasPrefix("0.1 more days") == true)
    }
}
