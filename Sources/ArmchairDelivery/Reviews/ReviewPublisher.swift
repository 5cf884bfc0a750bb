public import ArmchairCore

/// The outbox of reviews waiting to be published.
public typealias ReviewOutbox = Outbox<ODRSReview>

/// Publishes what the user wrote in the review form: through a ``ReviewOutbox`` first, so that a
/// review written offline or on a failing server is published later instead of lost.
///
/// ``publish(_:id:)`` is called only when the user pressed Publish in the form, which says what
/// will be published and where; nothing is ever published without that.
public struct ReviewPublisher: ReviewPublishing {
    /// The review service.
    public let client: ODRSClient
    /// Where reviews wait.
    public let outbox: ReviewOutbox
    /// Who publishes.
    public let identity: ReviewerIdentity
    private let appID: String
    private let appVersion: String?
    private let locale: String
    private let clock: any WallClock

    /// Creates a publisher for the app `configuration` describes.
    ///
    /// - Throws: `FeedbackEndpointError` when `Configuration/reviewServer` cannot be used.
    public init(
        configuration: Configuration, identity: ReviewerIdentity, outbox: ReviewOutbox,
        environment: [String: String]? = nil, clock: any WallClock = SystemWallClock()
    ) throws(FeedbackEndpointError) {
        self.client = try ODRSClient(server: configuration.reviewServer)
        self.outbox = outbox
        self.identity = identity
        self.appID = configuration.appID
        self.appVersion = configuration.appVersion
        self.locale = SystemDetails.locale(environment: environment ?? ProcessEnvironment.current) ?? "C"
        self.clock = clock
    }

    public var suggestedName: String { identity.suggestedName }
    public var server: ServiceAddress { client.server }

    /// The review the service receives for `draft`; stars outside 0 to 5 count as the nearest.
    ///
    /// - Parameters:
    ///   - draft: What the user wrote.
    ///   - id: The review's ID in the outbox.
    public func review(of draft: ReviewDraft, id: String) -> ODRSReview {
        ODRSReview(
            id: id, date: clock.now, server: client.server.text, appID: appID, locale: locale,
            summary: draft.summary.trimmedOfWhitespace, description: draft.description.trimmedOfWhitespace,
            userHash: identity.userHash, version: ODRSReview.trimmedVersion(appVersion), distro: identity.distro,
            rating: min(max(draft.stars, 0), 5) * 20, userDisplay: draft.displayName.trimmedOfWhitespace)
    }

    /// Queues and publishes `draft`.
    ///
    /// - Parameters:
    ///   - draft: What the user wrote and chose to publish.
    ///   - id: The review's ID; the same ID for the same draft, so a retry never queues a copy.
    /// - Throws: `ReviewFailure` when the draft has a problem, the service refused it, or the outbox is
    ///   full and the service cannot be reached.
    public func publish(_ draft: ReviewDraft, id: String) async throws(ReviewFailure) -> ReviewOutcome {
        if let problem = draft.problems.first { throw ReviewFailure(message: problem.message) }
        let review = review(of: draft, id: id)
        // The attempt runs to its end in a task of its own, even when the form closes under it
        // (which cancels the form's task): its outcome is still the form's answer, and a finished
        // attempt spares the service a copy later.
        let (result, isQueued) = await Task { [self] in await queueAndSubmit(review) }.value
        switch result {
        case .published: return .published
        case .alreadyReviewed: return .alreadyReviewed
        case .refused(let reason): throw ReviewFailure(message: DefaultStrings.format(ReviewStrings.refused, reason))
        // Failed, or another process of the app is sending it: it waits in the outbox.
        case .failed, nil:
            guard isQueued else { throw ReviewFailure(message: ReviewStrings.outboxFull) }
            return .queued
        }
    }

    /// Queues `review` and submits it: the service's answer (`nil` when another process of the app
    /// is sending it), and whether the review waits in the outbox.
    private func queueAndSubmit(_ review: ODRSReview) async -> (result: ODRSClient.SubmitResult?, isQueued: Bool) {
        do {
            try outbox.enqueue(review, now: clock.now)
        } catch {
            // Without room on disk, publishing at once is the only way left; a failure is shown.
            return (await client.submit(review), false)
        }
        var result: ODRSClient.SubmitResult?
        _ = await outbox.deliver(review.id, now: clock.now) { review in
            let submitted = await client.submit(review)
            result = submitted
            return Self.delivery(submitted)
        }
        return (result, true)
    }

    /// Tries every waiting review whose time has come.
    @discardableResult
    public func deliverPending() async -> OutboxDelivery {
        await outbox.deliverDue(now: clock.now) { await Self.delivery(client(for: $0).submit($0)) }
    }

    /// A queued review goes to the server it was written for, even if the app's setting changed.
    private func client(for review: ODRSReview) -> ODRSClient {
        (try? ODRSClient(server: review.server, timeout: client.timeout)) ?? client
    }

    private static func delivery(_ result: ODRSClient.SubmitResult) -> DeliveryResult {
        switch result {
        case .published: .delivered
        case .alreadyReviewed: .refused("already reviewed this app")
        case .refused(let reason): .refused(reason)
        case .failed(let reason): .failed(reason)
        }
    }
}
