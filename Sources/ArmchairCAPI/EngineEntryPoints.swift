package import ArmchairCore
import ArmchairDelivery
import ArmchairGLib
import CArmchair
import CGLib

// The Swift side of `ArmchairEngine`. Each function is entered only from a C function that
// checked its arguments: the type, NULL, and that it runs on the main thread, which the
// `@MainActor` isolation needs (all but `armchair_swift_engine_release`, which any thread may
// call). None of them traps on a value the caller controls.

/// The engine behind `pointer`, which the C object holds retained.
@MainActor
package func ratingEngine(_ pointer: UnsafeMutableRawPointer) -> RatingEngine {
    Unmanaged<RatingEngine>.fromOpaque(pointer).takeUnretainedValue()
}

/// Makes the engine of an `ArmchairEngine`, which opens the review page through GIO, and installs
/// the main-queue bridge, without which an engine made without a toolkit would never run its
/// asynchronous work (opening the review page, sending feedback) under the app's GLib main loop.
@MainActor
@_cdecl("armchair_swift_engine_create")
func armchairSwiftEngineCreate(_ box: UnsafeMutableRawPointer, _ gerror: GErrorOut) -> UnsafeMutableRawPointer? {
    do throws(ConfigurationError) {
        let configuration = try ConfigurationBox.from(box).validated()
        let engine = try RatingEngine(configuration: configuration, logger: .glib, delivery: NetworkDelivery())
        engine.openerWithoutPresenter = DesktopAddressOpener.open
        MainQueueBridge.install()
        return Unmanaged.passRetained(engine).toOpaque()
    } catch {
        armchairSetError(gerror, error)
        return nil
    }
}

@MainActor
@_cdecl("armchair_swift_engine_connect")
func armchairSwiftEngineConnect(_ engine: UnsafeMutableRawPointer, _ object: OpaquePointer) {
    ratingEngine(engine).connectSignals(to: EngineSignalEmitter(object))
}

/// Releases the engine of an `ArmchairEngine` that is going, from any thread: on the main actor,
/// and never during the call, which may come from inside one of the engine's own signal handlers
/// (the engine is still at work there) or from another thread (where no Swift of the engine may
/// run). If the main thread never runs a GLib main loop again, the engine is never released: a
/// leak, never a crash.
@_cdecl("armchair_swift_engine_release")
func armchairSwiftEngineRelease(_ engine: UnsafeMutableRawPointer) {
    let engine = UncheckedSendable(engine)
    MainThread.later { Unmanaged<RatingEngine>.fromOpaque(engine.value).release() }
}

@MainActor
@_cdecl("armchair_swift_engine_app_launched")
func armchairSwiftEngineAppLaunched(_ engine: UnsafeMutableRawPointer) {
    ratingEngine(engine).countUse(isReturn: false)
}

@MainActor
@_cdecl("armchair_swift_engine_app_entered_foreground")
func armchairSwiftEngineAppEnteredForeground(_ engine: UnsafeMutableRawPointer) {
    ratingEngine(engine).countUse(isReturn: true)
}

@MainActor
@_cdecl("armchair_swift_engine_app_will_quit")
func armchairSwiftEngineAppWillQuit(_ engine: UnsafeMutableRawPointer) -> gboolean {
    ratingEngine(engine).appWillQuit() ? 1 : 0
}

@MainActor
@_cdecl("armchair_swift_engine_add_active_usage")
func armchairSwiftEngineAddActiveUsage(_ engine: UnsafeMutableRawPointer, _ seconds: Double) {
    ratingEngine(engine).addActiveUsage(seconds: seconds)
}

@MainActor
@_cdecl("armchair_swift_engine_significant_event")
func armchairSwiftEngineSignificantEvent(
    _ engine: UnsafeMutableRawPointer, _ name: UnsafePointer<CChar>?, _ weight: CInt, _ mayPrompt: gboolean
) {
    ratingEngine(engine).countSignificantEvent(
        name.map { String(cString: $0) }, weight: weight == 0 ? nil : Int(weight), mayPrompt: mayPrompt != 0)
}

@MainActor
@_cdecl("armchair_swift_engine_should_prompt")
func armchairSwiftEngineShouldPrompt(_ engine: UnsafeMutableRawPointer) -> gboolean {
    ratingEngine(engine).decision().shouldPrompt ? 1 : 0
}

@MainActor
@_cdecl("armchair_swift_engine_get_decision")
func armchairSwiftEngineGetDecision(_ engine: UnsafeMutableRawPointer) -> OpaquePointer? {
    ratingEngine(engine).decision().makeObject()
}

@MainActor
@_cdecl("armchair_swift_engine_explain")
func armchairSwiftEngineExplain(_ engine: UnsafeMutableRawPointer) -> UnsafeMutablePointer<CChar>? {
    g_strdup(ratingEngine(engine).decision().description)
}

@MainActor
@_cdecl("armchair_swift_engine_show_prompt_if_allowed")
func armchairSwiftEngineShowPromptIfAllowed(_ engine: UnsafeMutableRawPointer) -> ArmchairPromptStatus {
    switch ratingEngine(engine).requestPromptIfNecessary() {
    case .notShown: ARMCHAIR_PROMPT_NOT_SHOWN
    case .showing: ARMCHAIR_PROMPT_SHOWING
    case .waitingForBreak: ARMCHAIR_PROMPT_WAITING_FOR_BREAK
    case .waitingForNetwork: ARMCHAIR_PROMPT_WAITING_FOR_NETWORK
    }
}

@MainActor
@_cdecl("armchair_swift_engine_show_prompt_when_online")
func armchairSwiftEngineShowPromptWhenOnline(_ engine: UnsafeMutableRawPointer, _ flow: CInt) -> ArmchairPromptStatus {
    switch ratingEngine(engine).requestPromptWhenOnline(asksSatisfactionFirst: asksSatisfactionFirst(flow)) {
    case .notShown: ARMCHAIR_PROMPT_NOT_SHOWN
    case .showing: ARMCHAIR_PROMPT_SHOWING
    case .waitingForBreak: ARMCHAIR_PROMPT_WAITING_FOR_BREAK
    case .waitingForNetwork: ARMCHAIR_PROMPT_WAITING_FOR_NETWORK
    }
}

/// Whether a prompt of the `ArmchairPromptFlow` `flow` asks "Are you enjoying the app?" first;
/// `nil` for the configured flow.
private func asksSatisfactionFirst(_ flow: CInt) -> Bool? {
    flow == 1 ? false : flow == 2 ? true : nil
}

@MainActor
@_cdecl("armchair_swift_engine_show_prompt")
func armchairSwiftEngineShowPrompt(_ engine: UnsafeMutableRawPointer) -> gboolean {
    ratingEngine(engine).showPrompt() != nil ? 1 : 0
}

@MainActor
@_cdecl("armchair_swift_engine_record_prompt_shown")
func armchairSwiftEngineRecordPromptShown(_ engine: UnsafeMutableRawPointer) {
    ratingEngine(engine).recordOwnPromptShown()
}

@MainActor
@_cdecl("armchair_swift_engine_record_answer")
func armchairSwiftEngineRecordAnswer(_ engine: UnsafeMutableRawPointer, _ answer: ArmchairAnswer) {
    guard let answer = RatingAnswer(answer) else { return }
    ratingEngine(engine).record(answer)
}

@MainActor
@_cdecl("armchair_swift_engine_rate_app")
func armchairSwiftEngineRateApp(_ engine: UnsafeMutableRawPointer) {
    ratingEngine(engine).rateApp()
}

@MainActor
@_cdecl("armchair_swift_engine_show_prompt_with_flow")
func armchairSwiftEngineShowPromptWithFlow(_ engine: UnsafeMutableRawPointer, _ flow: CInt) -> gboolean {
    ratingEngine(engine).showPrompt(asksSatisfactionFirst: asksSatisfactionFirst(flow)) != nil ? 1 : 0
}

@MainActor
@_cdecl("armchair_swift_engine_open_review_page")
func armchairSwiftEngineOpenReviewPage(_ engine: UnsafeMutableRawPointer) {
    ratingEngine(engine).openRatingsPage()
}

@MainActor
@_cdecl("armchair_swift_engine_reconfigure")
func armchairSwiftEngineReconfigure(
    _ engine: UnsafeMutableRawPointer, _ box: UnsafeMutableRawPointer, _ gerror: GErrorOut
) -> gboolean {
    let next = ConfigurationBox.from(box).withContents { $0.configuration }
    do throws(ConfigurationError) {
        try ratingEngine(engine).reconfigure { current in
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
@_cdecl("armchair_swift_engine_close_prompt")
func armchairSwiftEngineClosePrompt(_ engine: UnsafeMutableRawPointer) {
    ratingEngine(engine).closePrompt()
}

@MainActor
@_cdecl("armchair_swift_engine_dup_review_uri")
func armchairSwiftEngineDupReviewURI(_ engine: UnsafeMutableRawPointer) -> UnsafeMutablePointer<CChar>? {
    g_strdup(ratingEngine(engine).reviewURLString())
}

@MainActor
@_cdecl("armchair_swift_engine_reset")
func armchairSwiftEngineReset(_ engine: UnsafeMutableRawPointer) {
    ratingEngine(engine).resetAllCounters()
}

@MainActor
@_cdecl("armchair_swift_engine_reset_usage_counters")
func armchairSwiftEngineResetUsageCounters(_ engine: UnsafeMutableRawPointer) {
    ratingEngine(engine).resetUsageCounters()
}

@MainActor
@_cdecl("armchair_swift_engine_flush")
func armchairSwiftEngineFlush(_ engine: UnsafeMutableRawPointer) -> gboolean {
    ratingEngine(engine).flush() ? 1 : 0
}
