import Armchair
import ArmchairTesting
import Foundation
import Synchronization
import Testing

/// Two apps of one person on one computer, each with its own engine and state file, sharing the
/// desktop's settings and record: one budget across apps, the person's switches, debug mode.
@MainActor
@Suite("Desktop budget")
struct DesktopEngineTests {
    let folder = try! TemporaryFolder()
    let clock = ManualWallClock()

    var environment: [String: String] {
        [
            "HOME": folder.file("home"), "XDG_STATE_HOME": folder.file("state"),
            "XDG_CONFIG_HOME": folder.file("config"), "XDG_CONFIG_DIRS": folder.file("etc"),
        ]
    }
    var recordPath: String { folder.file("state/armchair/desktop.ini") }

    /// An app on the default store whose own rules prompt at every launch.
    func app(
        _ appID: String, presenter: RecordingPresenter = RecordingPresenter(answers: [.remindLater]),
        _ adjust: (inout Configuration) -> Void = { _ in }
    ) throws -> RatingEngine {
        var settings = Configuration(appID: appID, appVersion: "1.0")
        settings.daysUntilPrompt = 0
        settings.usesUntilPrompt = 1
        settings.daysBeforeReminding = 0
        settings.minimumDaysBetweenPrompts = 0
        settings.maxPromptsPerYear = 20
        adjust(&settings)
        return try RatingEngine(
            configuration: settings, presenter: presenter, clock: clock, environment: environment,
            logger: LogRecorder().logger, delivery: nil)
    }

    func writePersonFile(_ text: String) throws {
        try FileManager.default.createDirectory(
            atPath: folder.file("config/armchair"), withIntermediateDirectories: true)
        try folder.file("config/armchair/desktop.conf").write(text)
    }

    @Test("After one app asks, another waits out the quiet period; the first keeps its own rules")
    func oneBudget() async throws {
        let notes = try app("org.example.Notes")
        let maps = try app("org.example.Maps")
        #expect(await notes.appLaunched()?.value == .answered(.remindLater))
        let token = try #require(notes.state.desktopToken)
        #expect(try #require(recordPath.fileContents).contains("prompted.\(token)="))
        #expect(
            try #require(folder.file("state/org.example.Notes/armchair.ini").fileContents).contains(
                "org.example.Notes.desktop-token=\(token)"))

        clock.advance(days: 2)
        #expect(maps.appLaunched() == nil, "another app asked 2 days ago")
        let held = maps.decision()
        #expect(
            held.summary(.desktopQuietPeriod)
                == "another app asked 2 days ago; the desktop's quiet period ends on 2026-01-08 at 00:00 UTC")
        #expect(maps.showPrompt() == nil, "the app's own showPrompt does not go past the desktop's budget")
        #expect(notes.decision().criterion(.desktopQuietPeriod)?.status == .met, "an app's own prompt does not hold it")

        clock.advance(days: 5)
        #expect(await maps.appLaunched()?.value == .answered(.remindLater), "the quiet period is over")
        #expect(notes.appLaunched() == nil, "now Notes waits for Maps")
        #expect(try DesktopRecord(path: recordPath, logger: LogRecorder().logger).prompts().count == 2)
    }

    @Test("Of two apps deciding at the same moment, only the one that records its prompt first shows it")
    func twoAppsAtOnce() async throws {
        let notesPresenter = RecordingPresenter(answers: [.remindLater])
        let notes = try app("org.example.Notes", presenter: notesPresenter)
        let maps = try app("org.example.Maps")
        // Maps prompts after Notes decided and before Notes records its prompt: in Notes's
        // shouldPrompt callback, which runs between the two.
        var mapsPrompt: Task<PromptOutcome, Never>?
        notes.callbacks.shouldPrompt = { _ in
            mapsPrompt = maps.showPrompt()
            return true
        }
        #expect(notes.showPrompt() == nil, "Maps recorded its prompt first")
        #expect(await mapsPrompt?.value == .answered(.remindLater))
        #expect(notesPresenter.prompts.isEmpty)
        #expect(notes.state.promptDates.isEmpty, "a prompt that did not show is not counted")
        #expect(notes.state.promptHold == nil, "nor held")
        #expect(
            notes.decision().summary(.desktopQuietPeriod)?.hasPrefix("another app asked less than a day ago") == true)
        let prompts = try DesktopRecord(path: recordPath, logger: LogRecorder().logger).prompts()
        #expect(prompts.count == 1 && prompts.keys.first == maps.state.desktopToken)
    }

    @Test("The person's off holds the app's own calls too; only what the person starts gets through")
    func personOff() async throws {
        try writePersonFile("[Desktop]\nprompts=off\n")
        let presenter = RecordingPresenter(answers: [.remindLater])
        let notes = try app("org.example.Notes", presenter: presenter)
        #expect(notes.appLaunched() == nil)
        #expect(notes.showPrompt() == nil, "showPrompt at launch must not defeat the person's off")
        #expect(notes.showPrompt(shouldPrompt: { _ in true }) == nil)
        #expect(presenter.prompts.isEmpty)
        #expect(notes.decision().headline.contains("prompts of every app turned off by you"))
        _ = await notes.rateApp().value
        #expect(notes.state.ratedThisVersion, "the app's Rate item, which the person chose, still works")
        #expect(presenter.openedURIs.count == 1)
    }

    @Test("Debug mode still shows the prompt for developers, and other apps do not wait for it")
    func debugMode() async throws {
        try writePersonFile("[Desktop]\nprompts=off\n")
        let notes = try app("org.example.Notes") { $0.debugEnabled = true }
        #expect(await notes.appLaunched()?.value == .answered(.remindLater))
        #expect(!FileManager.default.fileExists(atPath: recordPath), "a debug prompt is not recorded")
    }

    @Test("Reviews and feedback off: the unhappy user is offered Rate, never a form that sends")
    func reviewsAndFeedbackOff() async throws {
        try writePersonFile("[Desktop]\nreviews-and-feedback=off\n")
        let presenter = RecordingPresenter(answers: [.rate])
        presenter.satisfactionAnswer = .notEnjoying
        presenter.feedbackRequestAnswer = .rate
        let notes = try app("org.example.Notes", presenter: presenter) { $0.asksSatisfactionFirst = true }
        let sent = Mutex(0)
        notes.feedbackSender = ClosureFeedbackSender { _ throws(FeedbackError) in sent.withLock { $0 += 1 } }
        #expect(await notes.appLaunched()?.value == .answered(.rate))
        let request = try #require(presenter.feedbackRequests.first)
        #expect(request.feedbackButton == nil, "no feedback form")
        #expect(!request.rateButton.isEmpty, "Rate is never hidden")
        #expect(presenter.openedURIs.count == 1, "Rate opens the software centre")
        #expect(sent.withLock { $0 } == 0)
    }

    @Test("An engine with a store of its own keeps out of the desktop")
    func ownStore() async throws {
        try writePersonFile("[Desktop]\nprompts=off\n")
        var settings = Configuration(appID: "org.example.Notes", appVersion: "1.0")
        settings.daysUntilPrompt = 0
        settings.usesUntilPrompt = 1
        let engine = try RatingEngine(
            configuration: settings, store: InMemoryStore(), presenter: RecordingPresenter(answers: [.remindLater]),
            clock: clock, environment: environment, delivery: nil)
        #expect(await engine.appLaunched()?.value == .answered(.remindLater))
        #expect(engine.decision().criterion(.desktopSwitch) == nil)
    }
}
