import Armchair
import ArmchairTesting
import Logging
import Testing

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

    @Test("the release-build rule: it needs the app's opt-in where Armchair was built for release")
    func releaseRule() {
        var configuration = Configuration(appID: "org.example.Notes")
        let log = LogRecorder()
        let applied = DebugSwitch.apply(to: configuration, environment: ["ARMCHAIR_DEBUG": "yes"], logger: log.logger)
        #expect(applied.debugEnabled)
        configuration.debugEnabled = true
        // The switch sets exactly what code would set; the build rule of isDebugActive decides the
        // rest, and an opt-in makes it active in any build.
        #expect(applied.isDebugActive == configuration.isDebugActive)
        configuration.allowsDebugInReleaseBuilds = true
        #expect(configuration.isDebugActive)
    }
}
