import ArmchairCore
import CArmchair
import CGLib

extension RatingEngine {
    /// Makes every callback emit its signal through `emitter`, which holds the `ArmchairEngine`
    /// weakly: the object owns this engine, and the callbacks emit nothing once it is gone.
    ///
    /// The three signals that let the app say no follow GTK's sense (TRUE: handled, stop), so that a
    /// handler that returns nothing changes nothing; the callbacks ask the opposite question.
    func connectSignals(to emitter: EngineSignalEmitter) {
        callbacks.didDisplayAlert = { emitter.emit { armchair_engine_emit($0, ARMCHAIR_ENGINE_SIGNAL_PROMPT_SHOWN) } }
        callbacks.didRecordAnswer = { answer in emitter.emit { armchair_engine_emit_answered($0, answer.c) } }
        callbacks.willPromptSatisfaction = {
            emitter.emit { armchair_engine_emit($0, ARMCHAIR_ENGINE_SIGNAL_SATISFACTION_ASKED) }
        }
        callbacks.willPromptFeedbackRequest = {
            emitter.emit { armchair_engine_emit($0, ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_REQUESTED) }
        }
        callbacks.userAgreedToSendFeedback = {
            emitter.emit { armchair_engine_emit($0, ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_ACCEPTED) }
        }
        callbacks.userDeclinedToSendFeedback = {
            emitter.emit { armchair_engine_emit($0, ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_DECLINED) }
        }
        callbacks.didSendFeedback = { message in
            emitter.emit { armchair_engine_emit_text($0, ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_SENT, message.text) }
        }
        callbacks.couldNotSendFeedback = { error in
            emitter.emit { armchair_engine_emit_text($0, ARMCHAIR_ENGINE_SIGNAL_FEEDBACK_FAILED, error.message) }
        }
        callbacks.willPresentThankYou = {
            emitter.emit { armchair_engine_emit($0, ARMCHAIR_ENGINE_SIGNAL_THANK_YOU_SHOWN) }
        }
        callbacks.didDetectAppUpdate = { update in
            emitter.emit { armchair_engine_emit_update_detected($0, update.previous, update.current) }
        }
        callbacks.didOpenStore = { address in
            emitter.emit { armchair_engine_emit_text($0, ARMCHAIR_ENGINE_SIGNAL_REVIEW_PAGE_OPENED, address) }
        }
        callbacks.couldNotOpenStore = { error in
            emitter.emit { armchair_engine_emit_text($0, ARMCHAIR_ENGINE_SIGNAL_REVIEW_PAGE_FAILED, error.description) }
        }
        // Held back when the object is gone: nobody could answer the prompt's signals.
        callbacks.shouldPrompt = { info in
            !emitter.askNow(default: true) { object in
                let decision = info.decision.makeObject()
                defer { g_object_unref(UnsafeMutableRawPointer(decision)) }
                return armchair_engine_emit_hold_prompt(object, decision) != 0
            }
        }
        callbacks.shouldIncrementUseCount = {
            !emitter.askNow(default: false) { armchair_engine_emit_ignore_use($0) != 0 }
        }
        // Every step goes through present-step first, for the app to show it itself.
        presenterWrapper = { SignalStepPresenter(wrapping: $0, emitter: emitter) }
        // The app delivers feedback while a deliver-feedback handler is connected.
        appFeedbackSender = {
            emitter.holds { armchair_engine_delivers_feedback($0) != 0 } ? SignalFeedbackSender(emitter: emitter) : nil
        }
        callbacks.shouldOpenStore = { destination in
            let uri = destination.primary
            return await !emitter.ask(default: false) { armchair_engine_emit_open_review_page($0, uri) != 0 }
        }
    }
}
