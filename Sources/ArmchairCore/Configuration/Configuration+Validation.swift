extension Configuration {
    /// Checks every setting and reports all problems at once.
    ///
    /// - Throws: ``ConfigurationError`` listing each unusable setting.
    public func validate() throws(ConfigurationError) {
        var problems: [ConfigurationError.Problem] = []
        func report(_ setting: String, _ message: String) {
            problems.append(.init(setting: setting, message: message))
        }

        if let problem = ApplicationID.problem(with: appID) {
            report("appID \"\(appID)\"", problem)
        }
        for (name, value, largest) in [
            ("daysUntilPrompt", daysUntilPrompt, Bounds.days),
            ("usesPerWeekForPrompt", usesPerWeekForPrompt, Bounds.usesPerWeek),
            ("activeUsageMinutesUntilPrompt", activeUsageMinutesUntilPrompt, Bounds.minutes),
            ("daysBeforeReminding", daysBeforeReminding, Bounds.days),
            ("daysBeforeAskingAgainAfterDecline", daysBeforeAskingAgainAfterDecline, Bounds.days),
            ("minimumDaysBetweenPrompts", minimumDaysBetweenPrompts, Bounds.days),
            ("updatePolicy graceDays", updatePolicy.graceDays ?? 0, Bounds.days),
        ] {
            if !(value.isFinite && value >= 0) {
                report(name, "must be a finite number of 0 or more, not \(value)")
            } else if value > largest {
                report(name, "must be at most \(Number.short(largest)), not \(Number.short(value))")
            }
        }
        for (name, value) in [
            ("usesUntilPrompt", usesUntilPrompt),
            ("significantEventsUntilPrompt", significantEventsUntilPrompt),
        ] where !(0...Bounds.count).contains(value) {
            report(
                name, value < 0 ? "must be 0 or more, not \(value)" : "must be at most \(Bounds.count), not \(value)")
        }
        if maxPromptsPerYear < 1 {
            report(
                "maxPromptsPerYear",
                "must be at least 1, not \(maxPromptsPerYear); to stop prompting, do not call Armchair")
        } else if maxPromptsPerYear > RatingState.promptHistoryLimit {
            report(
                "maxPromptsPerYear",
                "must be at most \(RatingState.promptHistoryLimit) (the prompts remembered), not \(maxPromptsPerYear)")
        }
        if let appVersion, appVersion.allSatisfy(\.isWhitespace) {
            report("appVersion", "is empty; leave it nil when the version is unknown")
        }
        for scenario in eventScenarios {
            if scenario.requirements.isEmpty {
                report("eventScenarios[\"\(scenario.name)\"]", "lists no events")
            }
            for (event, count) in scenario.requirements.sorted(by: { $0.key < $1.key }) {
                if let problem = EventName.problem(with: event) {
                    report("eventScenarios[\"\(scenario.name)\"]", problem)
                } else if count < 1 {
                    report(
                        "eventScenarios[\"\(scenario.name)\"]", "needs \"\(event)\" at least once, not \(count) times")
                } else if count > Bounds.count {
                    report(
                        "eventScenarios[\"\(scenario.name)\"]",
                        "needs \"\(event)\" at most \(Bounds.count) times, not \(count)")
                }
            }
        }
        for (event, weight) in eventWeights.sorted(by: { $0.key < $1.key }) {
            if let problem = EventName.problem(with: event) {
                report("eventWeights", problem)
            } else if !(1...EventName.maximumWeight).contains(weight) {
                report("eventWeights[\"\(event)\"]", "must be from 1 to \(EventName.maximumWeight), not \(weight)")
            }
        }
        if let feedbackEndpoint {
            do {
                _ = try ServiceAddress.check(feedbackEndpoint)
            } catch {
                report("feedbackEndpoint", "\"\(feedbackEndpoint)\": \(error.reason)")
            }
        }
        do {
            _ = try ServiceAddress.check(reviewServer)
        } catch {
            report("reviewServer", "\"\(reviewServer)\": \(error.reason)")
        }
        if let feedbackEmail, !FeedbackDraft.isEmailAddress(feedbackEmail) {
            report("feedbackEmail", "\"\(feedbackEmail)\" is not an email address")
        }
        if !(1...Bounds.feedbackCharacters).contains(feedbackCharacterLimit) {
            report(
                "feedbackCharacterLimit",
                "must be at least 1 and at most \(Bounds.feedbackCharacters), not \(feedbackCharacterLimit)")
        }
        if let keyPrefix, let problem = StateKeyName.problem(with: keyPrefix) {
            report("keyPrefix", problem)
        }
        for (key, name) in keyNames.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            if let problem = StateKeyName.problem(with: name) {
                report("keyNames[.\(key.rawValue)]", problem)
            }
        }
        if let localeDirectory, !localeDirectory.hasPrefix("/") {
            report("localeDirectory", "\"\(localeDirectory)\" is not an absolute path")
        }
        if let template = reviewURLTemplate, let problem = ReviewURLTemplate.problem(with: template) {
            report("reviewURLTemplate", problem)
        }
        if !problems.isEmpty { throw ConfigurationError(problems: problems) }
    }
}
