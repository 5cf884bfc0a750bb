import ArmchairCore
import CArmchair

extension RatingEngine {
    /// Makes every callback emit its signal on `object`, the `ArmchairEngine` that owns this
    /// engine. The closures hold `object` unretained: the object owns the engine, and
    /// ``disconnectSignals()`` ends them before it goes.
    func connectSignals(to object: OpaquePointer) {
        callbacks.didDisplayAlert = { armchair_engine_emit(object, ARMCHAIR_ENGINE_SIGNAL_PROMPT_SHOWN) }
        callbacks.didRecordAnswer = { armchair_engine_emit_answered(object, $0.c) }
        callbacks.willPromptSatisfaction = { armchair_engine_emit(object, ARMCHAIR_ENGINE_SIGNAL_SATISFACTION_ASKED) }
        callbacks.willPromptFeedbackRequest = {
            armchair_engine_emit(object, ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_REQUESTED)
        }
        callbacks.userAgreedToSendFeedback = { armchair_engine_emit(object, ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_ACCEPTED) }
        callbacks.userDeclinedToSendFeedback = {
            armchair_engine_emit(object, ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_DECLINED)
        }
        callbacks.didSendFeedback = { armchair_engine_emit_text(object, ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_SENT, $0.text) }
        callbacks.couldNotSendFeedback = {
            armchair_engine_emit_text(object, ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_FAILED, $0.message)
        }
        callbacks.willPresentThankYou = { armchair_engine_emit(object, ARMCHAIR_ENGINE_SIGNAL_THANK_YOU_SHOWN) }
        callbacks.didDetectAppUpdate = { armchair_engine_emit_update_detected(object, $0.previous, $0.current) }
        callbacks.didOpenStore = { armchair_engine_emit_text(object, ARMCHAIR_ENGINE_SIGNAL_STORE_OPENED, $0) }
        callbacks.couldNotOpenStore = {
            armchair_engine_emit_text(object, ARMCHAIR_ENGINE_SIGNAL_STORE_FAILED, $0.description)
        }
        callbacks.shouldPrompt = { info in
            let decision = info.decision.makeObject()
            defer { g_object_unref(UnsafeMutableRawPointer(decision)) }
            return armchair_engine_emit_may_prompt(object, decision) != 0
        }
        callbacks.shouldIncrementUseCount = { armchair_engine_emit_may_count_use(object) != 0 }
        callbacks.shouldOpenStore = { armchair_engine_emit_may_open_store(object, $0.primary) != 0 }
    }

    /// Ends every callback, so that a prompt still running after its `ArmchairEngine` went
    /// emits nothing.
    func disconnectSignals() {
        callbacks = Callbacks()
    }
}
