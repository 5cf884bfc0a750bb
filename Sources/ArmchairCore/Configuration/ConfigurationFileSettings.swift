/// The keys of a settings file (``ConfigurationFile``) and what each one sets.
enum SettingName {
    typealias Apply = @Sendable (inout Configuration, String) throws(SettingValue.Failure) -> Void

    /// The `[Armchair]` keys, except `update-policy` and `update-grace-days`, which are read together.
    static let settings: [String: Apply] = [
        "app-name": { configuration, text throws(SettingValue.Failure) in
            configuration.appName = try SettingValue.text(text)
        },
        "days-until-prompt": number(\.daysUntilPrompt),
        "uses-until-prompt": count(\.usesUntilPrompt),
        "significant-events-until-prompt": count(\.significantEventsUntilPrompt),
        "uses-per-week-for-prompt": number(\.usesPerWeekForPrompt),
        "active-usage-minutes-until-prompt": number(\.activeUsageMinutesUntilPrompt),
        "threshold-combination": { configuration, text throws(SettingValue.Failure) in
            configuration.thresholdCombination =
                try SettingValue.choice(["all", "days-then-any"])(text) == "all" ? .all : .daysThenAny
        },
        "days-before-reminding": number(\.daysBeforeReminding),
        "tracks-new-versions": flag(\.tracksNewVersions),
        "should-prompt-if-rated": flag(\.shouldPromptIfRated),
        "decline-policy": { configuration, text throws(SettingValue.Failure) in
            configuration.declinePolicy =
                try SettingValue.choice(["forever", "this-version"])(text) == "forever" ? .forever : .thisVersion
        },
        "days-before-asking-again-after-decline": number(\.daysBeforeAskingAgainAfterDecline),
        "max-prompts-per-year": count(\.maxPromptsPerYear),
        "minimum-days-between-prompts": number(\.minimumDaysBetweenPrompts),
        "skips-prompt-after-crash": flag(\.skipsPromptAfterCrash),
        "prompt-at-launch": flag(\.promptAtLaunch),
        "allows-debug-in-release-builds": flag(\.allowsDebugInReleaseBuilds),
        "asks-satisfaction-first": flag(\.asksSatisfactionFirst),
        "feedback-email": optionalText(\.feedbackEmail),
        "feedback-endpoint": optionalText(\.feedbackEndpoint),
        "feedback-character-limit": count(\.feedbackCharacterLimit),
        "in-app-reviews": flag(\.inAppReviews),
        "review-server": { configuration, text throws(SettingValue.Failure) in
            configuration.reviewServer = try SettingValue.text(text)
        },
        "key-prefix": optionalText(\.keyPrefix),
        "translation-domain": optionalText(\.translationDomain),
        "locale-directory": optionalText(\.localeDirectory),
        "review-url-template": optionalText(\.reviewURLTemplate),
        "is-game": flag(\.isGame),
        "campaign-code": { configuration, text throws(SettingValue.Failure) in
            configuration.campaignCode = try SettingValue.text(text)
        },
    ]

    /// Every `[Armchair]` key, sorted.
    static let allKeys = (Array(settings.keys) + ["update-policy", "update-grace-days"]).sorted()

    /// The `[Texts]` keys.
    static let texts: [String: any WritableKeyPath<PromptTexts, String?> & Sendable] = [
        "title": \.title, "message": \.message, "update-message": \.updateMessage,
        "rate-button": \.rateButton, "remind-button": \.remindButton, "cancel-button": \.cancelButton,
        "satisfaction-title": \.satisfactionTitle, "satisfaction-message": \.satisfactionMessage,
        "satisfaction-yes-button": \.satisfactionYesButton, "satisfaction-no-button": \.satisfactionNoButton,
        "feedback-request-title": \.feedbackRequestTitle, "feedback-request-message": \.feedbackRequestMessage,
        "feedback-button": \.feedbackButton, "feedback-form-title": \.feedbackFormTitle,
        "feedback-form-message": \.feedbackFormMessage, "feedback-body": \.feedbackBody,
        "thank-you-title": \.thankYouTitle, "thank-you-message": \.thankYouMessage, "close-button": \.closeButton,
        "rate-instead-button": \.rateInsteadButton, "feedback-request-cancel-button": \.feedbackRequestCancelButton,
        "mail-subject": \.mailSubject, "mail-reply-to": \.mailReplyTo, "mail-message-id": \.mailMessageID,
        "mail-could-not-open": \.mailCouldNotOpen,
    ]

    /// Every `[Texts]` key, sorted.
    static let allTextKeys = texts.keys.sorted()

    private static func number(_ field: any WritableKeyPath<Configuration, Double> & Sendable) -> Apply {
        { configuration, text throws(SettingValue.Failure) in
            configuration[keyPath: field] = try SettingValue.number(text)
        }
    }

    private static func count(_ field: any WritableKeyPath<Configuration, Int> & Sendable) -> Apply {
        { configuration, text throws(SettingValue.Failure) in
            configuration[keyPath: field] = try SettingValue.count(text)
        }
    }

    private static func flag(_ field: any WritableKeyPath<Configuration, Bool> & Sendable) -> Apply {
        { configuration, text throws(SettingValue.Failure) in
            configuration[keyPath: field] = try SettingValue.flag(text)
        }
    }

    private static func optionalText(_ field: any WritableKeyPath<Configuration, String?> & Sendable) -> Apply {
        { configuration, text throws(SettingValue.Failure) in
            configuration[keyPath: field] = try SettingValue.text(text)
        }
    }

    /// `daysUntilPrompt` → `days-until-prompt`, `reviewURLTemplate` → `review-url-template`; a
    /// kebab-case name is returned as it is.
    static func kebab(_ name: some StringProtocol) -> String {
        let characters = Array(name)
        var result = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase {
                let previous = index > 0 ? characters[index - 1] : nil
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                // A word starts after a lowercase letter or digit, or at the last capital of an
                // acronym that a lowercase word follows (URLTemplate: url, template).
                let startsWord =
                    (previous.map { $0.isLowercase || $0.isNumber } ?? false)
                    || (previous?.isUppercase == true && next?.isLowercase == true)
                if startsWord, !result.isEmpty { result.append("-") }
                result.append(contentsOf: character.lowercased())
            } else {
                result.append(character == "_" ? "-" : character)
            }
        }
        return result
    }

    /// The Levenshtein distance, for "did you mean".
    static func editDistance(_ first: String, _ second: String) -> Int {
        let (a, b) = (Array(first), Array(second))
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}

/// How settings-file values are written: numbers in C notation, GLib's booleans, kebab-case choices.
enum SettingValue {
    /// Why a value cannot be used.
    struct Failure: Error {
        var message: String
    }

    /// A finite number of 0 or more, such as `30` or `0.5`.
    static func number(_ text: String) throws(Failure) -> Double {
        guard let value = Double(text.trimmedOfWhitespace), value.isFinite else {
            throw Failure(message: "\"\(text)\" is not a number (write it like 30 or 0.5)")
        }
        guard value >= 0 else { throw Failure(message: "must be 0 or more, not \(text)") }
        return value
    }

    /// A whole number of 0 or more.
    static func count(_ text: String) throws(Failure) -> Int {
        guard let value = Int(text.trimmedOfWhitespace) else {
            throw Failure(message: "\"\(text)\" is not a whole number")
        }
        guard value >= 0 else { throw Failure(message: "must be 0 or more, not \(text)") }
        return value
    }

    /// A whole number of 1 or more.
    static func positiveCount(_ text: String) throws(Failure) -> Int {
        let value = try count(text)
        guard value >= 1 else { throw Failure(message: "must be 1 or more, not \(text)") }
        return value
    }

    /// `true` or `false` (GLib also reads `1` and `0`).
    static func flag(_ text: String) throws(Failure) -> Bool {
        switch text.trimmedOfWhitespace {
        case "true", "1": return true
        case "false", "0": return false
        default: throw Failure(message: "\"\(text)\" is not true or false")
        }
    }

    /// Text that is not blank.
    static func text(_ text: String) throws(Failure) -> String {
        guard !text.allSatisfy(\.isWhitespace) else { throw Failure(message: "is empty; remove it to use the default") }
        return text
    }

    /// One of `choices`.
    static func choice(_ choices: [String]) -> (String) throws(Failure) -> String {
        { text throws(Failure) in
            let value = text.trimmedOfWhitespace
            guard choices.contains(value) else {
                throw Failure(message: "\"\(text)\" is not one of: " + choices.joined(separator: ", "))
            }
            return value
        }
    }
}
