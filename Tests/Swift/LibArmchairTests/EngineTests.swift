import ArmchairCAPI
import ArmchairCore
import CArmchair
import Testing

/// `ArmchairEngine` without a toolkit, as an app with its own UI uses it: counting into the
/// state file, deciding, explaining, recording answers and resetting.
extension LibArmchairSuites {
    @MainActor
    @Suite("ArmchairEngine without a toolkit")
    struct EngineTests {
        let appID = LibArmchairEnvironment.uniqueAppID()

        init() {
            _ = LibArmchairEnvironment.isReady
        }

        /// An engine for `appID` at `version`, after `configure` set properties.
        func makeEngine(
            version: String = "1.0", _ configure: (OpaquePointer?) -> Void = { _ in }
        ) throws -> OpaquePointer {
            let configuration = armchair_configuration_new(appID, version)
            defer { GObjectHelpers.unref(configuration) }
            configure(configuration)
            var error: UnsafeMutablePointer<GError>?
            let engine: OpaquePointer? = armchair_engine_new(configuration, &error)
            #expect(CallError(&error) == nil)
            return try #require(engine)
        }

        /// The Swift engine inside `engine`.
        func swiftEngine(_ engine: OpaquePointer?) -> RatingEngine {
            armchair_engine_get_swift_engine(engine).borrow()
        }

        @Test("Significant events are counted in the state file, with the configured weights")
        func significantEvents() throws {
            let engine = try makeEngine { armchair_configuration_set_event_weight($0, "export", 5) }
            defer { GObjectHelpers.unref(engine) }
            armchair_engine_significant_event(engine, "note-saved")
            armchair_engine_significant_event(engine, nil)
            armchair_engine_significant_event(engine, "export")
            armchair_engine_significant_event_full(engine, "share", 10, 0)
            let file = LibArmchairEnvironment.stateFile(of: appID)
            #expect(file.contains("\(appID).significant-event-count=17"), "\(file)")
            #expect(swiftEngine(engine).state.significantEventCount == 17)
        }

        @Test("The decision and the explanation are the Swift engine's, word for word but for the settings' names")
        func decisionAndExplanation() throws {
            let engine = try makeEngine {
                GObjectHelpers.set($0, "uses-until-prompt", to: "2")
                GObjectHelpers.set($0, "days-until-prompt", to: "0")
            }
            defer { GObjectHelpers.unref(engine) }
            armchair_engine_app_launched(engine)
            let explanation = armchair_engine_explain(engine)
            defer { g_free(explanation) }
            let swift = swiftEngine(engine).decision()
            #expect(explanation.map { String(cString: $0) } == swift.description(naming: .properties))
            #expect(armchair_engine_should_prompt(engine) == 0)

            let decision = armchair_engine_get_decision(engine)
            defer { GObjectHelpers.unref(decision) }
            #expect(armchair_decision_get_should_prompt(decision) == 0)
            #expect(armchair_decision_get_gates_passed(decision) == 1)
            #expect(armchair_decision_get_thresholds_met(decision) == 0)
            #expect(String(cString: armchair_decision_get_headline(decision)) == swift.headline(naming: .properties))
            var reasons: [String] = []
            var reason = armchair_decision_get_reasons(decision)
            while let line = reason?.pointee {
                reasons.append(String(cString: line))
                reason = reason?.advanced(by: 1)
            }
            #expect(reasons == ["uses 1/2"])
            let text = armchair_decision_to_string(decision)
            defer { g_free(text) }
            #expect(text.map { String(cString: $0) } == swift.description(naming: .properties))

            armchair_engine_app_entered_foreground(engine)
            #expect(armchair_engine_should_prompt(engine) == 1)
            let allowed = armchair_engine_get_decision(engine)
            defer { GObjectHelpers.unref(allowed) }
            #expect(armchair_decision_get_reasons(allowed)?.pointee == nil, "no reason holds the prompt back")
        }

        @Test("An engine without a toolkit shows nothing")
        func showsNothing() throws {
            let engine = try makeEngine {
                GObjectHelpers.set($0, "debug-enabled", to: "true")
                GObjectHelpers.set($0, "allows-debug-in-release-builds", to: "true")
            }
            defer { GObjectHelpers.unref(engine) }
            let recorder = SignalRecorder(engine)
            #expect(armchair_engine_should_prompt(engine) == 1)
            #expect(armchair_engine_show_prompt_if_allowed(engine) == ARMCHAIR_PROMPT_NOT_SHOWN)
            #expect(armchair_engine_show_prompt(engine) == 0)
            #expect(recorder.emissions == [])
        }

        @Test("A recorded answer is saved and announced with the exact answer")
        func recordAnswer() throws {
            let engine = try makeEngine()
            defer { GObjectHelpers.unref(engine) }
            let recorder = SignalRecorder(engine)
            armchair_engine_record_answer(engine, ARMCHAIR_ANSWER_DISMISSED)
            armchair_engine_record_answer(engine, ARMCHAIR_ANSWER_DECLINE)
            #expect(recorder.emissions == ["answered dismissed", "answered decline"])
            let file = LibArmchairEnvironment.stateFile(of: appID)
            #expect(file.contains("\(appID).declined-this-version=true"), "\(file)")
            #expect(swiftEngine(engine).state.declinedThisVersion)
            #expect(armchair_engine_should_prompt(engine) == 0)
        }

        @Test("An app's own prompt counts toward the limits, and is announced")
        func ownPrompt() throws {
            let engine = try makeEngine {
                GObjectHelpers.set($0, "uses-until-prompt", to: "0")
                GObjectHelpers.set($0, "days-until-prompt", to: "0")
            }
            defer { GObjectHelpers.unref(engine) }
            let recorder = SignalRecorder(engine)
            #expect(armchair_engine_should_prompt(engine) == 1)
            armchair_engine_record_prompt_shown(engine)
            armchair_engine_record_answer(engine, ARMCHAIR_ANSWER_REMIND_LATER)
            #expect(recorder.emissions == ["prompt-shown", "answered remind-later"])
            #expect(swiftEngine(engine).state.promptDates.count == 1)
            #expect(LibArmchairEnvironment.stateFile(of: appID).contains("\(appID).prompt-dates="))
            let decision = swiftEngine(engine).decision()
            #expect(decision.summary(.yearlyCap) == "prompts in the last 365 days: 1/3")
            #expect(decision.criterion(.minimumInterval)?.status == .missing)
            #expect(armchair_engine_should_prompt(engine) == 0)
        }

        @Test("Reset forgets the counts and the answers; resetting the counters keeps the answers")
        func reset() throws {
            let engine = try makeEngine()
            defer { GObjectHelpers.unref(engine) }
            armchair_engine_significant_event_full(engine, "export", 4, 0)
            armchair_engine_record_answer(engine, ARMCHAIR_ANSWER_DECLINE)
            armchair_engine_reset_usage_counters(engine)
            #expect(swiftEngine(engine).state.significantEventCount == 0)
            #expect(swiftEngine(engine).state.declinedThisVersion)
            armchair_engine_significant_event_full(engine, "export", 4, 0)
            armchair_engine_reset(engine)
            let file = LibArmchairEnvironment.stateFile(of: appID)
            #expect(!file.contains("declined-this-version=true"), "\(file)")
            #expect(!file.contains("significant-event-count=4"), "\(file)")
            #expect(swiftEngine(engine).state.significantEventCount == 0)
            #expect(!swiftEngine(engine).state.declinedThisVersion)
            #expect(armchair_engine_flush(engine) == 1)
        }

        @Test("The review address is the software centre's page of the app")
        func reviewURL() throws {
            let engine = try makeEngine()
            defer { GObjectHelpers.unref(engine) }
            let url = armchair_engine_dup_review_uri(engine)
            defer { g_free(url) }
            #expect(url.map { String(cString: $0) } == "appstream://\(appID)")
        }

        @Test(
            "Reconfigured from C: the next decision follows; the name and version left unset stay; the app ID cannot change"
        )
        func reconfigure() throws {
            let engine = try makeEngine(version: "2.4")
            defer { GObjectHelpers.unref(engine) }
            let next = armchair_configuration_new(appID, nil)
            defer { GObjectHelpers.unref(next) }
            GObjectHelpers.set(next, "uses-until-prompt", to: "3")
            var error: UnsafeMutablePointer<GError>?
            #expect(armchair_engine_reconfigure(engine, next, &error) == 1)
            #expect(CallError(&error) == nil)
            #expect(swiftEngine(engine).configuration.usesUntilPrompt == 3)
            #expect(swiftEngine(engine).configuration.appVersion == "2.4", "the version left unset stays")
            #expect(swiftEngine(engine).decision().criterion(.uses)?.required == 3)

            let other = armchair_configuration_new("org.example.Other", "1.0")
            defer { GObjectHelpers.unref(other) }
            GObjectHelpers.set(other, "uses-until-prompt", to: "9")
            #expect(armchair_engine_reconfigure(engine, other, &error) == 0)
            let failure = CallError(&error)
            #expect(failure?.code == gint(ARMCHAIR_ERROR_CONFIGURATION.rawValue))
            #expect(
                failure?.message.contains("app-id: cannot change in a running engine") == true,
                "\(String(describing: failure))")
            #expect(swiftEngine(engine).configuration.usesUntilPrompt == 3, "a refused change changes nothing")
        }

        @Test("The engine uses the configuration as it was when the engine was made")
        func copiesTheConfiguration() throws {
            let configuration = armchair_configuration_new(appID, "1.0")
            defer { GObjectHelpers.unref(configuration) }
            GObjectHelpers.set(configuration, "uses-until-prompt", to: "4")
            armchair_configuration_set_text(configuration, "title", "Enjoying it?")
            let engine = armchair_engine_new(configuration, nil)
            defer { GObjectHelpers.unref(engine) }
            GObjectHelpers.set(configuration, "uses-until-prompt", to: "9")
            var expected = SwiftConfigurations.of(configuration)
            expected.usesUntilPrompt = 4
            #expect(swiftEngine(engine).configuration == expected)
        }
    }
}
