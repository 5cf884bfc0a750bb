import Logging

import struct FoundationEssentials.UUID

extension RatingEngine {
    /// Shows the "Write a review" form now, for an explicit command in the app's menu, and records
    /// this version as rated once the review is published or queued.
    ///
    /// - Returns: The task showing the form; its value says what happened to the review, or is
    ///   `nil` when the user cancelled or no form could be shown (in-app reviews off in the
    ///   configuration or by the desktop's `reviews-and-feedback` switch, no machine ID, or a
    ///   presenter without a review form).
    @discardableResult
    public func writeReview() -> Task<ReviewOutcome?, Never>? {
        guard let publisher = reviewPublisher, let presenter, presenter.canPresent, !isPromptInProgress,
            desktopAllowsSending
        else { return nil }
        isPromptInProgress = true
        let owner = ObjectIdentifier(self)
        return Task {
            defer { isPromptInProgress = false }
            let (form, published) = await PromptOwner.$current.withValue(owner) {
                await runReviewForm(presenter, publisher)
            }
            guard form == .submitted else { return nil }
            record(.rate)
            return published
        }
    }

    /// Tries again the reviews waiting in the review outbox.
    ///
    /// - Returns: What was delivered, or `nil` when in-app reviews are off; while the desktop's
    ///   `reviews-and-feedback` switch is off, the reviews wait in the outbox.
    @discardableResult
    public func deliverPendingReviews() async -> OutboxDelivery? {
        guard let publisher = reviewPublisher, desktopAllowsSending else { return nil }
        let report = await publisher.deliverPending()
        if !report.delivered.isEmpty { logger.info("Published \(report.delivered.count) waiting reviews.") }
        return report
    }

    /// Shows the review form until the user publishes or cancels, then thanks them.
    ///
    /// - Returns: How the form ended and, once submitted, what happened to the review.
    func runReviewForm(
        _ presenter: any RatingPresenter, _ publisher: any ReviewPublishing
    ) async -> (form: ReviewFormOutcome, review: ReviewOutcome?) {
        let form = content.reviewForm(suggestedName: publisher.suggestedName, server: publisher.server)
        // Publishing the same draft again keeps its ID, so the outbox never holds two copies.
        var attempt: (draft: ReviewDraft, id: String)?
        var published: ReviewOutcome?
        let result = await presenter.presentReviewForm(form) { [self] draft in
            let id = attempt.flatMap { $0.draft == draft ? $0.id : nil } ?? UUID().uuidString.lowercased()
            attempt = (draft, id)
            do throws(ReviewFailure) {
                let outcome = try await publisher.publish(draft, id: id)
                published = outcome
                logger.info("Review \(id): \(outcome.rawValue).")
                return nil
            } catch {
                logger.warning("Review \(id) was not published: \(error.message)")
                return error.message
            }
        }
        guard result == .submitted, let published else { return (result, nil) }
        callbacks.willPresentThankYou?()
        await presenter.presentThankYou(content.reviewThanks(published))
        return (.submitted, published)
    }
}
