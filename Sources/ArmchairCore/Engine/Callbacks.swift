/// The closures an app can set to follow and steer the engine; every one is optional.
///
/// They are called on the main actor, once per occurrence, after the state change they report
/// has been saved (or kept in memory when the disk refused it).
///
/// ```swift
/// engine.callbacks.didOptToRate = { analytics.track("rate") }
/// engine.callbacks.shouldPrompt = { info in !editor.hasUnsavedChanges }
/// ```
@MainActor
public struct Callbacks {
    /// The rating prompt is about to appear on screen.
    public var didDisplayAlert: (@MainActor () -> Void)?
    /// The user said "No, thanks".
    public var didDeclineToRate: (@MainActor () -> Void)?
    /// The user chose to rate (from the prompt or through ``RatingEngine/rateApp()``).
    public var didOptToRate: (@MainActor () -> Void)?
    /// The user asked to be reminded later, or closed the prompt without choosing.
    public var didOptToRemindLater: (@MainActor () -> Void)?
    /// The satisfaction question is about to appear.
    public var willPromptSatisfaction: (@MainActor () -> Void)?
    /// The feedback request is about to appear (the user is not enjoying the app).
    public var willPromptFeedbackRequest: (@MainActor () -> Void)?
    /// The user chose to write feedback.
    public var userAgreedToSendFeedback: (@MainActor () -> Void)?
    /// The user declined to write feedback (and to rate).
    public var userDeclinedToSendFeedback: (@MainActor () -> Void)?
    /// A feedback message was delivered.
    public var didSendFeedback: (@MainActor (FeedbackMessage) -> Void)?
    /// A feedback message could not be delivered; the user sees the error and may retry.
    public var couldNotSendFeedback: (@MainActor (FeedbackError) -> Void)?
    /// The thank-you is about to appear.
    public var willPresentThankYou: (@MainActor () -> Void)?
    /// A newer version than the tracked one is running: its answers start again, and its usage
    /// counts follow ``Configuration/updatePolicy`` (carried over by default).
    public var didDetectAppUpdate: (@MainActor (AppUpdate) -> Void)?
    /// Last word before a prompt the rules allow: return false to hold it back this time.
    ///
    /// Not consulted by the closure variants, which decide on their own
    /// (``RatingEngine/userDidSignificantEvent(shouldPrompt:)``).
    public var shouldPrompt: (@MainActor (TrackingInfo) -> Bool)?
    /// Whether a return to the app counts as a use: return false to ignore one, for example
    /// coming back from a login window the app opened itself.
    public var shouldIncrementUseCount: (@MainActor () -> Bool)?
    /// Whether Armchair should open the review page: return false to open it yourself. It may be
    /// asynchronous (the C library asks its app from a GLib source); a plain closure works too.
    public var shouldOpenStore: (@MainActor (ReviewDestination) async -> Bool)?
    /// The review page opened at this address.
    public var didOpenStore: (@MainActor (String) -> Void)?
    /// No address of the review page could be opened.
    public var couldNotOpenStore: (@MainActor (ReviewPageError) -> Void)?
    /// Every answer recorded, exactly as recorded (``didOptToRemindLater`` cannot tell a
    /// reminder from a dismissal): for the C library's `answered` signal.
    package var didRecordAnswer: (@MainActor (RatingAnswer) -> Void)?

    /// No callbacks.
    public init() {}
}

/// A version change the engine detected: ``current`` starts with no answers, and with the usage
/// counts ``Configuration/updatePolicy`` leaves (carried over by default, reset with
/// ``UpdatePolicy/resetCounters``).
public struct AppUpdate: Sendable, Hashable {
    /// The version that was tracked until now.
    public var previous: String
    /// The running version.
    public var current: String

    /// Creates an update record.
    public init(previous: String, current: String) {
        self.previous = previous
        self.current = current
    }
}

/// What the engine knew when it decided: handed to ``Callbacks/shouldPrompt`` and to the
/// closure variants of the prompting calls.
public struct TrackingInfo: Sendable, Hashable {
    /// The user's state for the running version.
    public var state: RatingState
    /// The rules' decision, with every criterion.
    public var decision: Decision
}
