import Armchair
import ArmchairTesting
import Foundation
import Testing

@testable import ArmchairCore
@testable import ArmchairDelivery

/// Settings and states at the edges of their types: each is refused with a reason, or decided and
/// explained, and never stops the app.
@Suite("Extreme values")
struct ExtremeValueTests {
    static let numbers: [Double] = [
        0, 1, 0.5, 1e-9, -1, -0.0, 3_650, 3_650.5, 1e6, 1e15, 1.7e20, 1e300, Double(Int.max), .infinity,
        -.infinity, .nan, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
    ]
    static let counts: [Int] = [0, 1, 2, -1, 20, 1_000_000, 1_000_001, 1_000_000_000, Int.max, Int.max - 1, Int.min]
    static let dates: [Date?] = [
        nil, Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_795_000_000),
        Date(timeIntervalSince1970: 4_102_444_800),  // 2100
        Date(timeIntervalSince1970: 32_503_680_000),  // 3000
        Date(timeIntervalSince1970: -62_135_596_800),  // year 1
        Date(timeIntervalSince1970: 1e15), Date(timeIntervalSince1970: -1e15), .distantFuture, .distantPast,
    ]

    /// A configuration with `setting` just past the largest value it accepts.
    private static func configuration(breaking setting: String) -> Configuration {
        var configuration = Configuration(appID: "org.example.Notes")
        switch setting {
        case "usesUntilPrompt": configuration.usesUntilPrompt = .max
        case "significantEventsUntilPrompt": configuration.significantEventsUntilPrompt = Configuration.Bounds.count + 1
        case "daysUntilPrompt": configuration.daysUntilPrompt = Configuration.Bounds.days + 1
        case "daysBeforeReminding": configuration.daysBeforeReminding = 1e300
        case "activeUsageMinutesUntilPrompt": configuration.activeUsageMinutesUntilPrompt = 2e6
        case "usesPerWeekForPrompt": configuration.usesPerWeekForPrompt = Configuration.Bounds.usesPerWeek + 1
        case "feedbackCharacterLimit": configuration.feedbackCharacterLimit = .max
        default: configuration.eventScenarios = [EventScenario(name: "big", requirements: ["a": .max])]
        }
        return configuration
    }

    @Test(
        "thresholds beyond their range are refused in code, naming the range",
        arguments: [
            "usesUntilPrompt", "significantEventsUntilPrompt", "daysUntilPrompt", "daysBeforeReminding",
            "activeUsageMinutesUntilPrompt", "usesPerWeekForPrompt", "feedbackCharacterLimit",
            "eventScenarios[\"big\"]",
        ])
    func rangesInCode(setting: String) {
        let configuration = Self.configuration(breaking: setting)
        let error = #expect(throws: ConfigurationError.self) { try configuration.validate() }
        let problem = error?.problems.first { $0.setting == setting }
        #expect(problem?.message.contains("at most") == true, "\(String(describing: error))")
    }

    @Test("a settings file with a threshold beyond its range is refused with its line")
    func rangesInTheSettingsFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("org.example.Notes.armchair")
        try path.write("[Armchair]\nuses-until-prompt=9223372036854775807\ndays-until-prompt=99999\n")
        let error = #expect(throws: ConfigurationFileError.self) {
            try ConfigurationFile(path: path, appID: "org.example.Notes")
        }
        #expect(error?.problems.map(\.line) == [2, 3])
        #expect(error?.problems.first?.message.contains("at most 1000000") == true, "\(String(describing: error))")
    }

    @Test("the largest settings that pass still decide, explain and say what is needed")
    func largestValidSettings() throws {
        var configuration = Configuration(appID: "org.example.Notes", appVersion: "1.0")
        configuration.usesUntilPrompt = Configuration.Bounds.count
        configuration.significantEventsUntilPrompt = Configuration.Bounds.count
        configuration.daysUntilPrompt = Configuration.Bounds.days
        configuration.activeUsageMinutesUntilPrompt = Configuration.Bounds.minutes
        configuration.usesPerWeekForPrompt = Configuration.Bounds.usesPerWeek
        configuration.eventScenarios = (0..<50).map { index in
            EventScenario(
                name: "s\(index)",
                requirements: Dictionary(uniqueKeysWithValues: (0..<20).map { ("e\($0)", Configuration.Bounds.count) }))
        }
        try configuration.validate()
        let decision = PromptRules.evaluate(
            configuration, RatingState(), now: Date(timeIntervalSince1970: 1_795_000_000))
        #expect(!decision.shouldPrompt)
        let needed = try #require(decision.stillNeeded)
        #expect(needed.contains("3650 more days"), "\(needed)")
        #expect(!decision.description.isEmpty)
    }

    /// One random pick from `values`.
    private static func pick<Value>(_ values: [Value], _ random: inout SeededRandom) -> Value {
        values[Int(random.next() % UInt64(values.count))]
    }

    /// Mostly an ordinary number, one time in `oneIn` an extreme one.
    private static func number(_ random: inout SeededRandom, oneIn: UInt64 = 12) -> Double {
        random.next() % oneIn == 0 ? pick(numbers, &random) : pick([0, 0.5, 1, 3, 30, 365], &random)
    }

    /// Mostly an ordinary count, one time in `oneIn` an extreme one.
    private static func count(_ random: inout SeededRandom, oneIn: UInt64 = 12) -> Int {
        random.next() % oneIn == 0 ? pick(counts, &random) : pick([0, 1, 2, 3, 5, 20], &random)
    }

    /// A configuration with thresholds picked from ordinary and extreme values, valid or not.
    private static func configuration(_ random: inout SeededRandom) -> Configuration {
        var configuration = Configuration(
            appID: "org.example.Notes", appVersion: pick(["1.0", "2.0", "1:9.9+x"], &random))
        configuration.daysUntilPrompt = number(&random)
        configuration.usesUntilPrompt = count(&random)
        configuration.significantEventsUntilPrompt = count(&random)
        configuration.usesPerWeekForPrompt = number(&random)
        configuration.activeUsageMinutesUntilPrompt = number(&random)
        configuration.daysBeforeReminding = number(&random)
        configuration.daysBeforeAskingAgainAfterDecline = number(&random)
        configuration.minimumDaysBetweenPrompts = number(&random)
        configuration.maxPromptsPerYear = count(&random)
        configuration.feedbackCharacterLimit = count(&random)
        configuration.updatePolicy =
            random.next() % 2 == 0 ? .resetCounters : .keepCounters(graceDays: number(&random))
        configuration.thresholdCombination = random.next() % 2 == 0 ? .all : .daysThenAny
        configuration.declinePolicy = random.next() % 2 == 0 ? .forever : .thisVersion
        configuration.debugEnabled = random.next() % 8 == 0
        let scenarioCount = pick([0, 0, 0, 1, 3, 200], &random)
        configuration.eventScenarios = (0..<scenarioCount).map { index in
            let events = pick([1, 1, 4, 30], &random)
            return EventScenario(
                name: "s\(index)",
                requirements: Dictionary(
                    (0..<events).map { ("e\($0 % 7)", count(&random, oneIn: 40)) }, uniquingKeysWith: { $1 }))
        }
        return configuration
    }

    /// A state with every counter and date picked from the extremes, as a hand-edited or
    /// corrupted file, or an app's own code, could give.
    private static func state(_ random: inout SeededRandom) -> RatingState {
        var state = RatingState()
        state.trackedVersion = pick([nil, "1.0", "0.9", "99"], &random)
        state.firstUseDate = pick(dates, &random)
        state.useCount = pick(counts, &random)
        state.significantEventCount = pick(counts, &random)
        state.eventCounts = Dictionary((0..<pick([0, 3, 7], &random)).map { ("e\($0)", pick(counts, &random)) }) { $1 }
        state.activeUsageSeconds = pick(numbers, &random)
        state.lastRemindedDate = pick(dates, &random)
        state.declinedThisVersion = random.next() % 4 == 0
        state.declinedAnyVersion = random.next() % 3 == 0
        state.ratedThisVersion = random.next() % 5 == 0
        state.ratedAnyVersion = random.next() % 4 == 0
        state.lastDeclinedDate = pick(dates, &random)
        state.promptDates = (0..<pick([0, 1, 5, 20], &random)).compactMap { _ in pick(dates, &random) }.sorted()
        return state
    }

    @Test(
        "any settings and any state: refused with a reason, or decided, explained and stored; never a crash",
        arguments: [1, 2, 3, 4, 5] as [UInt64])
    func extremeValues(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var (refused, decided) = (0, 0)
        for _ in 0..<1_000 {
            let configuration = Self.configuration(&random)
            let state = Self.state(&random)
            let now = Self.pick(Self.dates, &random) ?? Date(timeIntervalSince1970: 1_795_000_000)
            do {
                try configuration.validate()
                decided += 1
            } catch {
                #expect(!error.problems.isEmpty)
                #expect(!error.description.isEmpty)
                refused += 1
            }
            // The rules are public and take any input, so they must hold even for refused settings.
            let decision = PromptRules.evaluate(configuration, state, now: now)
            #expect(!decision.description.isEmpty)
            if !decision.shouldPrompt { #expect(decision.stillNeeded != nil) }
            for criterion in decision.criteria { _ = decision.summary(of: criterion) }

            // What the engine stores reads back.
            var values: [String: String] = [:]
            let codec = StateCodec(configuration: Configuration(appID: "org.example.Notes"))
            codec.encode(state, into: &values)
            _ = codec.decode(values)
        }
        #expect(refused > 0 && decided > 0, "the generator must reach both: refused \(refused), decided \(decided)")
    }

    @Test("an engine with the largest valid settings counts, decides and explains events of any weight")
    @MainActor
    func engineAtTheEdges() throws {
        var configuration = Configuration(appID: "org.example.Notes", appVersion: "1.0")
        configuration.usesUntilPrompt = Configuration.Bounds.count
        configuration.eventWeights = ["big": EventName.maximumWeight]
        let fixture = try EngineFixture(configuration)
        for weight in [nil, 0, -1, Int.max, Int.min, EventName.maximumWeight] {
            fixture.engine.userDidSignificantEvent(named: "big", weight: weight, canPromptForRating: false)
        }
        for _ in 0..<3 { fixture.engine.appLaunched(canPromptForRating: false) }
        fixture.engine.addActiveUsage(seconds: .greatestFiniteMagnitude)
        let decision = fixture.engine.decision()
        #expect(decision.stillNeeded?.contains("999997 more uses") == true, "\(decision.stillNeeded ?? "")")
        #expect(fixture.engine.state.significantEventCount == 2 * EventName.maximumWeight)
    }
}
