/// How long "No, thanks" holds the prompt back.
///
/// The ancestors disagree: Armchair and Appirater ask again in every new version, iRate never
/// asks again. Their users asked for both, so it is a choice; ``Configuration/declinePolicy`` and
/// ``Configuration/daysBeforeAskingAgainAfterDecline`` together decide.
public enum DeclinePolicy: String, Sendable, Hashable, CaseIterable, Codable {
    /// A decline holds for the version it was given in; a new version may ask again.
    case thisVersion
    /// A decline holds in every version. This is the default: with the default 365-day expiry,
    /// someone who said no is not asked for a year, and after that only while the thresholds are
    /// met and the limits on how often allow.
    case forever
}
