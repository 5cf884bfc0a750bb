import ArmchairCAPI
import ArmchairCore
import CArmchair
import CArmchairGtk3
import Testing

/// What a C, Python or JavaScript app may get wrong: NULL, the wrong type, a call from another
/// thread, values out of any range. Each gives a critical or a GError, never a crash.
extension LibArmchairSuites {
    @MainActor
    @Suite("Bad calls from C")
    struct BadCallTests {
        let appID = LibArmchairEnvironment.uniqueAppID()
        let configuration: OpaquePointer?

        init() {
            _ = LibArmchairEnvironment.isReady
            configuration = armchair_configuration_new(appID, "1.0")
        }

        /// The criticals logged while `body` ran, each checked to be an assertion that failed or a
        /// critical that names what was wrong (a text key that is not one).
        func criticals(_ body: () -> Void) -> [String] {
            let messages = LibArmchairEnvironment.messages(during: body)
            for message in messages {
                #expect(message.contains("assertion") || message.contains("is not a key of"), "\(message)")
            }
            return messages
        }

        func engine() throws -> OpaquePointer {
            try #require(armchair_engine_new(configuration, nil))
        }

        @Test("NULL and the wrong type give one critical each and a NULL or FALSE result")
        func nullAndWrongType() throws {
            let engine = try engine()
            defer { GObjectHelpers.unref(engine) }
            let decision = armchair_engine_get_decision(engine)
            defer { GObjectHelpers.unref(decision) }
            var error: UnsafeMutablePointer<GError>?
            let messages = criticals {
                #expect(armchair_configuration_new(nil, "1.0") == nil)
                #expect(armchair_configuration_new_from_file(nil, nil, nil, &error) == nil)
                #expect(armchair_engine_new(nil, &error) == nil)
                #expect(armchair_engine_new(decision, &error) == nil)
                #expect(armchair_engine_should_prompt(nil) == 0)
                #expect(armchair_engine_explain(configuration) == nil)
                #expect(armchair_engine_get_decision(decision) == nil)
                armchair_engine_significant_event(nil, "export")
                armchair_engine_record_answer(engine, ArmchairAnswer(rawValue: 99))
                armchair_configuration_set_text(configuration, "no-such-text", "x")
                armchair_configuration_set_event_weight(configuration, nil, 2)
                #expect(armchair_decision_get_headline(configuration) == nil)
                #expect(armchair_gtk3_attach(nil, configuration, &error) == nil)
                #expect(armchair_gtk3_attach(UnsafeMutablePointer(configuration), configuration, &error) == nil)
                #expect(armchair_application_binding_get_engine(GObjectHelpers.applicationBinding(engine)) == nil)
            }
            #expect(messages.count == 15, "\(messages)")
            #expect(error == nil)
        }

        @Test("An error already set is refused with a critical")
        func errorAlreadySet() {
            var error: UnsafeMutablePointer<GError>? = g_error_new_literal(armchair_error_quark(), 0, "earlier")
            let messages = criticals { #expect(armchair_engine_new(configuration, &error) == nil) }
            #expect(messages.count == 1)
            #expect(CallError(&error)?.message == "earlier")
        }

        @Test("A call from another thread is refused with a critical, and the engine lives on")
        func anotherThread() throws {
            let engine = try engine()
            defer { GObjectHelpers.unref(engine) }
            let pointers = Unchecked(value: (engine, configuration))
            let messages = criticals {
                let results = onAnotherThread {
                    let (engine, configuration) = pointers.value
                    let explanation = armchair_engine_explain(engine)
                    armchair_engine_significant_event(engine, "export")
                    let other = armchair_engine_new(configuration, nil)
                    let decision = armchair_engine_get_decision(engine)
                    return [explanation == nil, other == nil, decision == nil]
                }
                #expect(results == [true, true, true])
            }
            #expect(messages.count == 4, "\(messages)")
            #expect(messages.allSatisfy { $0.contains("armchair_c_api_is_main_thread") })
            armchair_engine_significant_event(engine, "export")
            #expect(armchair_engine_get_swift_engine(engine).borrow().state.significantEventCount == 1)
        }

        @Test("An engine whose last reference goes on another thread is released on the main actor, later")
        func lastReferenceOnAnotherThread() async throws {
            let engine = Unchecked(value: try engine())
            let swiftEngine = WeakReference(armchair_engine_get_swift_engine(engine.value).borrow())
            let messages = criticals { onAnotherThread { GObjectHelpers.unref(engine.value) } }
            #expect(messages == [])
            #expect(swiftEngine.object != nil, "released off the main thread")
            for _ in 0..<100 where swiftEngine.object != nil {
                g_main_context_iteration(nil, 0)
                await Task.yield()
            }
            #expect(swiftEngine.object == nil, "never released")
        }

        @Test("The configuration may be set from another thread")
        func configurationOnAnotherThread() {
            let pointer = Unchecked(value: configuration)
            let messages = criticals {
                onAnotherThread { GObjectHelpers.set(pointer.value, "uses-until-prompt", to: "3") }
            }
            #expect(messages == [])
            #expect(GObjectHelpers.printed(configuration, "uses-until-prompt") == "3")
        }

        @Test("An unusable configuration gives ARMCHAIR_ERROR_CONFIGURATION listing each problem")
        func badConfiguration() throws {
            let empty = armchair_configuration_new("", nil)
            defer { GObjectHelpers.unref(empty) }
            var error: UnsafeMutablePointer<GError>?
            #expect(armchair_engine_new(empty, &error) == nil)
            #expect(
                CallError(&error)
                    == CallError(
                        domain: "armchair-error-quark", code: gint(ARMCHAIR_ERROR_CONFIGURATION.rawValue),
                        message: "Invalid Armchair configuration:\n- app-id \"\": it is empty"))

            armchair_configuration_set_event_weight(configuration, "export", gint.min)
            armchair_configuration_set_event_weight(configuration, "two words", 2)
            GObjectHelpers.set(configuration, "feedback-email", to: "not an address")
            #expect(armchair_configuration_validate(configuration, &error) == 0)
            let expected = """
                Invalid Armchair configuration:
                - event-weights["export"]: must be from 1 to 1000, not -2147483648
                - event-weights: the event name "two words" may only use letters, digits, _, - and .
                - feedback-email: "not an address" is not an email address
                """
            #expect(CallError(&error)?.message == expected)
            #expect(armchair_engine_new(configuration, &error) == nil)
            #expect(CallError(&error)?.message == expected)
        }

        @Test("GObject refuses NaN for a number, so Swift never sees one")
        func notANumber() {
            GObjectHelpers.set(configuration, "days-until-prompt", to: "nan")
            GObjectHelpers.set(configuration, "update-grace-days", to: "inf")
            #expect(GObjectHelpers.printed(configuration, "days-until-prompt") == "30.000000")
            #expect(GObjectHelpers.printed(configuration, "update-grace-days") == "3.000000")
            #expect(armchair_configuration_validate(configuration, nil) == 1)
        }

        @Test("Values out of every range reach Swift without a trap and are ignored")
        func valuesOutOfRange() throws {
            let engine = try engine()
            defer { GObjectHelpers.unref(engine) }
            armchair_engine_significant_event(engine, "two words")
            armchair_engine_significant_event(engine, String(repeating: "x", count: 100))
            for weight in [-5, gint.min, gint.max, 1001] {
                armchair_engine_significant_event_full(engine, "export", weight, 1)
            }
            for seconds in [Double.nan, -.infinity, .infinity, -1, .greatestFiniteMagnitude] {
                armchair_engine_add_active_usage(engine, seconds)
            }
            let state = armchair_engine_get_swift_engine(engine).borrow().state
            #expect(state.significantEventCount == 0)
            #expect(state.activeUsageSeconds.isFinite && state.activeUsageSeconds > 0)
        }
    }
}

/// An object held weakly, to see when it goes. A local `weak let` would say the same, but needs
/// Swift 6.3 (SE-0481), and a `weak var` that is never assigned draws a warning; Armchair's floor is
/// Swift 6.1.
private struct WeakReference<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object) { self.object = object }
}
