import ArmchairCAPI
import ArmchairCore
import ArmchairTesting
import CArmchair
import Testing

/// `ArmchairEngine::present-step`: the app shows a step of the prompt with its own UI and returns
/// the person's choice through an `ArmchairPromptStep`, as a Swift app's `ForwardingPresenter`
/// does. Armchair's own dialogs are a recording presenter here; the steps the app takes never
/// reach it.
extension LibArmchairSuites {
    @MainActor
    @Suite("ArmchairEngine::present-step")
    struct PromptStepTests {
        let appID = LibArmchairEnvironment.uniqueAppID()

        init() {
            _ = LibArmchairEnvironment.isReady
        }

        /// The app's handler: takes the steps of `kinds`, keeping a reference to each.
        @MainActor
        final class OwnUI {
            var kinds: Set<UInt32>
            var steps: [OpaquePointer] = []
            var closed = 0
            /// Whether the handler keeps a reference to the steps it takes.
            var keeps = true

            init(_ kinds: [ArmchairStepKind]) { self.kinds = Set(kinds.map(\.rawValue)) }
        }

        func makeEngine() throws -> (engine: OpaquePointer, presenter: RecordingPresenter) {
            let configuration = armchair_configuration_new(appID, "2.0")
            defer { GObjectHelpers.unref(configuration) }
            GObjectHelpers.set(configuration, "feedback-email", to: "notes@example.org")
            let engine = try #require(armchair_engine_new(configuration, nil))
            let presenter = RecordingPresenter(defaultAnswer: .remindLater)
            presenter.satisfactionAnswer = .notEnjoying
            presenter.feedbackRequestAnswer = .decline
            armchair_engine_get_swift_engine(engine).borrow().presenter = presenter
            return (engine, presenter)
        }

        func connect(_ engine: OpaquePointer, _ ui: OwnUI) {
            let handler: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = {
                _, step, data in
                let pointers = Unchecked(value: (step, data))
                return MainActor.assumeIsolated {
                    let (step, data) = pointers.value
                    guard let step, let data else { return 0 }
                    let ui = Unmanaged<OwnUI>.fromOpaque(data).takeUnretainedValue()
                    guard ui.kinds.contains(armchair_prompt_step_get_kind(step).rawValue) else { return 0 }
                    if ui.keeps {
                        g_object_ref(UnsafeMutableRawPointer(step))
                        ui.steps.append(step)
                    }
                    let closed: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
                        let data = Unchecked(value: data)
                        MainActor.assumeIsolated {
                            data.value.map { Unmanaged<OwnUI>.fromOpaque($0).takeUnretainedValue().closed += 1 }
                        }
                    }
                    g_signal_connect_data(
                        UnsafeMutableRawPointer(step), "closed", unsafeBitCast(closed, to: GCallback.self), data, nil,
                        GConnectFlags(rawValue: 0))
                    return 1
                }
            }
            g_signal_connect_data(
                UnsafeMutableRawPointer(engine), "present-step", unsafeBitCast(handler, to: GCallback.self),
                Unmanaged.passUnretained(ui).toOpaque(), nil, GConnectFlags(rawValue: 0))
        }

        /// Runs `body` with the step of `kind` the app's handler took once `flow` began.
        func withTakenStep(
            _ kind: ArmchairStepKind, flow: ArmchairPromptFlow,
            _ body:
                @MainActor (OpaquePointer, RecordingPresenter, SignalRecorder, OwnUI, OpaquePointer) async throws ->
                Void
        ) async throws {
            let (engine, presenter) = try makeEngine()
            defer { GObjectHelpers.unref(engine) }
            let recorder = SignalRecorder(engine)
            let ui = OwnUI([kind])
            connect(engine, ui)
            #expect(armchair_engine_show_prompt_with_flow(engine, flow) != 0)
            try await LibArmchairEnvironment.waitUntil { !ui.steps.isEmpty }
            let step = try #require(ui.steps.first)
            defer { g_object_unref(UnsafeMutableRawPointer(step)) }
            try await body(engine, presenter, recorder, ui, step)
        }

        /// The choices a step offers, with their labels.
        func choices(of step: OpaquePointer) -> [String] {
            var count = 0
            guard let choices = armchair_prompt_step_get_choices(step, &count) else { return [] }
            return (0..<count).map { index in
                armchair_prompt_step_get_label(step, choices[index]).map { String(cString: $0) } ?? "?"
            }
        }

        @Test("The app shows the rating prompt itself: its texts and choices, a choice from another thread")
        func ownRatingPrompt() async throws {
            try await withTakenStep(ARMCHAIR_STEP_RATING_PROMPT, flow: ARMCHAIR_PROMPT_FLOW_RATING_ONLY) {
                engine, presenter, recorder, _, step in
                #expect(String(cString: armchair_prompt_step_get_title(step)).hasPrefix("Rate "))
                #expect(choices(of: step) == ["_Rate", "Remind Me _Later", "_No, Thanks"])
                #expect(presenter.prompts.isEmpty, "Armchair's dialog never showed")

                let address = Int(bitPattern: UnsafeMutableRawPointer(step))
                await Task.detached {
                    armchair_prompt_step_return_choice(OpaquePointer(bitPattern: address), ARMCHAIR_CHOICE_DECLINE)
                }.value
                let answeredEmission = try await recorder.wait(for: "answered")
                #expect(answeredEmission == "answered decline")
                #expect(armchair_engine_get_swift_engine(engine).borrow().state.declinedThisVersion)
            }
        }

        @Test("The app takes one step; the steps it leaves are Armchair's dialogs")
        func oneStepOnly() async throws {
            try await withTakenStep(ARMCHAIR_STEP_SATISFACTION_QUESTION, flow: ARMCHAIR_PROMPT_FLOW_SATISFACTION_FIRST)
            { _, presenter, recorder, _, step in
                #expect(choices(of: step).count == 2)
                #expect(presenter.satisfactionQuestions.isEmpty)
                armchair_prompt_step_return_choice(step, ARMCHAIR_CHOICE_NOT_ENJOYING)
                try await LibArmchairEnvironment.waitUntil { !presenter.feedbackRequests.isEmpty }
                #expect(presenter.feedbackRequests.count == 1, "the feedback request is Armchair's dialog")
                let answeredEmission = try await recorder.wait(for: "answered")
                #expect(answeredEmission == "answered decline")
            }
        }

        @Test("A choice the step does not offer is refused, and the step still waits for one")
        func refusedChoice() async throws {
            try await withTakenStep(ARMCHAIR_STEP_RATING_PROMPT, flow: ARMCHAIR_PROMPT_FLOW_RATING_ONLY) {
                _, _, recorder, _, step in
                let before = LibArmchairEnvironment.messages.count
                armchair_prompt_step_return_choice(step, ARMCHAIR_CHOICE_ENJOYING)
                #expect(!LibArmchairEnvironment.messages.dropFirst(before).isEmpty, "a critical")
                #expect(armchair_prompt_step_get_completed(step) == 0)
                armchair_prompt_step_return_choice(step, ARMCHAIR_CHOICE_RATE)
                #expect(armchair_prompt_step_get_completed(step) != 0)
                let answeredEmission = try await recorder.wait(for: "answered")
                #expect(answeredEmission == "answered rate")
            }
        }

        @Test("Closing the prompt closes the app's step: closed is emitted, and it counts as not now")
        func closedByArmchair() async throws {
            try await withTakenStep(ARMCHAIR_STEP_RATING_PROMPT, flow: ARMCHAIR_PROMPT_FLOW_RATING_ONLY) {
                engine, _, recorder, ui, step in
                armchair_engine_close_prompt(engine)
                #expect(ui.closed == 1)
                let answeredEmission = try await recorder.wait(for: "answered")
                #expect(answeredEmission == "answered dismissed")
                armchair_prompt_step_return_choice(step, ARMCHAIR_CHOICE_DECLINE)  // too late: ignored
                #expect(!armchair_engine_get_swift_engine(engine).borrow().state.declinedThisVersion)
            }
        }

        @Test("A step the app takes and drops counts as not now, with a warning")
        func droppedStep() async throws {
            let (engine, _) = try makeEngine()
            defer { GObjectHelpers.unref(engine) }
            let recorder = SignalRecorder(engine)
            let ui = OwnUI([ARMCHAIR_STEP_RATING_PROMPT])
            ui.keeps = false
            let before = LibArmchairEnvironment.messages.count
            connect(engine, ui)

            armchair_engine_show_prompt_with_flow(engine, ARMCHAIR_PROMPT_FLOW_RATING_ONLY)
            #expect(try await recorder.wait(for: "answered") == "answered dismissed")
            let warnings = LibArmchairEnvironment.messages.dropFirst(before)
            #expect(warnings.contains { $0.contains("was finalized without a choice") }, "\(warnings)")
        }

        @Test("A step a language binding made itself takes a dismissal with nothing waiting")
        func stepMadeByABinding() {
            let step = OpaquePointer(g_object_new_with_properties(armchair_prompt_step_get_type(), 0, nil, nil))
            defer { g_object_unref(UnsafeMutableRawPointer(step)) }
            var count = 1
            _ = armchair_prompt_step_get_choices(step, &count)
            #expect(count == 0)
            armchair_prompt_step_return_choice(step, ARMCHAIR_CHOICE_DISMISSED)
            #expect(armchair_prompt_step_get_completed(step) != 0)
        }
    }
}
