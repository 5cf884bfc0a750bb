import Armchair
import Foundation
import TestProcesses
import Testing

@testable import ArmchairCore
@testable import ArmchairDelivery

@Suite("A settings file the app ships")
struct ConfigurationFileTests {
    let folder: TemporaryFolder
    let appID = "org.example.Notes"

    init() throws { folder = try TemporaryFolder() }

    private func file(_ text: String, name: String = "notes.armchair") throws -> String {
        let path = folder.file(name)
        try path.write(text)
        return path
    }

    private func problems(_ text: String) throws -> [ConfigurationFileError.Problem] {
        let path = try file(text)
        do {
            _ = try ConfigurationFile(path: path, appID: appID)
        } catch {
            #expect(error.path == path)
            return error.problems
        }
        Issue.record("the file was accepted")
        return []
    }

    @Test("every setting is read, in every group")
    func everySetting() throws {
        let path = try file(
            """
            # Notes' Armchair settings
            [Armchair]
            app-name=Notes
            days-until-prompt=14.5
            uses-until-prompt=10
            significant-events-until-prompt=4
            uses-per-week-for-prompt=2
            active-usage-minutes-until-prompt=90
            threshold-combination=days-then-any
            days-before-reminding=3
            tracks-new-versions=false
            should-prompt-if-rated=0
            decline-policy=this-version
            days-before-asking-again-after-decline=180
            update-policy=keep-counters
            update-grace-days=5
            max-prompts-per-year=2
            minimum-days-between-prompts=60
            skips-prompt-after-crash=false
            prompt-at-launch=false
            allows-debug-in-release-builds=true
            asks-satisfaction-first=true
            feedback-email=notes@example.org
            feedback-endpoint=https://feedback.example.org/notes
            feedback-character-limit=500
            key-prefix=notes
            translation-domain=notes
            review-url-template=https://example.org/review?app={appID}
            campaign-code=spring
            in-app-reviews=true
            review-server=https://odrs.example.org/1.0/reviews/api
            locale-directory=/usr/share/notes/locale
            is-game=true

            [Event Weights]
            export=3

            [Scenario power-user]
            export=2
            share=1

            [Texts]
            title=Enjoying Notes?
            thank-you-message=Thanks!
            close-button=_Done
            rate-instead-button=_Rate Notes
            feedback-request-cancel-button=_Not Now
            mail-subject=[Notes] %1$s feedback
            mail-reply-to=Write back to %1$s
            mail-message-id=Reference %1$s
            mail-could-not-open=No mail app (%1$s).

            [Key Names]
            use-count=launches
            """)
        let settings = try ConfigurationFile(path: path, appID: appID).settings
        var expected = Configuration(appID: appID, appName: "Notes")
        expected.daysUntilPrompt = 14.5
        expected.usesUntilPrompt = 10
        expected.significantEventsUntilPrompt = 4
        expected.usesPerWeekForPrompt = 2
        expected.activeUsageMinutesUntilPrompt = 90
        expected.thresholdCombination = .daysThenAny
        expected.daysBeforeReminding = 3
        expected.tracksNewVersions = false
        expected.shouldPromptIfRated = false
        expected.declinePolicy = .thisVersion
        expected.daysBeforeAskingAgainAfterDecline = 180
        expected.updatePolicy = .keepCounters(graceDays: 5)
        expected.maxPromptsPerYear = 2
        expected.minimumDaysBetweenPrompts = 60
        expected.skipsPromptAfterCrash = false
        expected.promptAtLaunch = false
        expected.allowsDebugInReleaseBuilds = true
        expected.asksSatisfactionFirst = true
        expected.feedbackEmail = "notes@example.org"
        expected.feedbackEndpoint = "https://feedback.example.org/notes"
        expected.feedbackCharacterLimit = 500
        expected.keyPrefix = "notes"
        expected.translationDomain = "notes"
        expected.reviewURLTemplate = "https://example.org/review?app={appID}"
        expected.campaignCode = "spring"
        expected.inAppReviews = true
        expected.reviewServer = "https://odrs.example.org/1.0/reviews/api"
        expected.localeDirectory = "/usr/share/notes/locale"
        expected.isGame = true
        expected.eventWeights = ["export": 3]
        expected.eventScenarios = [EventScenario(name: "power-user", requirements: ["export": 2, "share": 1])]
        expected.texts.title = "Enjoying Notes?"
        expected.texts.thankYouMessage = "Thanks!"
        expected.texts.closeButton = "_Done"
        expected.texts.rateInsteadButton = "_Rate Notes"
        expected.texts.feedbackRequestCancelButton = "_Not Now"
        expected.texts.mailSubject = "[Notes] %1$s feedback"
        expected.texts.mailReplyTo = "Write back to %1$s"
        expected.texts.mailMessageID = "Reference %1$s"
        expected.texts.mailCouldNotOpen = "No mail app (%1$s)."
        expected.keyNames = [.useCount: "launches"]
        #expect(settings == expected)
    }

    @Test("every setting and every text has a key in the settings file, except those only code can give")
    func everySettingHasAKey() {
        let codeOnly: Set = [
            "appID", "appVersion", "debugEnabled", "texts", "eventWeights", "eventScenarios", "keyNames",
            "updatePolicy", "syncedFolder", "scheduling.absenceCountedAsUse", "scheduling.activeSecondsPerSave",
        ]
        let settings = Mirror(reflecting: Configuration(appID: appID)).children.compactMap(\.label)
        let scheduling = Mirror(reflecting: PromptScheduler.Settings()).children.compactMap(\.label)
        for name in settings.filter({ $0 != "scheduling" }) + scheduling.map({ "scheduling." + $0 })
        where !codeOnly.contains(name) {
            let key = Setting.propertyName(forSwiftName: name)
            #expect(key.map(SettingName.allKeys.contains) == true, "no settings-file key for \(name)")
        }
        for case (let name?, _) in Mirror(reflecting: PromptTexts()).children {
            #expect(SettingName.allTextKeys.contains(SettingName.kebab(name)), "no [Texts] key for \(name)")
        }
    }

    @Test("an empty file, or one with only comments, means the defaults")
    func emptyFile() throws {
        let path = try file("# nothing set yet\n")
        #expect(try ConfigurationFile(path: path, appID: appID).settings == Configuration(appID: appID))
    }

    @Test("update-policy=reset-counters, and grace days alone keep counters")
    func updatePolicy() throws {
        let reset = try file("[Armchair]\nupdate-policy=reset-counters\n", name: "a.armchair")
        #expect(try ConfigurationFile(path: reset, appID: appID).settings.updatePolicy == .resetCounters)
        let grace = try file("[Armchair]\nupdate-grace-days=7\n", name: "b.armchair")
        #expect(try ConfigurationFile(path: grace, appID: appID).settings.updatePolicy == .keepCounters(graceDays: 7))
        let both = try problems("[Armchair]\nupdate-policy=reset-counters\nupdate-grace-days=7\n")
        #expect(both.map(\.line) == [3])
    }

    @Test("every problem is reported at once, with its line and a suggestion for typos")
    func problemsWithLines() throws {
        let found = try problems(
            """
            [Armchair]
            days-until-prompt=thirty
            uses-untill-prompt=3
            usesUntilPrompt=4
            tracks-new-versions=maybe
            threshold-combination=any
            max-prompts-per-year=0
            uses-until-prompt=-2
            [Texts]
            title[de]=Gefällt Ihnen Notes?
            tilte=Hi
            rate-button=
            [Scenario pros]
            export=0
            [Key Names]
            use-counts=x
            [Mystery]
            """)
        let lines = found.map(\.line)
        #expect(lines == [2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 14, 16, 17])
        let text = found.map(\.message).joined(separator: "\n")
        #expect(text.contains("\"thirty\" is not a number"))
        #expect(text.contains("unknown setting \"uses-untill-prompt\"; did you mean \"uses-until-prompt\"?"))
        #expect(text.contains("unknown setting \"usesUntilPrompt\"; did you mean \"uses-until-prompt\"?"))
        #expect(text.contains("\"maybe\" is not true or false"))
        #expect(text.contains("\"any\" is not one of: all, days-then-any"))
        #expect(text.contains("max-prompts-per-year: must be at least 1"))
        #expect(text.contains("must be 0 or more, not -2"))
        #expect(text.contains("translated keys are not read"))
        #expect(text.contains("did you mean \"title\"?"))
        #expect(text.contains("rate-button: is empty; remove it to use the default"))
        #expect(text.contains("export: must be 1 or more"))
        #expect(text.contains("did you mean \"use-count\"?"))
        #expect(text.contains("unknown group [Mystery]"))
    }

    @Test("an empty title or message hides that line of the dialog (SwiftyiRate); no other text may be empty")
    func emptyTitleAndMessage() throws {
        let path = try file("[Texts]\ntitle=\nsatisfaction-message=\n")
        let texts = try ConfigurationFile(path: path, appID: appID).settings.texts
        #expect(texts.title == "" && texts.satisfactionMessage == "")
        #expect(texts.message == nil, "the others keep their defaults")
        let found = try problems("[Texts]\nthank-you-message=\nclose-button=\n")
        #expect(found.map(\.line) == [3])
        #expect(found.first?.message.contains("close-button: is empty") == true, "\(found)")
    }

    @Test("a file that is not a settings file is refused with its reason")
    func notAKeyFile() throws {
        #expect(try problems("days-until-prompt=3\n").first?.message.contains("[Group]") == true)
        #expect(try problems("[Armchair]\u{0}\n").first?.message.contains("binary") == true)
        let large = try file(String(repeating: "# padding\n", count: 8_000), name: "large.armchair")
        #expect(throws: ConfigurationFileError.self) { try ConfigurationFile(path: large, appID: appID) }
        #expect(throws: ConfigurationFileError.self) { try ConfigurationFile(path: folder.path, appID: appID) }
    }

    @Test("the error names the file and every problem")
    func errorText() throws {
        let path = try file("[Armchair]\nuses-until-prompt=many\n")
        do {
            _ = try ConfigurationFile(path: path, appID: appID)
            Issue.record("accepted")
        } catch {
            #expect(
                error.description
                    == "The Armchair settings file \(path) cannot be used:\n- line 2: uses-until-prompt: \"many\" is not a whole number"
            )
        }
    }

    @Test("a value beyond its range is named by its key, on its line, nested settings too")
    func rangesByKey() throws {
        let found = try problems("[Armchair]\nquiet-time=90\nupdate-grace-days=4000\nmax-prompts-per-year=21\n")
        #expect(found.map(\.line) == [2, 3, 4])
        #expect(
            found.map(\.message) == [
                "quiet-time: must be at most 60, not 90", "update-grace-days: must be at most 3650, not 4000",
                "max-prompts-per-year: must be at most 20 (the prompts remembered), not 21",
            ])
    }

    @Test("installed files are looked for in XDG_DATA_HOME, then each of XDG_DATA_DIRS")
    func searchOrder() throws {
        let environment = [
            "XDG_DATA_HOME": folder.file("home"), "XDG_DATA_DIRS": "relative:\(folder.path)/a/:\(folder.path)/b",
        ]
        #expect(
            ConfigurationFile.searchPaths(appID: appID, environment: environment) == [
                "\(folder.path)/home/armchair/\(appID).armchair",
                "\(folder.path)/a/armchair/\(appID).armchair",
                "\(folder.path)/b/armchair/\(appID).armchair",
            ])
        #expect(
            ConfigurationFile.searchPaths(appID: appID, environment: ["HOME": "/home/ada"]) == [
                "/home/ada/.local/share/armchair/\(appID).armchair",
                "/usr/local/share/armchair/\(appID).armchair",
                "/usr/share/armchair/\(appID).armchair",
            ])

        // The first file that exists wins; none at all means no settings.
        #expect(try ConfigurationFile.load(.installed, appID: appID, environment: environment) == nil)
        try FileManager.default.createDirectory(atPath: "\(folder.path)/b/armchair", withIntermediateDirectories: true)
        try "\(folder.path)/b/armchair/\(appID).armchair".write("[Armchair]\nuses-until-prompt=7\n")
        #expect(
            try ConfigurationFile.load(.installed, appID: appID, environment: environment)?.settings.usesUntilPrompt
                == 7)
        try FileManager.default.createDirectory(atPath: "\(folder.path)/a/armchair", withIntermediateDirectories: true)
        try "\(folder.path)/a/armchair/\(appID).armchair".write("[Armchair]\nuses-until-prompt=8\n")
        #expect(
            try ConfigurationFile.load(.installed, appID: appID, environment: environment)?.settings.usesUntilPrompt
                == 8)
    }

    @Test("code wins over the file: the file gives the starting values")
    func codeWins() throws {
        let path = try file("[Armchair]\napp-name=Notes from the file\nuses-until-prompt=5\ndays-until-prompt=2\n")
        var configuration = try Configuration(appID: appID, appVersion: "3.1", file: .path(path))
        configuration.usesUntilPrompt = 9
        #expect(configuration.usesUntilPrompt == 9)
        #expect(configuration.daysUntilPrompt == 2)
        #expect(configuration.appName == "Notes from the file")
        #expect(configuration.appVersion == "3.1")
        let named = try Configuration(appID: appID, appName: "Notes from code", file: .path(path))
        #expect(named.appName == "Notes from code")
    }

    @Test("an explicit path must exist; a missing installed file is not an error")
    func missingFiles() throws {
        #expect(throws: ConfigurationFileError.self) {
            try Configuration(appID: appID, file: .path(folder.file("absent.armchair")))
        }
        let configuration = try Configuration(appID: "org.example.NothingInstalledHere", file: .installed)
        #expect(configuration == Configuration(appID: "org.example.NothingInstalledHere"))
    }

    @Test("the demo's own settings file is valid and short enough to try")
    func demoSettings() throws {
        let path = ProjectFolder.file("data/io.github.armchairlinux.Demo.armchair")
        let settings = try ConfigurationFile(path: path, appID: "io.github.armchairlinux.Demo").settings
        #expect(settings.usesUntilPrompt == 3)
        #expect(settings.daysUntilPrompt < 1)
    }
}
