import Foundation
import TestProcesses
import Testing

/// The population simulator's promises: the yearly cap is never exceeded, and a seed gives the
/// same figures every time.
@Suite("Population simulator")
struct PopulationToolTests {
    struct Report: Decodable, Equatable {
        var variant: String
        var users: Int
        var shareEverPrompted: Double
        var maxPromptsInAnyYear: Int
        var p99PromptsInAnyYear: Int
        var maxPromptsInAnyWeek: Int
        var shortestDaysBetweenPrompts: Double?
        var shareAskedAfterDecline: Double
    }

    /// Runs the simulator with `arguments`; its output has its error messages in it.
    func run(_ arguments: [String]) throws -> ChildProcess.Result {
        try ChildProcess.run(BuiltExecutable.path("armchair-population"), arguments, errors: .mergedIntoOutput)
    }

    @Test(
        "No user sees more prompts in a year than the cap, five apps sharing the desktop's budget never two in a week, and a seed gives the same figures"
    )
    func capAndDeterminism() throws {
        let arguments = ["--users", "30", "--days", "420", "--seed", "7", "--json"]
        let first = try run(arguments)
        let second = try run(arguments)
        #expect(first.status == 0)
        #expect(first.output == second.output)
        let reports = try JSONDecoder().decode([Report].self, from: Data(first.output.utf8))
        #expect(reports.count == 9)
        let byName = Dictionary(uniqueKeysWithValues: reports.map { ($0.variant, $0) })
        for report in reports {
            #expect(report.users == 30)
            // The five apps' rows count every app's prompts to the person: each app's cap is 3.
            let apps = report.variant.hasPrefix("five apps") ? 5 : 1
            #expect(report.maxPromptsInAnyYear <= 3 * apps, "\(report.variant)")
        }
        let shared = try #require(byName["five apps, one desktop budget"])
        #expect(shared.maxPromptsInAnyWeek == 1)
        #expect(try #require(shared.shortestDaysBetweenPrompts) >= 7)
        #expect(try #require(byName["five apps, each on its own"]).shareEverPrompted > 0)
        let standard = try #require(byName["default"])
        #expect(standard.shareEverPrompted > 0)
        #expect(try #require(standard.shortestDaysBetweenPrompts) >= 30)
        #expect(byName["decline: forever, no expiry (iRate)"]?.shareAskedAfterDecline == 0)
        let different = try run(["--users", "30", "--days", "420", "--seed", "8", "--json"])
        #expect(different.output != first.output)
    }

    @Test("The Markdown table has a row per policy, as the README shows it")
    func markdown() throws {
        let result = try run(["--users", "10", "--days", "60", "--markdown"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 11)
        #expect(lines.first?.hasPrefix("| policy | ever asked |") == true)
        #expect(lines.dropFirst(2).allSatisfy { $0.hasPrefix("| ") && $0.hasSuffix(" |") })
    }

    @Test("Invalid arguments are refused with a message")
    func badArguments() throws {
        let result = try run(["--users", "0"])
        #expect(result.status != 0)
        #expect(result.output.contains("--users must be at least 1"))
    }
}
