import Armchair
import ArmchairCore
import Testing

/// Validation: every unusable setting is named, and an engine refuses a bad configuration.
@Suite("Configuration")
struct ConfigurationTests {
    @Test("The defaults are Armchair's, with the yearly cap at 3")
    func defaults() {
        let configuration = Configuration(appID: "org.example.Notes")
        #expect(configuration.daysUntilPrompt == 30)
        #expect(configuration.usesUntilPrompt == 20)
        #expect(configuration.significantEventsUntilPrompt == 0)
        #expect(configuration.usesPerWeekForPrompt == 0)
        #expect(configuration.activeUsageMinutesUntilPrompt == 0)
        #expect(configuration.daysBeforeReminding == 1)
        #expect(configuration.thresholdCombination == .all)
        #expect(configuration.tracksNewVersions && configuration.shouldPromptIfRated && configuration.promptAtLaunch)
        #expect(configuration.maxPromptsPerYear == 3)
        #expect(!configuration.debugEnabled && !configuration.isDebugActive)
        #expect(configuration.effectiveKeyPrefix == "org.example.Notes")
        #expect(configuration.campaignCode == "armchair")
        #expect(throws: Never.self) { try configuration.validate() }
    }

    @Test(
        "Valid application IDs",
        arguments: ["org.gnome.Maps", "io.github.some_user.App-Name", "a.b", "org.example.Notes2"])
    func validIDs(id: String) throws {
        try Configuration(appID: id).validate()
    }

    @Test(
        "Invalid application IDs are refused with the reason",
        arguments: [
            ("", "it is empty"),
            ("notes", "at least two dot-separated parts"),
            ("org..Notes", "an empty part"),
            (".org.Notes", "an empty part"),
            ("org.example.", "an empty part"),
            ("org.2example.Notes", "starts with a digit"),
            ("org.example.Notes App", "\" \" is not allowed"),
            ("org.example/Notes", "\"/\" is not allowed"),
            ("org.éxample.Notes", "is not allowed"),
            ("org." + String(repeating: "a", count: 260), "longer than 255"),
        ])
    func invalidIDs(id: String, reason: String) {
        let error = #expect(throws: ConfigurationError.self) { try Configuration(appID: id).validate() }
        #expect(error?.problems.count == 1)
        #expect(error?.problems.first?.message.contains(reason) == true, "\(String(describing: error))")
    }

    @Test(
        "Negative, NaN and infinite thresholds are refused",
        arguments: [-1, .nan, .infinity, -.infinity] as [Double])
    func badNumbers(value: Double) {
        var configuration = Configuration(appID: "org.example.Notes")
        configuration.daysUntilPrompt = value
        configuration.usesPerWeekForPrompt = value
        configuration.activeUsageMinutesUntilPrompt = value
        configuration.daysBeforeReminding = value
        let error = #expect(throws: ConfigurationError.self) { try configuration.validate() }
        #expect(
            error?.problems.map(\.setting)
                == ["daysUntilPrompt", "usesPerWeekForPrompt", "activeUsageMinutesUntilPrompt", "daysBeforeReminding"])
    }

    @Test("Every problem is reported at once, each naming its setting")
    func allProblems() {
        var configuration = Configuration(appID: "notes")
        configuration.usesUntilPrompt = -1
        configuration.significantEventsUntilPrompt = -2
        configuration.maxPromptsPerYear = 0
        configuration.eventScenarios = [
            EventScenario(name: "Empty", requirements: [:]),
            EventScenario(name: "Odd", requirements: ["ok": 0, "not ok!": 1]),
        ]
        configuration.keyPrefix = "bad=prefix"
        configuration.keyNames = [.useCount: " padded"]
        configuration.reviewURLTemplate = "https://example.org/{app}"
        let error = #expect(throws: ConfigurationError.self) { try configuration.validate() }
        #expect(
            error?.problems.map(\.setting) == [
                "appID \"notes\"", "usesUntilPrompt", "significantEventsUntilPrompt", "maxPromptsPerYear",
                "eventScenarios[\"Empty\"]", "eventScenarios[\"Odd\"]", "eventScenarios[\"Odd\"]", "keyPrefix",
                "keyNames[\"use-count\"]", "reviewURLTemplate",
            ])
        #expect(error?.description.hasPrefix("Invalid Armchair configuration:\n- appID \"notes\": ") == true)
        #expect(
            error?.problems.map(\.property) == [
                "app-id \"notes\"", "uses-until-prompt", "significant-events-until-prompt", "max-prompts-per-year",
                "event-scenarios[\"Empty\"]", "event-scenarios[\"Odd\"]", "event-scenarios[\"Odd\"]", "key-prefix",
                "key-names[\"use-count\"]", "review-url-template",
            ])
        #expect(
            error?.description(naming: .properties).hasPrefix("Invalid Armchair configuration:\n- app-id \"notes\": ")
                == true)
    }

    @Test("Every problem names its setting's property too, for libarmchair and the settings file")
    func problemsNameProperties() {
        var configuration = Configuration(appID: "org.example.Notes", appVersion: " ")
        configuration.daysUntilPrompt = -1
        configuration.usesPerWeekForPrompt = .infinity
        configuration.activeUsageMinutesUntilPrompt = .nan
        configuration.daysBeforeReminding = 1e9
        configuration.daysBeforeAskingAgainAfterDecline = -1
        configuration.updatePolicy = .keepCounters(graceDays: -1)
        configuration.minimumDaysBetweenPrompts = -1
        configuration.scheduling.promptDelay = -1
        configuration.scheduling.quietTime = -1
        configuration.feedbackCharacterLimit = 0
        configuration.eventWeights = ["bad name": 1, "export": 0]
        configuration.feedbackEndpoint = "nowhere"
        configuration.reviewServer = "nowhere"
        configuration.feedbackEmail = "nobody"
        configuration.syncedFolder = "Sync"
        configuration.localeDirectory = "locale"
        let error = #expect(throws: ConfigurationError.self) { try configuration.validate() }
        let properties = error?.problems.map { String($0.property.prefix { $0.isLetter || $0 == "-" }) }
        #expect(
            properties == [
                "days-until-prompt", "uses-per-week-for-prompt", "active-usage-minutes-until-prompt",
                "days-before-reminding", "days-before-asking-again-after-decline", "update-grace-days",
                "minimum-days-between-prompts", "prompt-delay", "quiet-time", "feedback-character-limit", "app-version",
                "event-weights", "event-weights", "feedback-endpoint", "review-server", "feedback-email",
                "synced-folder", "locale-directory",
            ])
        for property in properties ?? [] {
            #expect(Setting.allNames.contains(property), "\(property) is no property")
        }
        #expect(error?.problems.first { $0.setting == "scheduling.quietTime" }?.property == "quiet-time")
        #expect(error?.problems.first { $0.setting == "updatePolicy graceDays" }?.property == "update-grace-days")
    }

    @Test("The yearly cap cannot exceed the prompts remembered, and an empty version is refused")
    func capAndVersion() {
        var configuration = Configuration(appID: "org.example.Notes", appVersion: " ")
        configuration.maxPromptsPerYear = 21
        let error = #expect(throws: ConfigurationError.self) { try configuration.validate() }
        #expect(error?.problems.map(\.setting) == ["maxPromptsPerYear", "appVersion"])
        configuration.maxPromptsPerYear = 20
        configuration.appVersion = "1.0"
        #expect(throws: Never.self) { try configuration.validate() }
    }

    @Test("An engine refuses an invalid configuration")
    @MainActor
    func engineRefuses() {
        #expect(throws: ConfigurationError.self) {
            _ = try RatingEngine(configuration: Configuration(appID: ""), store: InMemoryStore())
        }
    }

    @Test(
        "The display name comes from the app name, or from the ID",
        arguments: [
            ("org.gnome.TextEditor", nil, "TextEditor"), ("com.example.photo-booth", nil, "Photo Booth"),
            ("org.example.Notes", "My Notes", "My Notes"), ("org.example.Notes", "  ", "Notes"),
        ] as [(String, String?, String)])
    func displayName(id: String, name: String?, expected: String) {
        #expect(Configuration(appID: id, appName: name).displayName == expected)
    }
}
