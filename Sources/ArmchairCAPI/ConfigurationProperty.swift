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

    /// The property named `name`; `nil` for a name that is not one.
    ///
    /// A `switch`, not a table: each key path is made the first time its property is used, so a
    /// configuration that sets two properties does not pay for sixty (`swift_getKeyPath` demangles
    /// each one's types).
    package static func named(_ name: String) -> ConfigurationProperty? {
        switch name {
        case "app-id": .text(\.appID, default: "")
        case "app-version": .optionalText(\.appVersion)
        case "app-name": .optionalText(\.appName)
        case "days-until-prompt": .number(\.daysUntilPrompt)
        case "uses-until-prompt": .count(\.usesUntilPrompt)
        case "significant-events-until-prompt": .count(\.significantEventsUntilPrompt)
        case "uses-per-week-for-prompt": .number(\.usesPerWeekForPrompt)
        case "active-usage-minutes-until-prompt": .number(\.activeUsageMinutesUntilPrompt)
        case "threshold-combination": .thresholdCombination
        case "event-scenarios": .eventScenarios
        case "days-before-reminding": .number(\.daysBeforeReminding)
        case "tracks-new-versions": .flag(\.tracksNewVersions)
        case "should-prompt-if-rated": .flag(\.shouldPromptIfRated)
        case "decline-policy": .declinePolicy
        case "days-before-asking-again-after-decline": .number(\.daysBeforeAskingAgainAfterDecline)
        case "update-policy": .updatePolicy
        case "update-grace-days": .updateGraceDays
        case "max-prompts-per-year": .count(\.maxPromptsPerYear)
        case "minimum-days-between-prompts": .number(\.minimumDaysBetweenPrompts)
        case "skips-prompt-after-crash": .flag(\.skipsPromptAfterCrash)
        case "event-weights": .eventWeights
        case "prompt-at-launch": .flag(\.promptAtLaunch)
        case "debug-enabled": .flag(\.debugEnabled)
        case "allows-debug-in-release-builds": .flag(\.allowsDebugInReleaseBuilds)
        case "asks-satisfaction-first": .flag(\.asksSatisfactionFirst)
        case "feedback-email": .optionalText(\.feedbackEmail)
        case "feedback-endpoint": .optionalText(\.feedbackEndpoint)
        case "feedback-character-limit": .count(\.feedbackCharacterLimit)
        case "in-app-reviews": .flag(\.inAppReviews)
        case "review-server": .text(\.reviewServer, default: Configuration.gnomeReviewServer)
        case "key-prefix": .optionalText(\.keyPrefix)
        case "key-names": .keyNames
        case "is-game": .flag(\.isGame)
        case "translation-domain": .optionalText(\.translationDomain)
        case "locale-directory": .optionalText(\.localeDirectory)
        case "review-url-template": .optionalText(\.reviewURLTemplate)
        case "campaign-code": .text(\.campaignCode, default: Configuration(appID: "").campaignCode)
        // The `[Texts]` keys of the settings file, as `text-<key>`.
        case "text-title": .promptText(\.title)
        case "text-message": .promptText(\.message)
        case "text-update-message": .promptText(\.updateMessage)
        case "text-rate-button": .promptText(\.rateButton)
        case "text-remind-button": .promptText(\.remindButton)
        case "text-cancel-button": .promptText(\.cancelButton)
        case "text-satisfaction-title": .promptText(\.satisfactionTitle)
        case "text-satisfaction-message": .promptText(\.satisfactionMessage)
        case "text-satisfaction-yes-button": .promptText(\.satisfactionYesButton)
        case "text-satisfaction-no-button": .promptText(\.satisfactionNoButton)
        case "text-feedback-request-title": .promptText(\.feedbackRequestTitle)
        case "text-feedback-request-message": .promptText(\.feedbackRequestMessage)
        case "text-feedback-button": .promptText(\.feedbackButton)
        case "text-feedback-form-title": .promptText(\.feedbackFormTitle)
        case "text-feedback-form-message": .promptText(\.feedbackFormMessage)
        case "text-feedback-body": .promptText(\.feedbackBody)
        case "text-thank-you-title": .promptText(\.thankYouTitle)
        case "text-thank-you-message": .promptText(\.thankYouMessage)
        case "text-close-button": .promptText(\.closeButton)
        case "text-rate-instead-button": .promptText(\.rateInsteadButton)
        case "text-feedback-request-cancel-button": .promptText(\.feedbackRequestCancelButton)
        case "text-mail-subject": .promptText(\.mailSubject)
        case "text-mail-reply-to": .promptText(\.mailReplyTo)
        case "text-mail-message-id": .promptText(\.mailMessageID)
        case "text-mail-could-not-open": .promptText(\.mailCouldNotOpen)
        default: nil
        }
    }
}
