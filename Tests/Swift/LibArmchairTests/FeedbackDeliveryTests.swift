import ArmchairCAPI
import ArmchairCore
import ArmchairTesting
import CArmchair
import Testing

/// `ArmchairEngine::deliver-feedback`: the app delivers feedback itself, asynchronously, through
/// an `ArmchairFeedbackRequest` it completes later, from any thread, as the Swift feedback sender
/// does. The flow's steps are answered by a recording presenter; everything else is the C API.
extension LibArmchairSuites {
    @MainActor
    @Suite("ArmchairEngine::deliver-feedback")
    struct FeedbackDeliveryTests {
        let appID = LibArmchairEnvironment.uniqueAppID()

        init() {
            _ = LibArmchairEnvironment.isReady
        }

        /// The requests the app's handler was handed, each with a reference the test holds.
        @MainActor
        final class Handed {
            var requests: [OpaquePointer] = []
            /// Whether the handler keeps a reference; when false it drops the request at once.
            var keeps = true
        }

        /// An engine whose satisfaction flow a person answers "Not really", then sends `text`, with
        /// no feedback address or endpoint in its configuration.
        func makeEngine(sending text: String) throws -> (engine: OpaquePointer, presenter: RecordingPresenter) {
            let configuration = armchair_configuration_new(appID, "2.0")
            defer { GObjectHelpers.unref(configuration) }
            let engine = try #require(armchair_engine_new(configuration, nil))
            let presenter = RecordingPresenter()
            presenter.satisfactionAnswer = .notEnjoying
            presenter.feedbackRequestAnswer = .giveFeedback
            presenter.feedbackDrafts = [FeedbackDraft(text: text)]
            armchair_engine_get_swift_engine(engine).borrow().presenter = presenter
            return (engine, presenter)
        }

        /// Connects the app's handler, which records each request in `handed`.
        func connectHandler(_ engine: OpaquePointer, _ handed: Handed) -> gulong {
            let handler: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
                _, request, data in
                let pointers = Unchecked(value: (request, data))
                MainActor.assumeIsolated {
                    let (request, data) = pointers.value
                    guard let request, let data else { return }
                    let handed = Unmanaged<Handed>.fromOpaque(data).takeUnretainedValue()
                    if handed.keeps {
                        g_object_ref(UnsafeMutableRawPointer(request))
                        handed.requests.append(request)
                    }
                }
            }
            return g_signal_connect_data(
                UnsafeMutableRawPointer(engine), "deliver-feedback", unsafeBitCast(handler, to: GCallback.self),
                Unmanaged.passUnretained(handed).toOpaque(), nil, GConnectFlags(rawValue: 0))
        }

        /// Runs `body` with the request the app's handler was handed once the person sent `text`.
        func withHandedRequest(
            sending text: String,
            _ body: @MainActor (OpaquePointer, RecordingPresenter, SignalRecorder, OpaquePointer) async throws -> Void
        ) async throws {
            let (engine, presenter) = try makeEngine(sending: text)
            defer { GObjectHelpers.unref(engine) }
            let recorder = SignalRecorder(engine)
            let handed = Handed()
            _ = connectHandler(engine, handed)
            armchair_engine_show_prompt_with_flow(engine, ARMCHAIR_PROMPT_FLOW_SATISFACTION_FIRST)
            try await LibArmchairEnvironment.waitUntil { !handed.requests.isEmpty }
            let request = try #require(handed.requests.first)
            defer { g_object_unref(UnsafeMutableRawPointer(request)) }
            try await body(engine, presenter, recorder, request)
        }

        @Test("With a handler the form is offered without an address; a success from another thread thanks")
        func appDelivers() async throws {
            try await withHandedRequest(sending: "Export crashes on big files.") { _, presenter, recorder, request in
                #expect(String(cString: armchair_feedback_request_get_text(request)) == "Export crashes on big files.")
                #expect(String(cString: armchair_feedback_request_get_app_id(request)) == appID)
                #expect(armchair_feedback_request_get_reply_email(request) == nil)
                #expect(armchair_feedback_request_get_completed(request) == 0)
                #expect(presenter.feedbackForms.count == 1, "offered with no address: the app delivers")

                // The app's delivery takes a while; meanwhile nothing is reported.
                try await Task.sleep(for: .milliseconds(100))
                #expect(presenter.thankYous.isEmpty)
                #expect(!recorder.emissions.contains { $0.hasPrefix("feedback-sent") })

                let address = Int(bitPattern: UnsafeMutableRawPointer(request))
                await Task.detached {
                    armchair_feedback_request_return_success(OpaquePointer(bitPattern: address))
                }.value
                let feedbackEmission = try await recorder.wait(for: "feedback-sent")
                #expect(feedbackEmission == "feedback-sent Export crashes on big files.")
                try await LibArmchairEnvironment.waitUntil { !presenter.thankYous.isEmpty }
                #expect(presenter.thankYous.count == 1)
                #expect(presenter.feedbackErrors.isEmpty)
                #expect(armchair_feedback_request_get_completed(request) != 0)
            }
        }

        @Test("A failure is shown in the app's words and kept for another try; a second result is refused")
        func appFails() async throws {
            try await withHandedRequest(sending: "Please add dark mode.") { _, presenter, recorder, request in
                armchair_feedback_request_return_failure(request, "Our tracker is down.")
                let feedbackEmission = try await recorder.wait(for: "feedback-failed")
                #expect(feedbackEmission == "feedback-failed Our tracker is down.")
                try await LibArmchairEnvironment.waitUntil { !presenter.feedbackErrors.isEmpty }
                #expect(presenter.feedbackErrors == [FeedbackError("Our tracker is down.")])
                #expect(presenter.thankYous.isEmpty)

                let before = LibArmchairEnvironment.messages.count
                armchair_feedback_request_return_success(request)
                let refused = LibArmchairEnvironment.messages.dropFirst(before)
                #expect(refused.contains { $0.contains("has its result already") }, "\(refused)")
                #expect(!recorder.emissions.contains { $0.hasPrefix("feedback-sent") })
            }
        }

        @Test("A request the handler drops fails for now, with a warning; the person may send again")
        func droppedRequest() async throws {
            let (engine, presenter) = try makeEngine(sending: "Crash on start.")
            defer { GObjectHelpers.unref(engine) }
            let recorder = SignalRecorder(engine)
            let handed = Handed()
            handed.keeps = false
            let before = LibArmchairEnvironment.messages.count
            _ = connectHandler(engine, handed)

            armchair_engine_show_prompt_with_flow(engine, ARMCHAIR_PROMPT_FLOW_SATISFACTION_FIRST)
            _ = try await recorder.wait(for: "feedback-failed")
            try await LibArmchairEnvironment.waitUntil { !presenter.feedbackErrors.isEmpty }
            #expect(presenter.feedbackErrors.map(\.isPermanent) == [false], "the person may send again")
            // Looked up in the catalogs at the failure: English here, as every text these suites compare.
            #expect(
                presenter.feedbackErrors.map(\.message) == ["The app did not deliver the feedback. Please try again."])
            let warnings = LibArmchairEnvironment.messages.dropFirst(before)
            #expect(warnings.contains { $0.contains("was finalized without a result") }, "\(warnings)")
        }

        @Test("A request a language binding made itself completes with nothing waiting, and never crashes")
        func requestMadeByABinding() {
            let request = OpaquePointer(g_object_new_with_properties(armchair_feedback_request_get_type(), 0, nil, nil))
            defer { g_object_unref(UnsafeMutableRawPointer(request)) }
            #expect(armchair_feedback_request_get_completed(request) == 0)
            armchair_feedback_request_return_success(request)
            #expect(armchair_feedback_request_get_completed(request) != 0)
            let before = LibArmchairEnvironment.messages.count
            armchair_feedback_request_return_failure(request, "twice")
            let refused = LibArmchairEnvironment.messages.dropFirst(before)
            #expect(refused.contains { $0.contains("has its result already") }, "\(refused)")
        }

        @Test("Without a handler, or with it disconnected, and no address: no feedback form")
        func noHandlerNoForm() async throws {
            let (engine, presenter) = try makeEngine(sending: "unused")
            defer { GObjectHelpers.unref(engine) }
            let recorder = SignalRecorder(engine)
            let handed = Handed()
            let id = connectHandler(engine, handed)
            g_signal_handler_disconnect(UnsafeMutableRawPointer(engine), id)

            armchair_engine_show_prompt_with_flow(engine, ARMCHAIR_PROMPT_FLOW_SATISFACTION_FIRST)
            _ = try await recorder.wait(for: "feedback-requested")
            try await LibArmchairEnvironment.waitUntil { !presenter.feedbackRequests.isEmpty }
            try await Task.sleep(for: .milliseconds(100))
            #expect(presenter.feedbackRequests.count == 1)
            #expect(presenter.feedbackForms.isEmpty, "nothing could deliver it")
            #expect(handed.requests.isEmpty)
        }
    }
}
