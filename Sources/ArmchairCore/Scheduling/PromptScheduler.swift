import Logging

/// Decides, from what happens to an app, when it was used, how long it was active, when to check
/// the rating prompt and when to try the waiting feedback and reviews again; without a toolkit.
///
/// A front-end (the GTK binding, or an app's own) only reports what happens:
///
/// ```swift
/// let scheduler = PromptScheduler(engine: engine, clock: myMainLoopClock)
/// scheduler.launched()                              // every launch, a re-launch too
/// scheduler.windowActivityChanged(isActive: true)   // one of the app's windows has the focus, or none has
/// scheduler.networkChanged(isAvailable: false)
/// scheduler.shuttingDown()
/// ```
///
/// - Each launch is a use. Coming back after ``Settings/absenceCountedAsUse`` (30 minutes) with
///   no window of the app active is a use; a quick Alt+Tab is not.
/// - Time with a window active adds to the active usage, saved with the next use, every
///   ``Settings/activeSecondsPerSave`` (5 minutes) of it, and at shutdown.
/// - The prompt is checked ``Settings/promptDelay`` (2 seconds) after a launch or a return,
///   when ``Configuration/promptAtLaunch`` is on, only while a window is active and the network is
///   up; otherwise it waits for both (``Settings/waitsForActiveWindow``, ``Settings/waitsForNetwork``).
///   Inside a Flatpak sandbox without network permission it does not wait for the network, which
///   never comes there: the review page opens in the host's software centre, and what needs the
///   network waits in the outbox.
/// - Feedback and reviews waiting in their outboxes are tried again at each launch and when the
///   network comes back, never two rounds at once.
/// - Each event writes the state at most once.
@MainActor
public final class PromptScheduler {
    /// When the scheduler counts and checks.
    public struct Settings: Sendable {
        /// Seconds after a launch or a return before the prompt is checked, so it never covers the
        /// app's start-up. Default 2.
        public var promptDelay: Double = 2
        /// Seconds with no window of the app active after which coming back counts as a use.
        /// Default 1800.
        public var absenceCountedAsUse: Double = 1800
        /// Seconds of active use kept in memory before they are saved. Default 300, so that
        /// switching windows never waits for the disk.
        public var activeSecondsPerSave: Double = 300
        /// Whether the prompt waits for the network. Default true; never inside a Flatpak sandbox
        /// without network permission, where the network never comes.
        public var waitsForNetwork = true
        /// Whether the prompt waits for one of the app's windows to be active. Default true. Set it
        /// to false for an app without a main window (a tray or background app), whose prompt
        /// then appears on its own (iRate's `onlyPromptIfMainWindowIsAvailable = NO`).
        public var waitsForActiveWindow = true

        /// The defaults.
        public init() {}
    }

    /// The engine the scheduler counts into and prompts through.
    public let engine: RatingEngine
    /// When the scheduler counts and checks.
    public var settings: Settings

    private let clock: any SchedulerClock
    private var isWindowActive = false
    private var isNetworkAvailable: Bool
    /// Whether the app runs in a sandbox without network permission, where no network ever comes.
    private let hasNoNetworkPermission: Bool
    private var activeSince: Double?
    private var inactiveSince: Double?
    /// Whether a due prompt check waits for an active window or the network.
    private var isCheckWaiting = false
    /// Active seconds not handed to the engine yet.
    private var unsavedActiveSeconds: Double = 0
    /// The round of outbox delivery under way, if any.
    package private(set) var deliveryRound: Task<Void, Never>?

    /// Creates a scheduler for `engine`.
    ///
    /// - Parameters:
    ///   - engine: The engine to count into and prompt through.
    ///   - settings: When to count and check.
    ///   - clock: Elapsed time and timers, on the main loop.
    ///   - isNetworkAvailable: Whether the network is up now.
    public convenience init(
        engine: RatingEngine, settings: Settings = Settings(), clock: any SchedulerClock,
        isNetworkAvailable: Bool = true
    ) {
        self.init(
            engine: engine, settings: settings, clock: clock, isNetworkAvailable: isNetworkAvailable,
            sandbox: FlatpakSandbox.current)
    }

    /// Creates a scheduler for `engine` in `sandbox` (`nil`: none).
    package init(
        engine: RatingEngine, settings: Settings, clock: any SchedulerClock, isNetworkAvailable: Bool,
        sandbox: FlatpakSandbox?
    ) {
        self.engine = engine
        self.settings = settings
        self.clock = clock
        self.isNetworkAvailable = isNetworkAvailable
        hasNoNetworkPermission = sandbox.map { !$0.hasNetwork } ?? false
    }

    // MARK: Events

    /// The app was launched, or a running single instance was launched again: a use, a prompt
    /// check after the delay, and a round of outbox delivery.
    public func launched() {
        engine.countLaunch()
        checkPrompt(after: settings.promptDelay)
        deliverPending()
    }

    /// A launch reported only as the app quits (a binding reports launches once the app's first
    /// frame is drawn, and this one's never came): the use is counted, with no prompt check and
    /// no round of delivery, which the quitting app could not finish.
    public func launchedWhileQuitting() {
        engine.countLaunch()
    }

    /// One of the app's windows became active, or none is active any more.
    ///
    /// - Parameter isActive: Whether any window of the app has the focus now.
    public func windowActivityChanged(isActive: Bool) {
        let now = clock.uptime
        isWindowActive = isActive
        if isActive, activeSince == nil {
            activeSince = now
            if let inactiveSince, now - inactiveSince >= settings.absenceCountedAsUse {
                engine.countReturn(activeSeconds: takeUnsavedActiveSeconds())
                checkPrompt(after: settings.promptDelay)
            } else if isCheckWaiting {
                checkPromptNow()
            }
        } else if !isActive, let activeSince {
            unsavedActiveSeconds += now - activeSince
            if unsavedActiveSeconds >= settings.activeSecondsPerSave {
                engine.addActiveUsage(seconds: takeUnsavedActiveSeconds())
            }
            self.activeSince = nil
            inactiveSince = now
        }
    }

    /// The network went down or came back: a waiting prompt check runs, and the outboxes are
    /// tried again when it came back.
    public func networkChanged(isAvailable: Bool) {
        let cameBack = isAvailable && !isNetworkAvailable
        isNetworkAvailable = isAvailable
        if isAvailable && isCheckWaiting { checkPromptNow() }
        if cameBack { deliverPending() }
    }

    /// The app is quitting cleanly: the active time and the end of the session in one write, and
    /// anything unsaved saved.
    ///
    /// - Returns: Whether everything is saved.
    @discardableResult
    public func shuttingDown() -> Bool {
        if let activeSince {
            unsavedActiveSeconds += clock.uptime - activeSince
            self.activeSince = nil
        }
        return engine.quit(activeSeconds: takeUnsavedActiveSeconds())
    }

    // MARK: Private

    private func takeUnsavedActiveSeconds() -> Double {
        defer { unsavedActiveSeconds = 0 }
        return unsavedActiveSeconds
    }

    /// Tries the feedback and reviews waiting in their outboxes again, without holding up the
    /// main loop.
    private func deliverPending() {
        guard isNetworkAvailable, deliveryRound == nil else { return }
        deliveryRound = Task { [self] in
            await engine.deliverPendingFeedback()
            await engine.deliverPendingReviews()
            deliveryRound = nil
        }
    }

    /// Checks the prompt after `delay` seconds.
    private func checkPrompt(after delay: Double) {
        clock.after(delay) { [self] in checkPromptNow() }
    }

    /// Checks the prompt now if a window is active and the network is up; otherwise waits for them.
    private func checkPromptNow() {
        guard engine.promptsAfterUse else { return }
        guard isWindowActive || !settings.waitsForActiveWindow else {
            isCheckWaiting = true
            engine.logger.debug("Waiting for one of the app's windows to be active before checking the rating prompt.")
            return
        }
        guard isNetworkAvailable || !settings.waitsForNetwork || hasNoNetworkPermission else {
            isCheckWaiting = true
            engine.logger.debug("Waiting for the network before checking the rating prompt.")
            return
        }
        if !isNetworkAvailable && settings.waitsForNetwork {
            engine.logger.debug(
                "Checking the rating prompt without the network: the Flatpak sandbox has no network permission, so none will come."
            )
        }
        isCheckWaiting = false
        engine.showPromptIfNecessary()
    }
}
