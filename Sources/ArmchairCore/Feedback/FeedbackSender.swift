/// Delivers feedback messages: by email (``MailtoFeedbackSender``), through the app's own code
/// (``ClosureFeedbackSender``), or any other way.
///
/// A sender is called only after the user pressed Send. A thrown ``FeedbackError`` is shown to
/// the user with a Retry button, and nothing is lost: the form keeps what they wrote.
///
/// When the form closes while a message is on its way (its window went, or
/// ``RatingEngine/closePrompt()``), the task that runs ``send(_:)`` is cancelled. A sender that
/// waits on something that may never answer stops then and throws, so that the prompt can end;
/// one that finishes on its own may go on, and its outcome is still the form's answer.
public protocol FeedbackSender: Sendable {
    /// Delivers `message`, or throws why not.
    func send(_ message: FeedbackMessage) async throws(FeedbackError)
}

/// Why feedback could not be delivered, in words for the user.
public struct FeedbackError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for the user.
    public var message: String
    /// Whether trying again cannot help: the receiver refused the message itself (an HTTP 4xx).
    /// A queued message that fails this way leaves the queue for its `failed` folder.
    public var isPermanent: Bool

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - message: What went wrong, for the user.
    ///   - isPermanent: Whether trying again cannot help. Default false: network errors and
    ///     server trouble pass.
    public init(_ message: String, isPermanent: Bool = false) {
        self.message = message
        self.isPermanent = isPermanent
    }

    public var description: String { message }
}

/// Delivers feedback through a closure the app provides, for apps that talk to their own server.
///
/// ```swift
/// engine.feedbackSender = ClosureFeedbackSender { message in
///     try await api.postFeedback(message.text, email: message.replyEmail)
/// }
/// ```
///
/// The closure runs in the task that the form cancels when it closes under it: check
/// `Task.isCancelled`, or let a cancellable call such as `Task.sleep` end early, and throw.
public struct ClosureFeedbackSender: FeedbackSender {
    private let deliver: @Sendable (FeedbackMessage) async throws(FeedbackError) -> Void

    /// Creates a sender that calls `deliver`.
    public init(_ deliver: @escaping @Sendable (FeedbackMessage) async throws(FeedbackError) -> Void) {
        self.deliver = deliver
    }

    public func send(_ message: FeedbackMessage) async throws(FeedbackError) {
        try await deliver(message)
    }
}
