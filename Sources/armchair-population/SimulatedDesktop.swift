import Armchair
import ArmchairTesting
import Foundation

/// Runs the real engines of one person's five apps side by side, each with its own in-memory
/// store and releases, answering as the same persona: with one desktop budget (the desktop's
/// record in a folder of the person's own) or, as before it, each app on its own.
@MainActor
enum SimulatedDesktop {
    /// How many apps that embed Armchair the person uses.
    static let apps = 5

    /// The person's history: every prompt of every app, in order.
    static func run(
        persona: Persona, configuration: Configuration, days: Int, releaseDays: [Int], seed: UInt64,
        sharesBudget: Bool
    ) async -> UserHistory {
        var random = SeededRandom(seed: seed)
        let start = SimulatedUser.start
        let clock = ManualWallClock(start)
        let presenter = PersonaPresenter(attitude: persona.attitude, clock: clock, start: start, seed: seed ^ 0x5EED)
        let folder =
            sharesBudget
            ? FileManager.default.temporaryDirectory.appendingPathComponent(
                "armchair-population-\(getpid())-\(seed)"
            ).path : nil
        defer { folder.map { try? FileManager.default.removeItem(atPath: $0) } }
        let desktop = folder.map { folder in
            DesktopAccess(
                environment: [
                    "HOME": folder, "XDG_STATE_HOME": folder + "/state", "XDG_CONFIG_HOME": folder + "/config",
                    "XDG_CONFIG_DIRS": folder + "/etc",
                ], sandbox: nil, logger: SimulatedUser.silentLogger)
        }
        let stores = (0..<apps).map { _ in InMemoryStore() }
        // Each app has its own release days: the population's, shifted by a few days.
        let shifts = (0..<apps).map { _ in Int(random.unit() * 14) }
        var engines: [RatingEngine?] = Array(repeating: nil, count: apps)
        var installed = Array(repeating: -1, count: apps)

        for day in 0..<days {
            var launches: [(hour: Double, app: Int)] = []
            for app in 0..<apps {
                let release = releaseDays.lastIndex { $0 + shifts[app] + persona.updateLag <= day } ?? 0
                if release != installed[app] {
                    installed[app] = release
                    engines[app]?.appWillQuit()
                    var versioned = configuration
                    versioned.appID = "org.example.Population\(app)"
                    versioned.appVersion = "1.\(release)"
                    let engine = try? RatingEngine(
                        configuration: versioned, store: stores[app], presenter: presenter, clock: clock,
                        environment: [:], logger: SimulatedUser.silentLogger)
                    engine?.desktop = desktop
                    engines[app] = engine
                }
                let count = random.poisson(mean: persona.usage.launchesPerDay)
                for launch in 0..<count {
                    launches.append((8 + 15 * (Double(launch) + random.unit()) / Double(count), app))
                }
            }
            for (hour, app) in launches.sorted(by: { $0.hour < $1.hour }) {
                guard let engine = engines[app] else { continue }
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
