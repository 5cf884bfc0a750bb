import ArmchairCore
import ArmchairGLib
import CArmchair
import CGLib

/// Shows each step of the prompt through the app's `ArmchairEngine::present-step` handler when
/// one takes it, else through the presenter it wraps (the binding's dialogs): Swift's
/// ``ForwardingPresenter`` for C, Python and JavaScript apps.
@MainActor
final class SignalStepPresenter: RatingPresenter {
    private let wrapped: any RatingPresenter
    private let emitter: EngineSignalEmitter
    /// The steps the app shows now, held weakly (the app holds them), to close with the prompt.
    private var openSteps: [WeakObject] = []

    init(wrapping wrapped: any RatingPresenter, emitter: EngineSignalEmitter) {
        self.wrapped = wrapped
        self.emitter = emitter
    }

    var canPresent: Bool { wrapped.canPresent }

    func presentRatingPrompt(_ prompt: RatingPrompt) async -> RatingAnswer {
        var choices = [(ARMCHAIR_CHOICE_RATE, prompt.rateButton)]
        if let remind = prompt.remindButton { choices.append((ARMCHAIR_CHOICE_REMIND_LATER, remind)) }
        choices.append((ARMCHAIR_CHOICE_DECLINE, prompt.cancelButton))
        guard let choice = await ask(ARMCHAIR_STEP_RATING_PROMPT, prompt.title, prompt.message, choices) else {
            return await wrapped.presentRatingPrompt(prompt)
        }
        switch choice {
        case ARMCHAIR_CHOICE_RATE: return .rate
        case ARMCHAIR_CHOICE_REMIND_LATER: return .remindLater
        case ARMCHAIR_CHOICE_DECLINE: return .decline
        default: return .dismissed
        }
    }

    func presentSatisfactionQuestion(_ question: SatisfactionQuestion) async -> SatisfactionAnswer {
        let choices = [
            (ARMCHAIR_CHOICE_ENJOYING, question.yesButton), (ARMCHAIR_CHOICE_NOT_ENJOYING, question.noButton),
        ]
        guard let choice = await ask(ARMCHAIR_STEP_SATISFACTION_QUESTION, question.title, question.message, choices)
        else { return await wrapped.presentSatisfactionQuestion(question) }
        switch choice {
        case ARMCHAIR_CHOICE_ENJOYING: return .enjoying
        case ARMCHAIR_CHOICE_NOT_ENJOYING: return .notEnjoying
        default: return .dismissed
        }
    }

    func presentFeedbackRequest(_ request: FeedbackRequest) async -> FeedbackRequestAnswer {
        var choices: [(ArmchairChoice, String)] = []
        if let feedback = request.feedbackButton { choices.append((ARMCHAIR_CHOICE_GIVE_FEEDBACK, feedback)) }
        choices += [(ARMCHAIR_CHOICE_RATE, request.rateButton), (ARMCHAIR_CHOICE_DECLINE, request.cancelButton)]
        guard let choice = await ask(ARMCHAIR_STEP_FEEDBACK_REQUEST, request.title, request.message, choices) else {
            return await wrapped.presentFeedbackRequest(request)
        }
        switch choice {
        case ARMCHAIR_CHOICE_GIVE_FEEDBACK: return .giveFeedback
        case ARMCHAIR_CHOICE_RATE: return .rate
        case ARMCHAIR_CHOICE_DECLINE: return .decline
        default: return .dismissed
        }
    }

    func presentFeedbackForm(
        _ form: FeedbackForm, send: @escaping @MainActor (FeedbackDraft) async -> FeedbackError?
    ) async -> FeedbackFormOutcome {
        await wrapped.presentFeedbackForm(form, send: send)
    }

    func presentThankYou(_ thanks: ThankYou) async {
        let choices = [(ARMCHAIR_CHOICE_CLOSE, thanks.closeButton)]
        if await ask(ARMCHAIR_STEP_THANK_YOU, thanks.title, thanks.message, choices) == nil {
            await wrapped.presentThankYou(thanks)
        }
    }

    func presentReviewForm(
        _ form: ReviewForm, publish: @escaping @MainActor (ReviewDraft) async -> String?
    ) async -> ReviewFormOutcome {
        await wrapped.presentReviewForm(form, publish: publish)
    }

    func closeOpenPrompt() {
        for step in openSteps { step.withObject { armchair_prompt_step_close_internal(OpaquePointer($0)) } }
        wrapped.closeOpenPrompt()
    }

    func openURI(_ uri: String) async throws(OpenURIError) {
        try await wrapped.openURI(uri)
    }

    /// What the person chose in the app's own UI for this step, or `nil` when no handler took it.
    private func ask(
        _ kind: ArmchairStepKind, _ title: String, _ message: String, _ choices: [(ArmchairChoice, String)]
    ) async -> ArmchairChoice? {
        let completion = GivenOnce<ArmchairChoice>()
        guard
            let step = armchair_prompt_step_new_internal(
                kind, title, message, .retaining(completion))
        else { return nil }
        for (choice, label) in choices { armchair_prompt_step_add_choice_internal(step, choice, label) }
        let taken = await emitter.ask(default: false) { armchair_engine_emit_present_step($0, step) != 0 }
        guard taken else {
            armchair_prompt_step_untaken_internal(step)
            g_object_unref(UnsafeMutableRawPointer(step))
            return nil
        }
        // The app's reference is the one that keeps the step: dropped without a choice, it is
        // finalized, which answers it as dismissed.
        let open = WeakObject(UnsafeMutableRawPointer(step))
        g_object_unref(UnsafeMutableRawPointer(step))
        openSteps.append(open)
        defer { openSteps.removeAll { $0 === open } }
        return await completion.value()
    }
}

// The `step_…` entries of `ArmchairSwiftCore`: any thread.

func stepComplete(_ completion: UnsafeMutablePointer<ArmchairSwiftStepCompletion>, _ choice: ArmchairChoice) {
    completion.borrow().give(choice)
}

func stepRelease(_ completion: UnsafeMutablePointer<ArmchairSwiftStepCompletion>) {
    _ = completion.take()
}
