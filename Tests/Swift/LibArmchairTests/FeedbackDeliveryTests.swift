import ArmchairCAPI
import ArmchairCore
import ArmchairTesting
import CArmchair
import Synchronization
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

        /// Records on which threads a request's cancellable was cancelled: `true` for the main thread.
        final class CancelledHandler: Sendable {
            let threads = Mutex<[Bool]>([])

            /// Connects to `::cancelled` of `request`'s cancellable, which must not outlive the handler.
            init(_ request: OpaquePointer) {
                let handler: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
                    guard let data else { return }
                    let recorder = Unmanaged<CancelledHandler>.fromOpaque(data).takeUnretainedValue()
                    recorder.threads.withLock { $0.append(armchair_c_api_is_main_thread() != 0) }
                }
                g_signal_connect_data(
                    armchair_feedback_request_get_cancellable(request), "cancelled",
                    unsafeBitCast(handler, to: GCallback.self), Unmanaged.passRetained(self).toOpaque(),
                    { data, _ in if let data { Unmanaged<CancelledHandler>.fromOpaque(data).release() } },
                    GConnectFlags(rawValue: 0))
            }
        }

        @Test("Closing the form while the app holds the request cancels it on the main thread; the flow ends")
        func closingTheFormCancels() async throws {
            try await withHandedRequest(sending: "Sync is slow.") { engine, presenter, recorder, request in
                let cancellable = try #require(armchair_feedback_request_get_cancellable(request))
                #expect(armchair_feedback_request_get_cancellable(request) == cancellable, "the same every time")
                #expect(g_cancellable_is_cancelled(cancellable) == 0)
                let cancelled = CancelledHandler(request)

                armchair_engine_close_prompt(engine)
                #expect(g_cancellable_is_cancelled(cancellable) != 0, "cancelled as the form closed")
                #expect(cancelled.threads.withLock { $0 } == [true], "once, on the main thread")
                #expect(armchair_feedback_request_get_completed(request) != 0)

                // Not delivered, at once: the flow goes on without the app's result.
                let failure = try await recorder.wait(for: "feedback-failed")
                #expect(failure == "feedback-failed The app did not deliver the feedback. Please try again.")
                let answer = try await recorder.wait(for: "answered")
                #expect(answer == "answered dismissed", "not now, never a decline")
                #expect(presenter.feedbackErrors.count == 1, "no draft sent after the form closed")
                #expect(presenter.thankYous.isEmpty)
                #expect(!recorder.emissions.contains { $0.hasPrefix("feedback-sent") })
            }
        }

        @Test(
            "Disposing the engine cancels the request the app holds, on the disposing thread; the flow is not held",
            arguments: [true, false])
        func disposingTheEngineCancels(onMainThread: Bool) async throws {
            let (engine, presenter) = try makeEngine(sending: "Crash on quit.")
            let handed = Handed()
            _ = connectHandler(engine, handed)
            armchair_engine_show_prompt_with_flow(engine, ARMCHAIR_PROMPT_FLOW_SATISFACTION_FIRST)
            try await LibArmchairEnvironment.waitUntil { !handed.requests.isEmpty }
            let request = try #require(handed.requests.first)
            defer { g_object_unref(UnsafeMutableRawPointer(request)) }
            let cancellable = try #require(armchair_feedback_request_get_cancellable(request))
            let cancelled = CancelledHandler(request)
            var weakEngine = GWeakRef()
            g_weak_ref_init(&weakEngine, UnsafeMutableRawPointer(engine))
            defer { g_weak_ref_clear(&weakEngine) }

            // The test's reference is the engine's last.
            if onMainThread {
                GObjectHelpers.unref(engine)
            } else {
                let address = Int(bitPattern: UnsafeMutableRawPointer(engine))
                await Task.detached { GObjectHelpers.unref(OpaquePointer(bitPattern: address)) }.value
            }
            #expect(g_weak_ref_get(&weakEngine) == nil, "the engine went")
            #expect(g_cancellable_is_cancelled(cancellable) != 0, "cancelled as the engine went")
            #expect(cancelled.threads.withLock { $0 } == [onMainThread], "on the thread that dropped the engine")
            #expect(armchair_feedback_request_get_completed(request) != 0)

            // The flow goes on as after any delivery that failed: the form shows why.
            try await LibArmchairEnvironment.waitUntil { !presenter.feedbackErrors.isEmpty }
            #expect(
                presenter.feedbackErrors.map(\.message) == ["The app did not deliver the feedback. Please try again."])
            #expect(presenter.thankYous.isEmpty)
        }

        @Test("A result after the cancellation is accepted without a critical, from any thread, and changes nothing")
        func resultAfterCancellation() async throws {
            try await withHandedRequest(sending: "Dark mode, please.") { engine, presenter, recorder, request in
                armchair_engine_close_prompt(engine)
                _ = try await recorder.wait(for: "answered")
                let emissionsBefore = recorder.emissions

                let messages = LibArmchairEnvironment.messages.count
                let address = Int(bitPattern: UnsafeMutableRawPointer(request))
                await Task.detached {
                    armchair_feedback_request_return_success(OpaquePointer(bitPattern: address))
                }.value
                armchair_feedback_request_return_failure(request, "Too late.")
                try await Task.sleep(for: .milliseconds(100))
                #expect(Array(LibArmchairEnvironment.messages.dropFirst(messages)) == [], "accepted quietly")
                #expect(recorder.emissions == emissionsBefore, "no feedback-sent, no feedback-failed")
                #expect(presenter.thankYous.isEmpty)
                #expect(armchair_feedback_request_get_completed(request) != 0)
            }
        }

        @Test("The app's result first: the request is never cancelled, and closing changes nothing")
        func resultBeforeClosing() async throws {
            try await withHandedRequest(sending: "Thanks for the app.") { engine, presenter, recorder, request in
                let cancellable = try #require(armchair_feedback_request_get_cancellable(request))
                armchair_feedback_request_return_success(request)
                _ = try await recorder.wait(for: "feedback-sent")
                armchair_engine_close_prompt(engine)
                #expect(g_cancellable_is_cancelled(cancellable) == 0)
                _ = try await recorder.wait(for: "answered")
                #expect(recorder.emissions.contains("answered sent-feedback"), "\(recorder.emissions)")
            }
        }

        @Test("A request a language binding made itself completes with nothing waiting, and never crashes")
        func requestMadeByABinding() {
            let request = OpaquePointer(g_object_new_with_properties(armchair_feedback_request_get_type(), 0, nil, nil))
            defer { g_object_unref(UnsafeMutableRawPointer(request)) }
            #expect(armchair_feedback_request_get_cancellable(request) != nil, "never NULL")
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
