/// How one setting of ``Configuration`` is read and written by its name: a key of the settings
/// file (``ConfigurationFile``), a property of libarmchair's `ArmchairConfiguration`.
///
/// `settings/settings.toml` declares every setting once; ``named(_:)`` and the lists of names are
/// generated from it. A setting whose value is not one number, flag or text has a case of its own,
/// which the settings file and libarmchair each read and write in their own way.
package enum Setting: Sendable {
    case number(any WritableKeyPath<Configuration, Double> & Sendable)
    case count(any WritableKeyPath<Configuration, Int> & Sendable)
    case flag(any WritableKeyPath<Configuration, Bool> & Sendable)
    /// Text that may be absent (`NULL`).
    case optionalText(any WritableKeyPath<Configuration, String?> & Sendable)
    /// Text that always has a value; `NULL` restores `default`.
    case text(any WritableKeyPath<Configuration, String> & Sendable, default: String)
    /// One of the prompt's texts, `text-<key>`.
    case promptText(any WritableKeyPath<PromptTexts, String?> & Sendable)
    case thresholdCombination
    case declinePolicy
    case updatePolicy
    /// The grace period of ``UpdatePolicy/keepCounters(graceDays:)``.
    case updateGraceDays
    /// `a{si}`.
    case eventWeights
    /// `a{sa{si}}`.
    case eventScenarios
    /// `a{ss}`.
    case keyNames
}
