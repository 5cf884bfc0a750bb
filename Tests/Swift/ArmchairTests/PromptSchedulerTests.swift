import Armchair
import ArmchairTesting
import Foundation
import Logging
import Synchronization
import Testing

/// The prompt scheduler with manual clocks and no display: every rule the GTK binding follows,
/// to the second.
@MainActor
@Suite("Prompt scheduler")
struct PromptSchedulerTests {
    let store = CountingStore()
    let delivery = CountingDelivery()
    let clock = ManualSchedulerClock()
    let log = LogRecorder()
    let engine: RatingEngine
    let scheduler: PromptScheduler

    init() throws {
        try self.init(adjust: { _ in })
    }

    init(
        adjust: (inout PromptScheduler.Settings) -> Void, network: Bool = true, sandbox: FlatpakSandbox? = nil
    ) throws {
        var configuration = configuration {
            $0.promptAtLaunch = true
            $0.daysUntilPrompt = 0
            $0.usesUntilPrompt = 0
            $0.feedbackEndpoint = "http://127.0.0.1:9/feedback"
        }
        configuration.significantEventsUntilPrompt = 0
        engine = try RatingEngine(
            configuration: configuration, store: store, presenter: RecordingPresenter(), clock: ManualWallClock(),
            environment: [:], logger: log.logger, delivery: delivery)
        var settings = PromptScheduler.Settings()
        adjust(&settings)
        scheduler = PromptScheduler(
            engine: engine, settings: settings, clock: clock, isNetworkAvailable: network, sandbox: sandbox)
    }

    var prompts: Int { engine.state.promptDates.count }

    @Test(
        "A launch is one use in one write, and the prompt comes over the active window after the quiet time (5 s) from its activation"
    )
    func launch() {
        scheduler.windowActivityChanged(isActive: true)
        scheduler.launched()
        #expect(store.writes == 1)
        #expect(engine.state.useCount == 1)
        #expect(engine.state.sessions.count == 1)
        clock.advance(seconds: 4.9)
        #expect(prompts == 0, "not during the app's start-up, nor before the person had a moment to start")
        clock.advance(seconds: 0.1)
        #expect(prompts == 1)
    }

    @Test("Without a quiet time, the prompt comes 2 seconds after the launch, never during the start-up")
    func promptDelay() throws {
        let noQuiet = try PromptSchedulerTests(adjust: { $0.quietTime = 0 })
        noQuiet.scheduler.windowActivityChanged(isActive: true)
        noQuiet.scheduler.launched()
        noQuiet.clock.advance(seconds: 1.9)
        #expect(noQuiet.prompts == 0)
        noQuiet.clock.advance(seconds: 0.1)
        #expect(noQuiet.prompts == 1)
    }

    @Test("A relaunch of the running instance is a use too")
    func relaunch() {
        scheduler.launched()
        scheduler.launched()
        #expect(engine.state.useCount == 2)
        #expect(store.writes == 2)
    }

    @Test("A launch counted as the app quits is a use in one write, with no prompt check and no delivery round")
    func launchWhileQuitting() {
        scheduler.windowActivityChanged(isActive: true)
        scheduler.launchedWhileQuitting()
        #expect(engine.state.useCount == 1)
        #expect(engine.state.sessions.count == 1)
        #expect(store.writes == 1)
        #expect(clock.pendingTimers == 0, "no prompt check")
        #expect(scheduler.deliveryRound == nil, "no round of delivery")
        #expect(scheduler.shuttingDown())
        #expect(engine.state.sessions.isEmpty)
    }

    @Test("A due prompt waits for an active window, then for the quiet time after the person arrived")
    func waitsForWindow() {
        scheduler.launched()
        clock.advance(seconds: 60)
        #expect(prompts == 0)
        scheduler.windowActivityChanged(isActive: true)
        clock.advance(seconds: 4.9)
        #expect(prompts == 0)
        clock.advance(seconds: 0.1)
        #expect(prompts == 1)
    }

    @Test("A due check waits for the network, then runs when it comes back")
    func waitsForNetwork() throws {
        let offline = try PromptSchedulerTests(adjust: { _ in }, network: false)
        offline.scheduler.windowActivityChanged(isActive: true)
        offline.scheduler.launched()
        offline.clock.advance(seconds: 5)
        #expect(offline.prompts == 0)
        offline.scheduler.networkChanged(isAvailable: true)
        #expect(offline.prompts == 1)
    }

    @Test("An explicit prompt waiting for the network (promptIfNetworkAvailable): at once online, else at a break")
    func explicitPromptWaitsForNetwork() async throws {
        let online = try PromptSchedulerTests(adjust: { _ in }, network: true)
        try online.engine.reconfigure { $0.usesUntilPrompt = 50 }  // explicit: thresholds not needed
        #expect(online.engine.showPromptWhenOnline() != nil)
        #expect(online.prompts == 1, "online, at once, with no thresholds met yet")

        let offline = try PromptSchedulerTests(adjust: { _ in }, network: false)
        try offline.engine.reconfigure { $0.usesUntilPrompt = 50 }
        offline.scheduler.windowActivityChanged(isActive: true)
        offline.clock.advance(seconds: 10)
        let task = try #require(offline.engine.showPromptWhenOnline())
        #expect(offline.prompts == 0, "offline: it waits")
        #expect(offline.scheduler.isPromptWaiting)
        offline.scheduler.userInput(.pressed(.key(38)))
        offline.scheduler.userInput(.released(.key(38)))
        offline.scheduler.networkChanged(isAvailable: true)
        #expect(offline.prompts == 0, "the network is back, but the person is typing")
        offline.clock.advance(seconds: 5)
        #expect(offline.prompts == 1, "at the next natural break")
        #expect(await task.value == .answered(.dismissed))
    }

    @Test(
        "In a Flatpak sandbox without network permission the check does not wait for a network that never comes; with it, it does",
        arguments: [("ipc;", 1), ("network;ipc;", 0)])
    func sandboxWithoutNetwork(shared: String, expectedPrompts: Int) throws {
        let folder = try TemporaryFolder()
        let info = folder.path + "/flatpak-info"
        try "[Application]\nname=org.example.Notes\n\n[Context]\nshared=\(shared)\nsockets=wayland;\n"
            .write(toFile: info, atomically: true, encoding: .utf8)
        let sandbox = try #require(FlatpakSandbox(infoFile: info))
        let offline = try PromptSchedulerTests(adjust: { _ in }, network: false, sandbox: sandbox)
        offline.scheduler.windowActivityChanged(isActive: true)
        offline.scheduler.launched()
        offline.clock.advance(seconds: 5)
        #expect(offline.prompts == expectedPrompts)
        #expect(
            offline.scheduler.deliveryRound == nil && offline.delivery.rounds == 0, "the outbox waits for the network")
        #expect(FlatpakSandbox(infoFile: folder.path + "/missing") == nil)
    }

    @Test(
        "Without waiting for a window (a tray app), the prompt comes on its own; without waiting for the network, offline"
    )
    func withoutWaiting() throws {
        let tray = try PromptSchedulerTests(
            adjust: {
                $0.waitsForActiveWindow = false
                $0.waitsForNetwork = false
            }, network: false)
        tray.scheduler.launched()
        tray.clock.advance(seconds: 2)
        #expect(tray.prompts == 1)
    }

    @Test("Prompting at launch off: no check is made, and no write but the use")
    func promptAtLaunchOff() throws {
        try engine.reconfigure { $0.promptAtLaunch = false }
        scheduler.windowActivityChanged(isActive: true)
        scheduler.launched()
        clock.advance(seconds: 10)
        #expect(prompts == 0)
        #expect(engine.state.useCount == 1)
    }

    @Test("Back after 30 minutes away is a use, with the active time, in one write; a quick Alt+Tab is not")
    func absence() {
        scheduler.launched()
        scheduler.windowActivityChanged(isActive: true)
        clock.advance(seconds: 5)
        #expect(prompts == 1)
        let writes = store.writes

        clock.advance(seconds: 40)
        scheduler.windowActivityChanged(isActive: false)
        clock.advance(seconds: 1799)
        scheduler.windowActivityChanged(isActive: true)
        #expect(engine.state.useCount == 1, "29 minutes 59 seconds away is not a use")
        #expect(store.writes == writes, "switching windows never waits for the disk")

        clock.advance(seconds: 20)
        scheduler.windowActivityChanged(isActive: false)
        clock.advance(seconds: 1800)
        scheduler.windowActivityChanged(isActive: true)
        #expect(engine.state.useCount == 2)
        #expect(engine.state.activeUsageSeconds == 5 + 40 + 20)
        #expect(store.writes == writes + 1)
        #expect(clock.pendingTimers == 1, "a prompt 2 seconds after the return at the earliest")
        #expect(scheduler.isPromptWaiting)
    }

    @Test("Active time is saved every 5 minutes of it, and at shutdown with the end of the session in one write")
    func activeTime() throws {
        try engine.reconfigure { $0.promptAtLaunch = false }  // no prompt's writes in between
        scheduler.launched()
        let writes = store.writes
        scheduler.windowActivityChanged(isActive: true)
        clock.advance(seconds: 299)
        scheduler.windowActivityChanged(isActive: false)
        #expect(store.writes == writes)
        scheduler.windowActivityChanged(isActive: true)
        clock.advance(seconds: 1)
        scheduler.windowActivityChanged(isActive: false)
        #expect(store.writes == writes + 1)
        #expect(engine.state.activeUsageSeconds == 300)

        scheduler.windowActivityChanged(isActive: true)
        clock.advance(seconds: 12.5)
        #expect(scheduler.shuttingDown())
        #expect(store.writes == writes + 2)
        #expect(engine.state.activeUsageSeconds == 312.5)
        #expect(engine.state.sessions.isEmpty, "the session ended cleanly")
    }

    @Test("Shutdown without a session or active time writes nothing")
    func quietShutdown() {
        #expect(scheduler.shuttingDown())
        #expect(store.writes == 0)
    }

    @Test("The outboxes are tried at launch and when the network comes back, never offline, never twice at once")
    func outboxes() async {
        scheduler.launched()
        scheduler.launched()
        await scheduler.deliveryRound?.value
        #expect(delivery.rounds == 1, "the second launch came while the first round was under way")

        scheduler.networkChanged(isAvailable: false)
        scheduler.launched()
        await scheduler.deliveryRound?.value
        #expect(delivery.rounds == 1, "offline: nothing is tried")

        scheduler.networkChanged(isAvailable: true)
        await scheduler.deliveryRound?.value
        #expect(delivery.rounds == 2)
        scheduler.networkChanged(isAvailable: true)
        await scheduler.deliveryRound?.value
        #expect(delivery.rounds == 2, "still up is not back")
    }
}

/// An in-memory store that counts its writes.
final class CountingStore: KeyValueStore {
    private let store = InMemoryStore()
    private let count = Mutex(0)

    /// How many atomic updates were made.
    var writes: Int { count.withLock { $0 } }

    func read() throws(StoreError) -> [String: String] { store.read() }

    @discardableResult
    func update(_ change: (inout [String: String]) -> Void) throws(StoreError) -> [String: String] {
        count.withLock { $0 += 1 }
        return store.update(change)
    }
}

/// Delivery whose feedback sender counts the rounds of retries it is asked for.
final class CountingDelivery: DeliveryServices, QueuedFeedbackSender {
    private let count = Mutex(0)

    /// How many rounds of delivery were asked for.
    var rounds: Int { count.withLock { $0 } }

    func feedbackSender(
        for configuration: Configuration, environment: [String: String], clock: any WallClock, logger: Logger
    ) -> (any QueuedFeedbackSender)? { self }

    func reviewPublisher(
        for configuration: Configuration, environment: [String: String], clock: any WallClock, logger: Logger
    ) -> (any ReviewPublishing)? { nil }

    func send(_ message: FeedbackMessage) async throws(FeedbackError) {}

    func deliverPending() async -> OutboxDelivery {
        count.withLock { $0 += 1 }
        return OutboxDelivery()
    }
}
