extension Configuration {
    /// Checks every setting and reports all problems at once.
    ///
    /// - Throws: ``ConfigurationError`` listing each unusable setting.
    public func validate() throws(ConfigurationError) {
        var problems: [ConfigurationError.Problem] = []
        func report(_ setting: String, detail: String = "", _ message: String) {
            problems.append(.init(setting, detail: detail, message))
        }

        if let problem = ApplicationID.problem(with: appID) {
            report("appID", detail: " \"\(appID)\"", problem)
        }
        problems += rangeProblems()
        if let appVersion, appVersion.allSatisfy(\.isWhitespace) {
            report("appVersion", "is empty; leave it nil when the version is unknown")
        }
        for scenario in eventScenarios {
            let entry = "[\"\(scenario.name)\"]"
            if scenario.requirements.isEmpty {
                report("eventScenarios", detail: entry, "lists no events")
            }
            for (event, count) in scenario.requirements.sorted(by: { $0.key < $1.key }) {
                if let problem = EventName.problem(with: event) {
                    report("eventScenarios", detail: entry, problem)
                } else if count < 1 {
                    report("eventScenarios", detail: entry, "needs \"\(event)\" at least once, not \(count) times")
                } else if count > Bounds.count {
                    report(
                        "eventScenarios", detail: entry,
                        "needs \"\(event)\" at most \(Bounds.count) times, not \(count)")
                }
            }
        }
        for (event, weight) in eventWeights.sorted(by: { $0.key < $1.key }) {
            if let problem = EventName.problem(with: event) {
                report("eventWeights", problem)
            } else if !(1...EventName.maximumWeight).contains(weight) {
                report(
                    "eventWeights", detail: "[\"\(event)\"]",
                    "must be from 1 to \(EventName.maximumWeight), not \(weight)")
            }
        }
        if let feedbackEndpoint {
            do {
                _ = try ServiceAddress.check(feedbackEndpoint)
            } catch {
                report("feedbackEndpoint", "\"\(feedbackEndpoint)\": \(error.reason)")
            }
        }
        // The built-in server is checked by the tests, not at every start of every app.
        if reviewServer != Self.gnomeReviewServer {
            do {
                _ = try ServiceAddress.check(reviewServer)
            } catch {
                report("reviewServer", "\"\(reviewServer)\": \(error.reason)")
            }
        }
        if let feedbackEmail, !FeedbackDraft.isEmailAddress(feedbackEmail) {
            report("feedbackEmail", "\"\(feedbackEmail)\" is not an email address")
        }
        if let keyPrefix, let problem = StateKeyName.problem(with: keyPrefix) {
            report("keyPrefix", problem)
        }
        for (key, name) in keyNames.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            if let problem = StateKeyName.problem(with: name) {
                report("keyNames", detail: "[\"\(key.rawValue)\"]", problem)
            }
        }
        if let syncedFolder, !syncedFolder.hasPrefix("/") {
            report("syncedFolder", "\"\(syncedFolder)\" is not an absolute path")
        }
        if let localeDirectory, !localeDirectory.hasPrefix("/") {
            report("localeDirectory", "\"\(localeDirectory)\" is not an absolute path")
        }
        if let template = reviewURLTemplate, let problem = ReviewURLTemplate.problem(with: template) {
            report("reviewURLTemplate", problem)
        }
        if !problems.isEmpty { throw ConfigurationError(problems: problems) }
    }

    /// Reports `value` unless it is a finite number from 0 to `largest`.
    static func check(
        _ setting: String, _ value: Double, atMost largest: Double, into problems: inout [ConfigurationError.Problem]
    ) {
        if !(value.isFinite && value >= 0) {
            problems.append(.init(setting, "must be a finite number of 0 or more, not \(value)"))
        } else if value > largest {
            problems.append(.init(setting, "must be at most \(Number.short(largest)), not \(Number.short(value))"))
        }
    }

    /// Reports `value` unless it is in `range`; a hint says why a bound is there.
    static func check(
        _ setting: String, _ value: Int, in range: ClosedRange<Int>, belowMinimum: String? = nil,
        aboveBound: String? = nil, into problems: inout [ConfigurationError.Problem]
    ) {
        if value < range.lowerBound {
            let limit = range.lowerBound == 0 ? "0 or more" : "at least \(range.lowerBound)"
            let hint = belowMinimum.map { "; \($0)" } ?? ""
            problems.append(.init(setting, "must be \(limit), not \(value)\(hint)"))
        } else if value > range.upperBound {
            let hint = aboveBound.map { " (\($0))" } ?? ""
            problems.append(.init(setting, "must be at most \(range.upperBound)\(hint), not \(value)"))
        }
    }
}
