import Armchair
import ArmchairTesting
import Foundation
import Logging

/// What happened to one simulated user over the whole period.
struct UserHistory: Sendable {
    /// Days (since the start) on which the prompt was shown.
    var promptDays: [Double] = []
    /// The answers given, in order.
    var answers: [RatingAnswer] = []

    /// Whether the user was asked again after saying "No, thanks".
    var askedAfterDecline: Bool {
        guard let firstDecline = answers.firstIndex(of: .decline) else { return false }
        return promptDays.count > firstDecline + 1
    }

    /// The fewest days between two consecutive prompts, or `nil` with fewer than two.
    var shortestGap: Double? {
        zip(promptDays, promptDays.dropFirst()).map { $1 - $0 }.min()
    }

    /// The most prompts in any 365 days.
    var mostPromptsInAYear: Int { mostPrompts(inAny: 365) }

    /// The most prompts in any 7 days.
    var mostPromptsInAWeek: Int { mostPrompts(inAny: 7) }

    /// The most prompts in any `days` days.
    private func mostPrompts(inAny days: Double) -> Int {
        var most = 0
        var windowStart = 0
        for (index, day) in promptDays.enumerated() {
            while day - promptDays[windowStart] >= days { windowStart += 1 }
            most = max(most, index - windowStart + 1)
        }
        return most
    }
}

/// Answers the prompt the way a persona would, and notes when it was asked.
@MainActor
final class PersonaPresenter: RatingPresenter {
    private var random: SeededRandom
    private let attitude: Persona.Attitude
    private let clock: ManualWallClock
    private let start: Date
    var history = UserHistory()

    init(attitude: Persona.Attitude, clock: ManualWallClock, start: Date, seed: UInt64) {
        self.attitude = attitude
        self.clock = clock
        self.start = start
        self.random = SeededRandom(seed: seed)
    }

    func presentRatingPrompt(_ prompt: RatingPrompt) async -> RatingAnswer {
        let answer: RatingAnswer = [.rate, .remindLater, .decline, .dismissed][random.pick(attitude.answerWeights)]
        history.promptDays.append(clock.now.timeIntervalSince(start) / 86_400)
        history.answers.append(answer)
        return answer
    }

    func openURI(_ uri: String) async throws(OpenURIError) {}
}

/// Runs the real engine for one user: an in-memory store, a manual clock, their launches and
/// events day by day, and a new engine each time they install a new release.
@MainActor
enum SimulatedUser {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)
    static let silentLogger = Logger(label: "armchair") { _ in SwiftLogNoOpLogHandler() }

    static func run(
        persona: Persona, configuration: Configuration, days: Int, releaseDays: [Int], seed: UInt64
    ) async -> UserHistory {
        var random = SeededRandom(seed: seed)
        let clock = ManualWallClock(start)
        let store = InMemoryStore()
        let presenter = PersonaPresenter(attitude: persona.attitude, clock: clock, start: start, seed: seed ^ 0x5EED)
        var engine: RatingEngine?
        var installedRelease = -1

        for day in 0..<days {
            let release = releaseDays.lastIndex { $0 + persona.updateLag <= day } ?? 0
            if release != installedRelease {
                installedRelease = release
                engine?.appWillQuit()
                var versioned = configuration
                versioned.appVersion = "1.\(release)"
                engine = try? RatingEngine(
                    configuration: versioned, store: store, presenter: presenter, clock: clock, environment: [:],
                    logger: silentLogger)
            }
            guard let engine else { continue }
            let launches = random.poisson(mean: persona.usage.launchesPerDay)
            for launch in 0..<launches {
                // Spread the launches over the waking hours of the day.
                let hour = 8 + 15 * (Double(launch) + random.unit()) / Double(launches)
                clock.set(start.addingTimeInterval(Double(day) * 86_400 + hour * 3_600))
                _ = await engine.appLaunched()?.value
                if random.unit() < persona.eventChance {
                    _ = await engine.userDidSignificantEvent()?.value
                }
            }
        }
        return presenter.history
    }
}
