import Logging

import struct FoundationEssentials.UUID

extension RatingEngine {
    /// "Are you enjoying *App*?" first; yes leads to the rating prompt, not really to the feedback
    /// request, which offers the feedback form and the rating too.
    func runSatisfactionFlow(_ presenter: any RatingPresenter, ratingPrompt: RatingPrompt) async -> RatingAnswer {
        callbacks.willPromptSatisfaction?()
        switch await presenter.presentSatisfactionQuestion(content.satisfactionQuestion) {
        case .enjoying:
            return await runRatingPrompt(presenter, ratingPrompt)
        case .notEnjoying:
            return await runFeedbackRequest(presenter)
        case .dismissed:
            record(.dismissed)
            return .dismissed
        }
    }

    /// The unhappy path: feedback, rating, or neither.
    private func runFeedbackRequest(_ presenter: any RatingPresenter) async -> RatingAnswer {
        callbacks.willPromptFeedbackRequest?()
        let sender = desktopAllowsSending ? effectiveFeedbackSender : nil
        switch await presenter.presentFeedbackRequest(content.feedbackRequest(offersFeedback: sender != nil)) {
        case .rate:
            return await rate(presenter)
        case .decline:
            callbacks.userDeclinedToSendFeedback?()
            record(.decline)
            return .decline
        case .dismissed:
            record(.dismissed)
            return .dismissed
        case .giveFeedback:
            guard let sender else {
                logger.error("The presenter offered feedback although no feedback sender is configured.")
                record(.dismissed)
                return .dismissed
            }
            callbacks.userAgreedToSendFeedback?()
            // Sending the same draft again (Retry) keeps its ID, so a receiver that already has it
            // drops the copy; an edited draft is a new message.
            var attempt: (draft: FeedbackDraft, id: String)?
            let outcome = await presenter.presentFeedbackForm(content.feedbackForm) { [self] draft in
                let id = attempt.flatMap { $0.draft == draft ? $0.id : nil } ?? UUID().uuidString.lowercased()
                attempt = (draft, id)
                return await deliver(draft, id: id, through: sender)
            }
            guard outcome == .sent else {
                record(.dismissed)
                return .dismissed
            }
            record(.sentFeedback)
            callbacks.willPresentThankYou?()
            await presenter.presentThankYou(content.thankYou)
            return .sentFeedback
        }
    }

    /// Checks a draft and delivers it; returns the error to show, or `nil` once delivered.
    private func deliver(_ draft: FeedbackDraft, id: String, through sender: any FeedbackSender) async -> FeedbackError?
    {
        if let problem = draft.problems(characterLimit: configuration.feedbackCharacterLimit).first {
            return FeedbackError(problem.message)
        }
        let email = draft.replyEmail.trimmedOfWhitespace
        let message = FeedbackMessage(
            id: id, appID: configuration.appID, appName: configuration.displayName,
            appVersion: configuration.appVersion, locale: Translations.currentLanguage ?? "en",
            text: draft.text.trimmedOfWhitespace, replyEmail: email.isEmpty ? nil : email,
            systemDetails: draft.includesSystemDetails ? content.systemDetails : nil, date: clock.now)
        do {
            try await sender.send(message)
        } catch {
            // The form closed under the message (which cancels this task): no trouble to report.
            if Task.isCancelled {
                logger.info("The feedback form closed before the message was delivered: \(error.message)")
            } else {
                logger.warning("Could not send feedback: \(error.message)")
            }
            callbacks.couldNotSendFeedback?(error)
            return error
        }
        logger.info("Feedback \(message.id) was sent.")
        callbacks.didSendFeedback?(message)
        return nil
    }

    /// The app's sender (``feedbackSender``, else ``appFeedbackSender``); else the configured endpoint through the outbox; else email to
    /// ``Configuration/feedbackEmail`` through the presenter.
    var effectiveFeedbackSender: (any FeedbackSender)? {
        if let feedbackSender { return feedbackSender }
        if let sender = appFeedbackSender?() { return sender }
        if let endpointSender { return endpointSender }
        guard let address = configuration.feedbackEmail, let presenter else { return nil }
        let open = OpenThroughPresenter(presenter: presenter)
        return MailtoFeedbackSender(address: address, texts: content.mailTexts) { uri throws(OpenURIError) in
            try await open.open(uri)
        }
    }

    /// Tries again the feedback waiting in the outbox, when feedback goes through one
    /// (a ``QueuedFeedbackSender`` such as ArmchairDelivery's `OutboxFeedbackSender`, or
    /// ``Configuration/feedbackEndpoint``). While the desktop's `reviews-and-feedback` switch is
    /// off, the messages wait in the outbox.
    ///
    /// - Returns: What was delivered, or `nil` when feedback does not go through an outbox.
    @discardableResult
    public func deliverPendingFeedback() async -> OutboxDelivery? {
        guard desktopAllowsSending, let sender = effectiveFeedbackSender as? any QueuedFeedbackSender else {
            return nil
        }
        let report = await sender.deliverPending()
        if !report.delivered.isEmpty { logger.info("Sent \(report.delivered.count) waiting feedback messages.") }
        return report
    }

    /// The texts of every step, for this configuration and environment.
    var content: PromptContent { PromptContent(configuration: configuration, environment: environment) }
}

/// Lets a `Sendable` sender open URIs through the main-actor presenter.
private struct OpenThroughPresenter: Sendable {
    nonisolated(unsafe) let presenter: any RatingPresenter

    @MainActor
    func open(_ uri: String) async throws(OpenURIError) {
        try await presenter.openURI(uri)
    }
}

extension FeedbackDraft.Problem {
    /// The problem in words for the user.
    var message: String {
        switch self {
        case .emptyText: DefaultStrings.localized("Please write a message.")
        case .textTooLong(let length, let limit):
            DefaultStrings.format(
                DefaultStrings.localizedPlural(
                    // TRANSLATORS: %1$s is how many characters must be removed from the feedback message.
                    "The message is %1$s character too long.", "The message is %1$s characters too long.",
                    count: length - limit),
                String(length - limit))
        case .invalidEmail: DefaultStrings.localized("The reply address is not an email address.")
        }
    }
}
