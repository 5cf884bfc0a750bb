import ArmchairCAPI
import ArmchairCore
import CArmchair
import Testing

/// `ArmchairEngine`'s signals: one for every Swift callback, with their arguments, and the
/// signals that let the app say no, whose first TRUE (handled) wins, as in GTK.
extension LibArmchairSuites {
    @MainActor
    @Suite("ArmchairEngine signals")
    struct EngineSignalTests {
        let appID = LibArmchairEnvironment.uniqueAppID()

        init() {
            _ = LibArmchairEnvironment.isReady
        }

        func makeEngine(version: String = "1.0") throws -> OpaquePointer {
            let configuration = armchair_configuration_new(appID, version)
            defer { GObjectHelpers.unref(configuration) }
            return try #require(armchair_engine_new(configuration, nil))
        }

        /// The signal each Swift callback emits.
        static let signalOfCallback = [
            "didDisplayAlert": "prompt-shown",
            "didDeclineToRate": "answered",
            "didOptToRate": "answered",
            "didOptToRemindLater": "answered",
            "didRecordAnswer": "answered",
            "willPromptSatisfaction": "satisfaction-asked",
            "willPromptFeedbackRequest": "feedback-requested",
            "userAgreedToSendFeedback": "feedback-accepted",
            "userDeclinedToSendFeedback": "feedback-declined",
            "didSendFeedback": "feedback-sent",
            "couldNotSendFeedback": "feedback-failed",
            "willPresentThankYou": "thank-you-shown",
            "didDetectAppUpdate": "update-detected",
            "shouldPrompt": "hold-prompt",
            "shouldIncrementUseCount": "ignore-use",
            "shouldOpenStore": "open-review-page",
            "didOpenStore": "review-page-opened",
            "couldNotOpenStore": "review-page-failed",
        ]

        /// The callbacks `answered` stands for, which the engine reports through `didRecordAnswer`.
        static let answerCallbacks: Set = ["didDeclineToRate", "didOptToRate", "didOptToRemindLater"]

        @Test("Every Swift callback has a signal, and the engine sets every callback it needs")
        func everyCallbackHasASignal() throws {
            let engine = try makeEngine()
            defer { GObjectHelpers.unref(engine) }
            let callbacks = Mirror(reflecting: armchair_engine_get_swift_engine(engine).borrow().callbacks)
            #expect(callbacks.children.count == Self.signalOfCallback.count)
            for child in callbacks.children {
                let label = child.label ?? "?"
                let signal = try #require(Self.signalOfCallback[label], "no signal for the callback \(label)")
                #expect(g_signal_lookup(signal, armchair_engine_get_type()) != 0, "\(signal)")
                let isSet = Mirror(reflecting: child.value).children.isEmpty == false
                #expect(isSet != Self.answerCallbacks.contains(label), "\(label) set: \(isSet)")
            }
        }

        @Test("A new version emits update-detected with both versions, once")
        func updateDetected() throws {
            let first = try makeEngine(version: "1.0")
            armchair_engine_app_launched(first)
            GObjectHelpers.unref(first)
            let second = try makeEngine(version: "2.0")
            defer { GObjectHelpers.unref(second) }
            let recorder = SignalRecorder(second)
            armchair_engine_app_launched(second)
            armchair_engine_significant_event_full(second, nil, 0, 0)
            #expect(recorder.emissions.filter { $0.hasPrefix("update-detected") } == ["update-detected 1.0 2.0"])
        }

        /// Makes the engine's openings without a presenter (GIO's, which would start the desktop's
        /// software centre) answer as `answer` says, and record the addresses.
        func openings(of engine: OpaquePointer, answer: String?) -> Recorded<[String]> {
            let opened = Recorded<[String]>([])
            armchair_engine_get_swift_engine(engine).borrow().openerWithoutPresenter = {
                address throws(OpenURIError) in
                opened.value.append(address)
                if let answer { throw OpenURIError(uri: address, reason: answer) }
            }
            return opened
        }

        @Test("Rating without a toolkit records the answer, opens the page without a presenter, and reports it")
        func rateWithoutToolkit() async throws {
            let engine = try makeEngine()
            defer { GObjectHelpers.unref(engine) }
            let recorder = SignalRecorder(engine)
            let opened = openings(of: engine, answer: nil)
            armchair_engine_rate_app(engine)
            #expect(try await recorder.wait(for: "review-page-opened") == "review-page-opened appstream://\(appID)")
            #expect(opened.value == ["appstream://\(appID)"])
            #expect(
                Array(recorder.emissions.prefix(2)) == ["answered rate", "open-review-page appstream://\(appID)"])
        }

        @Test("Opening the review page records nothing (iRate's openRatingsPageInAppStore) and reports it")
        func openReviewPageOnly() async throws {
            let engine = try makeEngine()
            defer { GObjectHelpers.unref(engine) }
            let recorder = SignalRecorder(engine)
            let opened = openings(of: engine, answer: nil)
            armchair_engine_show_review_page(engine)
            #expect(try await recorder.wait(for: "review-page-opened") == "review-page-opened appstream://\(appID)")
            #expect(opened.value == ["appstream://\(appID)"])
            #expect(!recorder.emissions.contains { $0.hasPrefix("answered") }, "\(recorder.emissions)")
            let state = armchair_engine_get_swift_engine(engine).borrow().state
            #expect(!state.ratedThisVersion && !state.ratedAnyVersion)
        }

        @Test("A page that no handler opens is reported with each address tried and the handler's reason")
        func rateWithoutHandler() async throws {
            let engine = try makeEngine()
            defer { GObjectHelpers.unref(engine) }
            let recorder = SignalRecorder(engine)
            _ = openings(of: engine, answer: "no handler here")
            armchair_engine_rate_app(engine)
            let failure = try await recorder.wait(for: "review-page-failed")
            #expect(
                failure == "review-page-failed Could not open the review page: appstream://\(appID): no handler here; "
                    + "https://flathub.org/apps/\(appID): no handler here")
        }

        @Test("open-review-page handled (TRUE): the app opened the page, Armchair opens nothing")
        func openStoreHandled() async throws {
            let engine = try makeEngine()
            defer { GObjectHelpers.unref(engine) }
            let recorder = SignalRecorder(engine)
            let opened = openings(of: engine, answer: nil)
            recorder.handles = true
            armchair_engine_rate_app(engine)
            _ = try await recorder.wait(for: "review-page-", timeout: 0.3)
            #expect(recorder.emissions == ["answered rate", "open-review-page appstream://\(appID)"])
            #expect(opened.value == [])
        }

        @Test("ignore-use: the first TRUE wins, and the return is not counted; FALSE changes nothing")
        func ignoreUse() throws {
            let engine = try makeEngine()
            defer { GObjectHelpers.unref(engine) }
            armchair_engine_app_launched(engine)
            let first = SignalRecorder(engine)
            let second = SignalRecorder(engine)
            first.handles = true
            armchair_engine_app_entered_foreground(engine)
            #expect(first.emissions == ["ignore-use"])
            #expect(second.emissions == [], "a handler after the first TRUE ran")
            #expect(armchair_engine_get_swift_engine(engine).borrow().state.useCount == 1)
            first.handles = false
            armchair_engine_app_entered_foreground(engine)
            #expect(second.emissions == ["ignore-use"])
            #expect(armchair_engine_get_swift_engine(engine).borrow().state.useCount == 2)
        }
    }
}

/// A value the tests' closures change, read afterwards on the main actor.
@MainActor
final class Recorded<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
