package import ArmchairCore

/// How one property of `ArmchairConfiguration` reads and writes the Swift `Configuration`.
///
/// The property names are the keys of the settings file (`ConfigurationFile`), plus the settings
/// a file cannot hold; a test checks that every `Configuration` setting has one.
package enum ConfigurationProperty: Sendable {
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
    case updateGraceDays
    /// `a{si}`.
    case eventWeights
    /// `a{sa{si}}`.
    case eventScenarios
    /// `a{ss}`.
    case keyNames

    /// Every property, by name.
    package static let all: [String: ConfigurationProperty] = settings.merging(texts) { first, _ in first }

    private static let settings: [String: ConfigurationProperty] = [
        "app-id": .text(\.appID, default: ""),
        "app-version": .optionalText(\.appVersion),
        "app-name": .optionalText(\.appName),
        "days-until-prompt": .number(\.daysUntilPrompt),
        "uses-until-prompt": .count(\.usesUntilPrompt),
        "significant-events-until-prompt": .count(\.significantEventsUntilPrompt),
        "uses-per-week-for-prompt": .number(\.usesPerWeekForPrompt),
        "active-usage-minutes-until-prompt": .number(\.activeUsageMinutesUntilPrompt),
        "threshold-combination": .thresholdCombination,
        "event-scenarios": .eventScenarios,
        "days-before-reminding": .number(\.daysBeforeReminding),
        "tracks-new-versions": .flag(\.tracksNewVersions),
        "should-prompt-if-rated": .flag(\.shouldPromptIfRated),
        "decline-policy": .declinePolicy,
        "days-before-asking-again-after-decline": .number(\.daysBeforeAskingAgainAfterDecline),
        "update-policy": .updatePolicy,
        "update-grace-days": .updateGraceDays,
        "max-prompts-per-year": .count(\.maxPromptsPerYear),
        "minimum-days-between-prompts": .number(\.minimumDaysBetweenPrompts),
        "skips-prompt-after-crash": .flag(\.skipsPromptAfterCrash),
        "event-weights": .eventWeights,
        "prompt-at-launch": .flag(\.promptAtLaunch),
        "debug-enabled": .flag(\.debugEnabled),
        "allows-debug-in-release-builds": .flag(\.allowsDebugInReleaseBuilds),
        "asks-satisfaction-first": .flag(\.asksSatisfactionFirst),
        "feedback-email": .optionalText(\.feedbackEmail),
        "feedback-endpoint": .optionalText(\.feedbackEndpoint),
        "feedback-character-limit": .count(\.feedbackCharacterLimit),
        "in-app-reviews": .flag(\.inAppReviews),
        "review-server": .text(\.reviewServer, default: Configuration.gnomeReviewServer),
        "key-prefix": .optionalText(\.keyPrefix),
        "key-names": .keyNames,
        "is-game": .flag(\.isGame),
        "translation-domain": .optionalText(\.translationDomain),
        "locale-directory": .optionalText(\.localeDirectory),
        "review-url-template": .optionalText(\.reviewURLTemplate),
        "campaign-code": .text(\.campaignCode, default: Configuration(appID: "").campaignCode),
    ]

    /// The `[Texts]` keys of the settings file, as `text-<key>`.
    private static let texts: [String: ConfigurationProperty] = [
        "text-title": .promptText(\.title),
        "text-message": .promptText(\.message),
        "text-update-message": .promptText(\.updateMessage),
        "text-rate-button": .promptText(\.rateButton),
        "text-remind-button": .promptText(\.remindButton),
        "text-cancel-button": .promptText(\.cancelButton),
        "text-satisfaction-title": .promptText(\.satisfactionTitle),
        "text-satisfaction-message": .promptText(\.satisfactionMessage),
        "text-satisfaction-yes-button": .promptText(\.satisfactionYesButton),
        "text-satisfaction-no-button": .promptText(\.satisfactionNoButton),
        "text-feedback-request-title": .promptText(\.feedbackRequestTitle),
        "text-feedback-request-message": .promptText(\.feedbackRequestMessage),
        "text-feedback-button": .promptText(\.feedbackButton),
        "text-feedback-form-title": .promptText(\.feedbackFormTitle),
        "text-feedback-form-message": .promptText(\.feedbackFormMessage),
        "text-thank-you-title": .promptText(\.thankYouTitle),
        "text-thank-you-message": .promptText(\.thankYouMessage),
        "text-close-button": .promptText(\.closeButton),
        "text-rate-instead-button": .promptText(\.rateInsteadButton),
        "text-feedback-request-cancel-button": .promptText(\.feedbackRequestCancelButton),
        "text-mail-subject": .promptText(\.mailSubject),
        "text-mail-reply-to": .promptText(\.mailReplyTo),
        "text-mail-message-id": .promptText(\.mailMessageID),
        "text-mail-could-not-open": .promptText(\.mailCouldNotOpen),
    ]
}
