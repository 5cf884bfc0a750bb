import ArmchairCAPI
import ArmchairCore
import CArmchair
import Testing

/// The names C, Python and JavaScript read in errors and explanations: the property names they
/// set (`feedback-email`), never Swift's (`feedbackEmail`).
extension LibArmchairSuites {
    @MainActor
    @Suite("Setting names in errors and explanations from C")
    struct SettingNameTests {
        let appID = LibArmchairEnvironment.uniqueAppID()

        init() {
            _ = LibArmchairEnvironment.isReady
        }

        @Test("A configuration error names each setting by its property, the binding's and the grace days too")
        func configurationError() {
            let configuration = armchair_configuration_new(appID, "1.0")
            defer { GObjectHelpers.unref(configuration) }
            GObjectHelpers.set(configuration, "feedback-email", to: "nobody")
            armchair_configuration_set_scenario_requirement(configuration, "pros", "two words", 1)
            // Beyond their ranges, which GObject keeps a property from reaching: set in Swift,
            // checked from C.
            SwiftConfigurations.change(configuration) {
                $0.configuration.usesUntilPrompt = Configuration.Bounds.count + 1
                $0.configuration.updatePolicy = .keepCounters(graceDays: 4000)
                $0.graceDays = 4000
                $0.configuration.scheduling.quietTime = 90
            }
            var error: UnsafeMutablePointer<GError>?
            #expect(armchair_configuration_validate(configuration, &error) == 0)
            #expect(
                CallError(&error)
                    == CallError(
                        domain: "armchair-error-quark", code: gint(ARMCHAIR_ERROR_CONFIGURATION.rawValue),
                        message: """
                            Invalid Armchair configuration:
                            - uses-until-prompt: must be at most 1000000, not 1000001
                            - update-grace-days: must be at most 3650, not 4000
                            - quiet-time: must be at most 60, not 90
                            - event-scenarios["pros"]: the event name "two words" may only use letters, digits, _, - and .
                            - feedback-email: "nobody" is not an email address
                            """))
        }

        @Test("The explanation, the headline and the reasons name settings by their properties")
        func explanation() throws {
            let first = armchair_configuration_new(appID, "1.0")
            defer { GObjectHelpers.unref(first) }
            let rated = try #require(armchair_engine_new(first, nil))
            armchair_engine_record_answer(rated, ARMCHAIR_ANSWER_RATE)
            GObjectHelpers.unref(rated)

            let configuration = armchair_configuration_new(appID, "2.0")
            defer { GObjectHelpers.unref(configuration) }
            GObjectHelpers.set(configuration, "should-prompt-if-rated", to: "false")
            GObjectHelpers.set(configuration, "days-until-prompt", to: "0")
            GObjectHelpers.set(configuration, "minimum-days-between-prompts", to: "0")
            let engine = try #require(armchair_engine_new(configuration, nil))
            defer { GObjectHelpers.unref(engine) }
            armchair_engine_app_launched(engine)

            let explained = armchair_engine_explain(engine)
            defer { g_free(explained) }
            let explanation = explained.map { String(cString: $0) } ?? ""
            for line in [
                "Not prompting: rated an earlier version (1.0); should-prompt-if-rated is off.",
                "missing  rated an earlier version (1.0); should-prompt-if-rated is off",
                "met      no minimum time between prompts (minimum-days-between-prompts is 0)",
                "off      days (days-until-prompt is 0)",
            ] {
                #expect(explanation.contains(line), "\(explanation)")
            }
            #expect(!explanation.contains("UntilPrompt") && !explanation.contains("IfRated"), "\(explanation)")

            let decision = armchair_engine_get_decision(engine)
            defer { GObjectHelpers.unref(decision) }
            #expect(
                String(cString: armchair_decision_get_headline(decision))
                    == "Not prompting: rated an earlier version (1.0); should-prompt-if-rated is off.")
            #expect(
                armchair_decision_get_reasons(decision)?.pointee.map { String(cString: $0) }
                    == "rated an earlier version (1.0); should-prompt-if-rated is off")
        }
    }
}
