import ArgumentParser
import Armchair
import ArmchairTesting
import Foundation

/// `armchair-population`: runs the real engine over a synthetic population and reports how often
/// people are asked, under the default configuration and under each policy choice.
@main
struct PopulationTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "armchair-population",
        abstract: "Simulate a population of users to measure how respectfully the prompt behaves.",
        discussion: """
            Users are light (0.3 launches a day), regular (1.2) or heavy (4); enthusiastic, neutral or \
            reluctant in how they answer; a new release comes every 14 to 28 days and each user installs \
            it up to a week later. Every launch and event goes through the real engine with an \
            in-memory store and a manual clock. The last two rows are a person with five such apps, \
            each on its own and then sharing the desktop's budget (its record in a temporary folder); \
            their figures count every app's prompts to the person.

            Example:
              armchair-population --users 10000 --days 730 --seed 1
            """
    )

    @Option(help: "How many users to simulate.")
    var users = 1_000

    @Option(help: "How many days to simulate.")
    var days = 730

    @Option(help: "The random seed; the same seed gives the same figures.")
    var seed: UInt64 = 1

    @Flag(help: "Print the figures as JSON.")
    var json = false

    @Flag(help: "Print the table in Markdown, as the README and the Policies article show it.")
    var markdown = false

    func validate() throws {
        guard users > 0 else { throw ValidationError("--users must be at least 1") }
        guard days > 0 else { throw ValidationError("--days must be at least 1") }
    }

    @MainActor
    func run() async throws {
        var random = SeededRandom(seed: seed)
        var releaseDays = [0]
        while let last = releaseDays.last, last < days { releaseDays.append(last + 14 + Int(random.unit() * 15)) }
        let personas = (0..<users).map { _ in Persona.random(using: &random) }
        let userSeeds = (0..<users).map { _ in random.next() }

        var reports: [PopulationReport] = []
        for variant in PolicyVariant.all(appID: "org.example.Population") {
            var histories: [UserHistory] = []
            histories.reserveCapacity(users)
            for (persona, userSeed) in zip(personas, userSeeds) {
                histories.append(
                    await SimulatedUser.run(
                        persona: persona, configuration: variant.configuration, days: days,
                        releaseDays: releaseDays, seed: userSeed))
            }
            reports.append(PopulationReport(variant: variant.name, days: days, histories: histories))
        }
        // A person with five apps that embed Armchair, each app behaving as the default does.
        for (name, shares) in [("five apps, each on its own", false), ("five apps, one desktop budget", true)] {
            var histories: [UserHistory] = []
            histories.reserveCapacity(users)
            for (persona, userSeed) in zip(personas, userSeeds) {
                histories.append(
                    await SimulatedDesktop.run(
                        persona: persona, configuration: Configuration(appID: "org.example.Population"), days: days,
                        releaseDays: releaseDays, seed: userSeed, sharesBudget: shares))
            }
            reports.append(PopulationReport(variant: name, days: days, histories: histories))
        }

        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(reports), as: UTF8.self))
        } else if markdown {
            for row in [Self.header, Self.header.map { _ in "---" }] + reports.map(Self.row) {
                print("| " + row.joined(separator: " | ") + " |")
            }
        } else {
            printTable(reports)
        }
    }

    static let header = [
        "policy", "ever asked", "median days to 1st", "max/yr", "p99/yr", "max/week", "mean asks", "shortest gap",
        "asked again after no", "rated",
    ]

    /// One report as the cells of a table row.
    static func row(_ report: PopulationReport) -> [String] {
        [
            report.variant, percent(report.shareEverPrompted),
            report.medianDaysToFirstPrompt.map { String(Int($0.rounded())) } ?? "–",
            String(report.maxPromptsInAnyYear), String(report.p99PromptsInAnyYear), String(report.maxPromptsInAnyWeek),
            String(format: "%.2f", report.meanPromptsPerUser),
            report.shortestDaysBetweenPrompts.map { String(format: "%.1f d", $0) } ?? "–",
            percent(report.shareAskedAfterDecline), percent(report.shareWhoRated),
        ]
    }

    func printTable(_ reports: [PopulationReport]) {
        print("\(users) users × \(days) days, seed \(seed)")
        print("")
        let rows = [Self.header] + reports.map(Self.row)
        let widths = Self.header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            print(
                row.indices.map {
                    $0 == 0
                        ? row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0)
                        : String(repeating: " ", count: widths[$0] - row[$0].count) + row[$0]
                }.joined(separator: "  "))
        }
    }

    static func percent(_ share: Double) -> String { String(format: "%.1f%%", share * 100) }
}
