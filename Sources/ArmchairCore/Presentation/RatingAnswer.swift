/// What the user did with the rating prompt.
public enum RatingAnswer: String, Sendable, Hashable, CaseIterable, Codable {
    /// Chose to rate: the review page opens and this version counts as rated.
    case rate
    /// Asked to be reminded later: the prompt waits ``Configuration/daysBeforeReminding``.
    case remindLater
    /// Said "No, thanks": this version is not asked about again.
    case decline
    /// Closed the prompt without choosing (Escape, the window's close button, or its window
    /// closing with the app's).
    ///
    /// On a desktop this happens all the time and means "not now": it is recorded exactly like
    /// ``remindLater`` and never as a decline.
    case dismissed
    /// Did not enjoy the app and sent feedback instead (the satisfaction flow): holds the prompt
    /// back like a decline, but fires ``Callbacks/didSendFeedback`` rather than
    /// ``Callbacks/didDeclineToRate``. A presenter never returns it from the rating prompt.
    case sentFeedback
}
