/// Shows the prompt to the user and opens the review page: the engine's only way to the UI.
///
/// The GTK presenter in `ArmchairGtk` implements it with native dialogs; an app can implement it
/// with its own UI, and tests use `RecordingPresenter` from `ArmchairTesting`. The engine calls it
/// on the main actor and never twice at once.
@MainActor
public protocol RatingPresenter: AnyObject {
    /// Shows the rating prompt and returns what the user did.
    ///
    /// Return ``RatingAnswer/dismissed`` when the prompt was closed without a choice; it is
    /// recorded as "remind me later", never as a decline.
    func presentRatingPrompt(_ prompt: RatingPrompt) async -> RatingAnswer

    /// Opens the review page, trying each address of `destination` in order.
    ///
    /// - Returns: The address that opened.
    /// - Throws: ``ReviewPageError`` when none could be opened.
    func openReviewPage(_ destination: ReviewDestination) async throws(ReviewPageError) -> String
}

/// Why the review page could not be opened.
public struct ReviewPageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Each address tried and why it failed, in order.
    public var failures: [Failure]

    /// One address that could not be opened.
    public struct Failure: Sendable, Hashable {
        public var address: String
        public var reason: String
        public init(address: String, reason: String) {
            self.address = address
            self.reason = reason
        }
    }

    public init(failures: [Failure]) { self.failures = failures }

    public var description: String {
        guard !failures.isEmpty else { return "No review page to open." }
        return "Could not open the review page: "
            + failures.map { "\($0.address): \($0.reason)" }.joined(separator: "; ")
    }
}
