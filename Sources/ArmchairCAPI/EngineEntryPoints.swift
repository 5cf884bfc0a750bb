package import ArmchairCore
import ArmchairDelivery
import ArmchairGLib
package import CArmchair
import CGLib

// The Swift side of `ArmchairEngine`: the `engine_…` entries of `ArmchairSwiftCore`. Each
// function is entered only from a C function that checked its arguments: the type, NULL, and
// that it runs on the main thread, which the `@MainActor` isolation needs (all but
// `engineRelease`, which any thread may call). None of them traps on a value the caller controls.

/// A handle C holds to the Swift side of an `ArmchairEngine`: a reference to its engine.
package typealias EngineHandle = UnsafeMutablePointer<ArmchairSwiftEngine>

/// Makes the engine of an `ArmchairEngine`, which opens the review page through GIO, and installs
/// the main-queue bridge, without which an engine made without a toolkit would never run its
/// asynchronous work (opening the review page, sending feedback) under the app's GLib main loop.
@MainActor
func engineCreate(_ box: ConfigurationHandle, _ gerror: GErrorOut) -> EngineHandle? {
    do throws(ConfigurationError) {
        let configuration = try box.borrow().validated()
        let engine = try RatingEngine(configuration: configuration, logger: .glib, delivery: NetworkDelivery())
        engine.openerWithoutPresenter = DesktopAddressOpener.open
        MainQueueBridge.install()
        return .retaining(engine)
    } catch {
        armchairSetError(gerror, error)
        return nil
    }
}

@MainActor
func engineConnect(_ engine: EngineHandle, _ object: OpaquePointer) {
    engine.borrow().connectSignals(to: EngineSignalEmitter(object))
}

/// Releases the engine of an `ArmchairEngine` that is going, from any thread: on the main actor,
/// and never during the call, which may come from inside one of the engine's own signal handlers
/// (the engine is still at work there) or from another thread (where no Swift of the engine may
/// run). If the main thread never runs a GLib main loop again, the engine is never released: a
/// leak, never a crash.
func engineRelease(_ engine: EngineHandle) {
    let engine = UncheckedSendable(engine)
    MainThread.later { _ = engine.value.take() }
}

@MainActor
func engineAppLaunched(_ engine: EngineHandle) {
    engine.borrow().countUse(isReturn: false)
}

@MainActor
func engineAppEnteredForeground(_ engine: EngineHandle) {
    engine.borrow().countUse(isReturn: true)
}

@MainActor
func engineAppWillQuit(_ engine: EngineHandle) -> gboolean {
    engine.borrow().appWillQuit() ? 1 : 0
}

@MainActor
func engineAddActiveUsage(_ engine: EngineHandle, _ seconds: Double) {
    engine.borrow().addActiveUsage(seconds: seconds)
}

@MainActor
func engineSignificantEvent(
    _ engine: EngineHandle, _ name: UnsafePointer<CChar>?, _ weight: CInt, _ mayPrompt: gboolean
) {
    engine.borrow().countSignificantEvent(
        name.map { String(cString: $0) }, weight: weight == 0 ? nil : Int(weight), mayPrompt: mayPrompt != 0)
}

@MainActor
func engineShouldPrompt(_ engine: EngineHandle) -> gboolean {
    engine.borrow().decision().shouldPrompt ? 1 : 0
}

@MainActor
func engineGetDecision(_ engine: EngineHandle) -> OpaquePointer? {
    engine.borrow().decision().makeObject()
}

@MainActor
func engineExplain(_ engine: EngineHandle) -> UnsafeMutablePointer<CChar>? {
    g_strdup(engine.borrow().decision().description(naming: .properties))
}

@MainActor
func engineShowPromptIfAllowed(_ engine: EngineHandle) -> ArmchairPromptStatus {
    switch engine.borrow().requestPromptIfNecessary() {
    case .notShown: ARMCHAIR_PROMPT_NOT_SHOWN
    case .showing: ARMCHAIR_PROMPT_SHOWING
    case .waitingForBreak: ARMCHAIR_PROMPT_WAITING_FOR_BREAK
    case .waitingForNetwork: ARMCHAIR_PROMPT_WAITING_FOR_NETWORK
    }
}

@MainActor
func engineShowPromptWhenOnline(_ engine: EngineHandle, _ flow: ArmchairPromptFlow) -> ArmchairPromptStatus {
    switch engine.borrow().requestPromptWhenOnline(asksSatisfactionFirst: asksSatisfactionFirst(flow)) {
    case .notShown: ARMCHAIR_PROMPT_NOT_SHOWN
    case .showing: ARMCHAIR_PROMPT_SHOWING
    case .waitingForBreak: ARMCHAIR_PROMPT_WAITING_FOR_BREAK
    case .waitingForNetwork: ARMCHAIR_PROMPT_WAITING_FOR_NETWORK
    }
}

/// Whether a prompt of `flow` asks "Are you enjoying the app?" first; `nil` for the configured flow.
private func asksSatisfactionFirst(_ flow: ArmchairPromptFlow) -> Bool? {
    switch flow {
    case ARMCHAIR_PROMPT_FLOW_RATING_ONLY: false
    case ARMCHAIR_PROMPT_FLOW_SATISFACTION_FIRST: true
    default: nil
    }
}

@MainActor
func engineShowPrompt(_ engine: EngineHandle) -> gboolean {
    engine.borrow().showPrompt() != nil ? 1 : 0
}

@MainActor
func engineRecordPromptShown(_ engine: EngineHandle) {
    engine.borrow().recordOwnPromptShown()
}

@MainActor
func engineRecordAnswer(_ engine: EngineHandle, _ answer: ArmchairAnswer) {
    guard let answer = RatingAnswer(answer) else { return }
    engine.borrow().record(answer)
}

@MainActor
func engineRateApp(_ engine: EngineHandle) {
    engine.borrow().rateApp()
}

@MainActor
func engineShowPromptWithFlow(_ engine: EngineHandle, _ flow: ArmchairPromptFlow) -> gboolean {
    engine.borrow().showPrompt(asksSatisfactionFirst: asksSatisfactionFirst(flow)) != nil ? 1 : 0
}

@MainActor
func engineOpenReviewPage(_ engine: EngineHandle) {
    engine.borrow().openRatingsPage()
}

@MainActor
func engineReconfigure(
    _ engine: EngineHandle, _ box: ConfigurationHandle, _ gerror: GErrorOut
) -> gboolean {
    let next = box.borrow().withContents { $0.configuration }
    do throws(ConfigurationError) {
        try engine.borrow().reconfigure { current in
            let (name, version) = (current.appName, current.appVersion)
            current = next
            current.appName = next.appName ?? name
            current.appVersion = next.appVersion ?? version
        }
        return 1
    } catch {
        armchairSetError(gerror, error)
        return 0
    }
}

@MainActor
func engineClosePrompt(_ engine: EngineHandle) {
    engine.borrow().closePrompt()
}

@MainActor
func engineDupReviewURI(_ engine: EngineHandle) -> UnsafeMutablePointer<CChar>? {
    g_strdup(engine.borrow().reviewURLString())
}

@MainActor
func engineReset(_ engine: EngineHandle) {
    engine.borrow().resetAllCounters()
}

@MainActor
func engineResetUsageCounters(_ engine: EngineHandle) {
    engine.borrow().resetUsageCounters()
}

@MainActor
func engineFlush(_ engine: EngineHandle) -> gboolean {
    engine.borrow().flush() ? 1 : 0
}
