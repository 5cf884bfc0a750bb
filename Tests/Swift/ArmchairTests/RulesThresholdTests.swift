import Armchair
import ArmchairCore
import Foundation
import Testing

/// The usage thresholds at and around their values, evaluated by the pure rules function.
@Suite("Thresholds")
struct RulesThresholdTests {
    let start = Date(timeIntervalSince1970: 1_767_225_600)

    func state(days: Double = 0, uses: Int = 0, events: Int = 0, activeMinutes: Double = 0) -> (RatingState, Date) {
        var state = RatingState()
        state.firstUseDate = start
        state.trackedVersion = "1.0"
        state.useCount = uses
        state.significantEventCount = events
        state.activeUsageSeconds = activeMinutes * 60
        return (state, start.addingTimeInterval(days * 86_400))
    }

    func decide(_ configuration: Configuration, _ input: (RatingState, Date)) -> Decision {
        PromptRules.evaluate(configuration, input.0, now: input.1)
    }

    /// Days, uses, events: just below, exactly at, just above; each alone decides.
    @Test(
        "Each threshold is met at its value, not before",
        arguments: [
            ("days", 29.99, false), ("days", 30, true), ("days", 30.01, true),
            ("uses", 19, false), ("uses", 20, true), ("uses", 21, true),
            ("events", 4, false), ("events", 5, true), ("events", 6, true),
        ])
    func thresholdBoundary(criterion: String, value: Double, expected: Bool) {
        let config = configuration { $0.significantEventsUntilPrompt = 5 }
        let met = (days: 30.0, uses: 20, events: 5)
        let input =
            switch criterion {
            case "days": state(days: value, uses: met.uses, events: met.events)
            case "uses": state(days: met.days, uses: Int(value), events: met.events)
            default: state(days: met.days, uses: met.uses, events: Int(value))
            }
        let decision = decide(config, input)
        #expect(decision.shouldPrompt == expected)
        #expect(decision.thresholdsMet == expected)
    }

    @Test("Fractional days count to the second")
    func fractionalDays() {
        let config = configuration {
            $0.daysUntilPrompt = 0.5
            $0.usesUntilPrompt = 0
        }
        #expect(!decide(config, state(days: 0.5 - 1.0 / 86_400)).shouldPrompt)
        #expect(decide(config, state(days: 0.5)).shouldPrompt)
        #expect(decide(config, state(days: 0.2)).summary(.days) == "days 0.2/0.5")
    }

    @Test("The explanation gives every number")
    func explanationNumbers() {
        let config = configuration { $0.significantEventsUntilPrompt = 3 }
        let decision = decide(config, state(days: 3.27, uses: 12, events: 1))
        #expect(decision.summary(.days) == "days 3.2/30")
        #expect(decision.summary(.uses) == "uses 12/20")
        #expect(decision.summary(.events) == "events 1/3")
        #expect(decision.criterion(.activeUsage)?.status == .off)
        #expect(decision.criterion(.uses)?.current == 12)
        #expect(decision.criterion(.uses)?.required == 20)
        #expect(decision.description.hasPrefix("Not prompting: the thresholds are not met (all of:"))
        #expect(decision.description.contains("missing  days 3.2/30"))
    }

    @Test("Almost 30 days never reads as 30")
    func almostThirtyDays() {
        let decision = decide(configuration(), state(days: 29.999, uses: 20))
        #expect(decision.summary(.days) == "days 29.9/30")
        #expect(!decision.shouldPrompt)
    }

    @Test("A threshold of 0 is not a criterion")
    func zeroThresholdIsOff() throws {
        let config = configuration {
            $0.daysUntilPrompt = 0
            $0.usesUntilPrompt = 0
        }
        let decision = decide(config, state())
        #expect(decision.shouldPrompt)
        #expect(decision.criterion(.days)?.status == .off)
        #expect(decision.summary(.uses) == "uses (usesUntilPrompt is 0)")
        let uses = try #require(decision.criterion(.uses))
        #expect(decision.summary(of: uses, naming: .properties) == "uses (uses-until-prompt is 0)")
        #expect(decision.description(naming: .properties).contains("off      days (days-until-prompt is 0)"))
    }

    // MARK: Combination modes

    @Test(
        "All: days and uses and events must all hold",
        arguments: [
            (30.0, 20, 5, true), (29.0, 20, 5, false), (30.0, 19, 5, false), (30.0, 20, 4, false),
        ])
    func allMode(days: Double, uses: Int, events: Int, expected: Bool) {
        let config = configuration { $0.significantEventsUntilPrompt = 5 }
        #expect(decide(config, state(days: days, uses: uses, events: events)).shouldPrompt == expected)
    }

    @Test(
        "Days then any: after the days, uses or events suffices",
        arguments: [
            (30.0, 20, 0, true), (30.0, 0, 5, true), (30.0, 19, 4, false), (29.9, 20, 5, false),
        ])
    func daysThenAnyMode(days: Double, uses: Int, events: Int, expected: Bool) {
        let config = configuration {
            $0.significantEventsUntilPrompt = 5
            $0.thresholdCombination = .daysThenAny
        }
        let decision = decide(config, state(days: days, uses: uses, events: events))
        #expect(decision.shouldPrompt == expected)
        #expect(decision.combination == .daysThenAny)
        #expect(decision.headline.contains("days, then any of"))
    }

    @Test("Days then any with no engagement criterion waits only for the days")
    func daysThenAnyWithoutEngagement() {
        let config = configuration {
            $0.usesUntilPrompt = 0
            $0.thresholdCombination = .daysThenAny
        }
        #expect(decide(config, state(days: 30)).shouldPrompt)
        #expect(!decide(config, state(days: 29)).shouldPrompt)
    }

    @Test("Days then any does not count an off criterion as met")
    func daysThenAnyIgnoresOffCriteria() {
        // Events are off (0); uses 19/20 must not be rescued by the off events criterion.
        let config = configuration { $0.thresholdCombination = .daysThenAny }
        #expect(!decide(config, state(days: 30, uses: 19)).shouldPrompt)
    }

    // MARK: Active usage and uses per week

    @Test("Active usage is met at its minutes", arguments: [(59.9, false), (60.0, true)])
    func activeUsage(minutes: Double, expected: Bool) {
        let config = configuration { $0.activeUsageMinutesUntilPrompt = 60 }
        #expect(decide(config, state(days: 30, uses: 20, activeMinutes: minutes)).shouldPrompt == expected)
    }

    @Test("Active usage alone can satisfy days then any")
    func activeUsageInDaysThenAny() {
        let config = configuration {
            $0.activeUsageMinutesUntilPrompt = 60
            $0.thresholdCombination = .daysThenAny
        }
        #expect(decide(config, state(days: 30, uses: 3, activeMinutes: 60)).shouldPrompt)
    }

    @Test("Uses per week: uses divided by weeks since first use", arguments: [(27.9, false), (28.0, true)])
    func usesPerWeek(uses: Double, expected: Bool) {
        // 28 days = 4 weeks; 7 per week needs 28 uses.
        let config = configuration {
            $0.usesPerWeekForPrompt = 7
            $0.usesUntilPrompt = 0
            $0.daysUntilPrompt = 28
        }
        var input = state(days: 28)
        input.0.useCount = Int(uses.rounded(.down))
        #expect(decide(config, input).shouldPrompt == expected)
    }

    @Test("Uses per week counts a first week as a whole week")
    func usesPerWeekFirstWeek() {
        let config = configuration {
            $0.usesPerWeekForPrompt = 7
            $0.usesUntilPrompt = 0
            $0.daysUntilPrompt = 0
        }
        // 6 uses on the first day would be 42 per week without the one-week floor.
        #expect(!decide(config, state(days: 1, uses: 6)).shouldPrompt)
        #expect(decide(config, state(days: 1, uses: 7)).shouldPrompt)
    }

    @Test("Uses per week must hold even in days then any")
    func usesPerWeekAlwaysRequired() {
        let config = configuration {
            $0.usesPerWeekForPrompt = 10
            $0.thresholdCombination = .daysThenAny
            $0.significantEventsUntilPrompt = 1
        }
        #expect(!decide(config, state(days: 70, uses: 20, events: 5)).shouldPrompt)
    }

    // MARK: Scenarios

    @Test("Scenarios: any complete scenario meets the events criterion")
    func scenarios() {
        let config = configuration {
            $0.significantEventsUntilPrompt = 100  // ignored when scenarios are set
            $0.eventScenarios = [
                EventScenario(name: "Exporter", requirements: ["export": 3]),
                EventScenario(name: "Collaborator", requirements: ["share": 1, "comment": 2]),
            ]
        }
        var input = state(days: 30, uses: 20)
        input.0.eventCounts = ["export": 2, "share": 1, "comment": 1]
        var decision = decide(config, input)
        #expect(!decision.shouldPrompt)
        #expect(
            decision.summary(.events)
                == "events, any scenario: Exporter: export 2/3; Collaborator: comment 1/2, share 1/1")

        input.0.eventCounts["comment"] = 2
        decision = decide(config, input)
        #expect(decision.shouldPrompt)
        #expect(decision.summary(.events)?.contains("Collaborator (complete)") == true)
    }
}
