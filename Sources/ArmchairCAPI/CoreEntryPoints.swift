import ArmchairGLib
public import CArmchair

/// libarmchair-1's Swift, as C reaches it: `ArmchairSwiftCore` (armchair-swift-private.h), one
/// table of every entry point.
///
/// Each field gets one Swift function, which the compiler checks against the field's C type as
/// Swift imports it: a parameter, handle or enum type that differs, a result C may not get, or a
/// field left without a function, fails this file's build. Main-thread entry points enter the
/// main actor through ``onMainActor(_:)``; the C functions checked the thread before.
///
/// Public, so that its module exports it for libarmchair-1's loader (an internal one is hidden).
@_cdecl("armchair_swift_core")
public func armchairSwiftCore() -> UnsafePointer<ArmchairSwiftCore> {
    UnsafePointer(coreEntryPoints)
}

/// The table, made once, on the first call from any thread (a global's lazy initialisation is
/// thread-safe), and never freed.
private nonisolated(unsafe) let coreEntryPoints: UnsafeMutablePointer<ArmchairSwiftCore> = {
    let table = UnsafeMutablePointer<ArmchairSwiftCore>.allocate(capacity: 1)
    table.initialize(
        to: ArmchairSwiftCore(
            is_main_thread: { MainThread.isOnMainActor ? 1 : 0 },
            configuration_new: configurationNew,
            configuration_release: configurationRelease,
            configuration_set: configurationSet,
            configuration_get: configurationGet,
            configuration_load: configurationLoad,
            configuration_validate: configurationValidate,
            configuration_fill_from_app: { onMainActor(configurationFillFromApp, $0) },
            configuration_set_event_weight: configurationSetEventWeight,
            configuration_set_scenario_requirement: configurationSetScenarioRequirement,
            configuration_set_key_name: configurationSetKeyName,
            engine_create: { onMainActor(engineCreate, $0, $1) },
            engine_connect: { onMainActor(engineConnect, $0, $1) },
            engine_release: engineRelease,
            engine_app_launched: { onMainActor(engineAppLaunched, $0) },
            engine_app_entered_foreground: { onMainActor(engineAppEnteredForeground, $0) },
            engine_app_will_quit: { onMainActor(engineAppWillQuit, $0) },
            engine_add_active_usage: { onMainActor(engineAddActiveUsage, $0, $1) },
            engine_significant_event: { onMainActor(engineSignificantEvent, $0, $1, $2, $3) },
            engine_should_prompt: { onMainActor(engineShouldPrompt, $0) },
            engine_get_decision: { onMainActor(engineGetDecision, $0) },
            engine_explain: { onMainActor(engineExplain, $0) },
            engine_show_prompt_if_allowed: { onMainActor(engineShowPromptIfAllowed, $0) },
            engine_show_prompt: { onMainActor(engineShowPrompt, $0) },
            engine_show_prompt_with_flow: { onMainActor(engineShowPromptWithFlow, $0, $1) },
            engine_show_prompt_when_online: { onMainActor(engineShowPromptWhenOnline, $0, $1) },
            engine_record_prompt_shown: { onMainActor(engineRecordPromptShown, $0) },
            engine_record_answer: { onMainActor(engineRecordAnswer, $0, $1) },
            engine_rate_app: { onMainActor(engineRateApp, $0) },
            engine_close_prompt: { onMainActor(engineClosePrompt, $0) },
            engine_open_review_page: { onMainActor(engineOpenReviewPage, $0) },
            engine_reconfigure: { onMainActor(engineReconfigure, $0, $1, $2) },
            engine_dup_review_uri: { onMainActor(engineDupReviewURI, $0) },
            engine_reset: { onMainActor(engineReset, $0) },
            engine_reset_usage_counters: { onMainActor(engineResetUsageCounters, $0) },
            engine_flush: { onMainActor(engineFlush, $0) },
            feedback_complete: feedbackComplete,
            feedback_release: feedbackRelease,
            step_complete: stepComplete,
            step_release: stepRelease,
            binding_engine: { onMainActor(bindingEngine, $0) },
            binding_get_setting: { onMainActor(bindingGetSetting, $0, $1, $2) },
            binding_set_setting: { onMainActor(bindingSetSetting, $0, $1, $2) },
            binding_mark_busy: { onMainActor(bindingMarkBusy, $0, $1) },
            binding_unmark_busy: { onMainActor(bindingUnmarkBusy, $0, $1) },
            binding_release: bindingRelease,
            binding_catch_up: { onMainActor(bindingCatchUp, $0, $1) }))
    return table
}()
