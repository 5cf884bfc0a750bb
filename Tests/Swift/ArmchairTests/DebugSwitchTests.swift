import Armchair
import ArmchairTesting
import Logging
import Testing

@testable import ArmchairCore
@testable import ArmchairDelivery

/// `ARMCHAIR_DEBUG`, read from the environment the engine is given.
@MainActor
@Suite("ARMCHAIR_DEBUG")
struct DebugSwitchTests {
    @Test("ARMCHAIR_DEBUG=1 prompts on the first launch and logs the decision where the default handler prints it")
    func promptsAndLogs() async throws {
        let fixture = try EngineFixture(environment: ["ARMCHAIR_DEBUG": "1"])
        #expect(fixture.engine.configuration.isDebugActive)  // the tests are a debug build
        let task = try #require(fixture.engine.appLaunched())
        #expect(await task.value == .answered(.dismissed))
        #expect(fixture.presenter.prompts.count == 1)
        let notices = fixture.log.messages(atLeast: .notice)
        #expect(notices.contains { $0.contains("ARMCHAIR_DEBUG is set") })
        #expect(notices.contains { $0.hasPrefix("Prompting: debug mode is on.") && $0.contains("uses 1/20") })
    }

    @Test(
        "without it, or with 0, nothing changes and decisions stay at debug level", arguments: [nil, "0", "", "false"])
    func offValues(value: String?) throws {
        let fixture = try EngineFixture(environment: value.map { ["ARMCHAIR_DEBUG": $0] } ?? [:])
        #expect(!fixture.engine.configuration.debugEnabled)
        #expect(fixture.engine.appLaunched() == nil)
        #expect(fixture.presenter.prompts.isEmpty)
        #expect(fixture.log.messages(atLeast: .notice).isEmpty)
        #expect(fixture.log.entries.contains { $0.level == .debug && $0.message.hasPrefix("Not prompting") })
    }

    @Test("a value it does not understand is reported and ignored")
    func unknownValue() throws {
        let fixture = try EngineFixture(environment: ["ARMCHAIR_DEBUG": "please"])
        #expect(!fixture.engine.configuration.debugEnabled)
        #expect(
            fixture.log.messages(atLeast: .warning).contains { $0.contains("ARMCHAIR_DEBUG=please is not understood") })
    }

    @Test("a release build of Armchair ignores it, saying so, unless the app opted in")
    func releaseBuild() {
        let log = LogRecorder()
        let ignored = DebugSwitch.apply(
            to: Configuration(appID: "org.example.Notes"), environment: ["ARMCHAIR_DEBUG": "1"], logger: log.logger,
            isDebugBuild: false)
        #expect(!ignored.isDebugActive(inDebugBuild: false))
        #expect(log.messages(atLeast: .notice).contains { $0.contains("is set but ignored: this is a release build") })

        var optedIn = Configuration(appID: "org.example.Notes")
        optedIn.allowsDebugInReleaseBuilds = true
        let honoured = DebugSwitch.apply(
            to: optedIn, environment: ["ARMCHAIR_DEBUG": "1"], logger: log.logger, isDebugBuild: false)
        #expect(honoured.isDebugActive(inDebugBuild: false))
        #expect(log.messages(atLeast: .notice).contains { $0.contains("shows every time it is checked") })
    }
}

/// debugEnabled set in code, and what debug-mode prompts leave in the developer's own state.
@MainActor
@Suite("Debug mode")
struct DebugModeTests {
    @Test("debugEnabled in a release build without allowsDebugInReleaseBuilds is ignored with a notice")
    func ignoredInRelease() {
        let log = LogRecorder()
        var configuration = Configuration(appID: "org.example.Notes")
        configuration.debugEnabled = true
        let result = DebugSwitch.apply(to: configuration, environment: [:], logger: log.logger, isDebugBuild: false)
        #expect(!result.isDebugActive(inDebugBuild: false))
        #expect(
            log.messages(atLeast: .notice).contains {
                $0.hasPrefix("debugEnabled is set but ignored: this is a release build")
            })
    }

    @Test("prompts shown in debug mode do not count against the yearly cap or the time between prompts")
    func debugPromptsAreNotCounted() async throws {
        let fixture = try EngineFixture(configuration { $0.debugEnabled = true })
        #expect(fixture.log.messages(atLeast: .notice).contains { $0.hasPrefix("debugEnabled is set: the rating") })
        for _ in 0..<5 {
            #expect(await fixture.engine.showPrompt()?.value == .answered(.dismissed))
        }
        #expect(fixture.presenter.prompts.count == 5)
        #expect(fixture.engine.state.promptDates.isEmpty)
        #expect(fixture.log.messages(atLeast: .info).contains { $0.contains("does not count against the limits") })
    }
}
