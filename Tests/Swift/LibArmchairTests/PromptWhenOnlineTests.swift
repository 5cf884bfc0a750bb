import ArmchairCAPI
import ArmchairCore
import ArmchairTesting
import CArmchair
import Testing

/// `armchair_engine_show_prompt_when_online()`: iRate's `promptIfNetworkAvailable` from C, with
/// the engine's natural breaks found by a scheduler on a manual clock, offline until the test
/// brings the network back.
extension LibArmchairSuites {
    @MainActor
    @Suite("armchair_engine_show_prompt_when_online")
    struct PromptWhenOnlineTests {
        let appID = LibArmchairEnvironment.uniqueAppID()

        init() {
            _ = LibArmchairEnvironment.isReady
        }

        @Test("Offline it waits for the network, then comes at the next break; online it shows at once")
        func waitsForTheNetwork() throws {
            let configuration = armchair_configuration_new(appID, "1.0")
            defer { GObjectHelpers.unref(configuration) }
            let engine = try #require(armchair_engine_new(configuration, nil))
            defer { GObjectHelpers.unref(engine) }
            let swiftEngine = armchair_engine_get_swift_engine(engine).borrow()
            swiftEngine.presenter = RecordingPresenter()
            let clock = ManualSchedulerClock()
            let scheduler = PromptScheduler(engine: swiftEngine, clock: clock, isNetworkAvailable: false)
            scheduler.windowActivityChanged(isActive: true)
            clock.advance(seconds: 10)

            let status = armchair_engine_show_prompt_when_online(engine, ARMCHAIR_PROMPT_FLOW_RATING_ONLY)
            #expect(status == ARMCHAIR_PROMPT_WAITING_FOR_NETWORK)
            #expect(swiftEngine.state.promptDates.isEmpty, "offline: the software centre could not open")
            scheduler.networkChanged(isAvailable: true)
            clock.advance(seconds: 5)
            #expect(swiftEngine.state.promptDates.count == 1, "at the break after the network came back")

            // Asked a moment ago: the gates refuse at once, offline too, rather than wait for nothing.
            scheduler.networkChanged(isAvailable: false)
            #expect(
                armchair_engine_show_prompt_when_online(engine, ARMCHAIR_PROMPT_FLOW_RATING_ONLY)
                    == ARMCHAIR_PROMPT_NOT_SHOWN)

            // Another app, online: at once, whatever the thresholds say.
            let other = armchair_configuration_new(LibArmchairEnvironment.uniqueAppID(), "1.0")
            defer { GObjectHelpers.unref(other) }
            let online = try #require(armchair_engine_new(other, nil))
            defer { GObjectHelpers.unref(online) }
            armchair_engine_get_swift_engine(online).borrow().presenter = RecordingPresenter()
            let onlineScheduler = PromptScheduler(
                engine: armchair_engine_get_swift_engine(online).borrow(), clock: clock, isNetworkAvailable: true)
            #expect(
                armchair_engine_show_prompt_when_online(online, ARMCHAIR_PROMPT_FLOW_RATING_ONLY)
                    == ARMCHAIR_PROMPT_SHOWING)
            #expect(onlineScheduler.isPromptWaiting == false)
        }
    }
}
