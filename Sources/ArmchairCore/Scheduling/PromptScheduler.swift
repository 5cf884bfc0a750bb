import Logging

/// Decides, from what happens to an app, when it was used, how long it was active, when to show
/// the rating prompt and when to try the waiting feedback and reviews again; without a toolkit.
///
/// A front-end (the GTK binding, or an app's own) only reports what happens:
///
/// ```swift
/// let scheduler = PromptScheduler(engine: engine, clock: myMainLoopClock)
/// scheduler.launched()                              // every launch, a re-launch too
/// scheduler.windowActivityChanged(isActive: true)   // one of the app's windows has the focus, or none has
/// scheduler.userInput(.pressed(.key(36)))           // a key, click, touch or scroll in the app's windows
/// scheduler.fullscreenChanged(isFullscreen: true)
/// scheduler.networkChanged(isAvailable: false)
/// scheduler.shuttingDown()
/// ```
///
/// - Each launch is a use. Coming back after ``Settings/absenceCountedAsUse`` (30 minutes) with
///   no window of the app active is a use; a quick Alt+Tab is not.
/// - Time with a window active adds to the active usage, saved with the next use, every
///   ``Settings/activeSecondsPerSave`` (5 minutes) of it, and at shutdown.
/// - An automatic prompt waits for a natural break, never interrupting a task: it comes at the
///   later of ``Settings/promptDelay`` (2 seconds) after a launch or a return, when
///   ``Configuration/promptAtLaunch`` is on, and ``Settings/quietTime`` (5 seconds) after the last
///   key, click, touch or scroll in the app's windows, or after one of them became active. It never
///   comes while a key or button is held down, a window of the app is fullscreen
///   (``Settings/promptsOverFullscreen``), the app says it is busy (``markBusy(_:)``), the screen
///   is locked (``screenLockChanged(isLocked:)``) or another modal dialog of the app is open
///   (``isOtherDialogOpen``). It waits, and is never lost: the decision says what it waits for
///   (``Decision/breakHolds``).
/// - A significant event that may prompt, and ``RatingEngine/showPromptIfNecessary(asksSatisfactionFirst:)``,
///   prompt at the next natural break too, not at once; a prompt the app asks for explicitly
///   (``RatingEngine/showPrompt(asksSatisfactionFirst:)``) is shown at once: the person asked.
/// - The prompt waits for one of the app's windows to be active and for the network
///   (``Settings/waitsForActiveWindow``, ``Settings/waitsForNetwork``). Inside a Flatpak sandbox
///   without network permission it does not wait for the network, which never comes there: the
///   review page opens in the host's software centre, and what needs the network waits in the
///   outbox.
/// - Feedback and reviews waiting in their outboxes are tried again at each launch and when the
///   network comes back, never two rounds at once.
/// - Each event writes the state at most once.
@MainActor
public final class PromptScheduler {
    /// The engine the scheduler counts into and prompts through.
    public let engine: RatingEngine
    /// When the scheduler counts and checks.
    public var settings: Settings {
        didSet { tryWaitingPrompt() }
    }
    /// Whether another modal dialog of the app is open now; the front-end answers it (the GTK
    /// binding looks at the app's windows). While it says yes, an automatic prompt waits, and the
    /// scheduler asks again every second.
    public var isOtherDialogOpen: (@MainActor () -> Bool)?

    private let clock: any SchedulerClock
    private var isWindowActive = false
    private var isNetworkAvailable: Bool
    /// Whether the app runs in a sandbox without network permission, where no network ever comes.
    private let hasNoNetworkPermission: Bool
    private var activeSince: Double?
    private var inactiveSince: Double?
    /// What the scheduler knows of the moment in the app.
    private var conditions = BreakConditions()
    /// The automatic prompt that waits for its moment, if one does.
    private var waiting: WaitingPrompt?
    /// The next timer that tries the waiting prompt again: its uptime and its number.
    private var nextWake: (at: Double, number: Int)?
    private var timersSet = 0
    private var nextBusyCookie: UInt32 = 1
    /// What the last log line about the waiting prompt said, so that each wait is logged once.
    private var loggedWait: String?
    /// Active seconds not handed to the engine yet.
    private var unsavedActiveSeconds: Double = 0
    /// The round of outbox delivery under way, if any.
    package private(set) var deliveryRound: Task<Void, Never>?

    /// An automatic prompt waiting for its moment.
    private struct WaitingPrompt {
        /// The uptime before which it may not come.
        var notBefore: Double
        /// Whether the app asked for it (a significant event), rather than a use
        /// (``Configuration/promptAtLaunch``).
        var isRequested: Bool
        var asksSatisfactionFirst: Bool?
        /// Whether the app asked for this prompt explicitly (``RatingEngine/showPromptWhenOnline(asksSatisfactionFirst:)``):
        /// the usage thresholds are not consulted when it comes, only the gates.
        var isExplicit = false
        /// The outcome promised to the calls that asked for it, when one did.
        var promise: OutcomePromise?
    }

    /// Creates a scheduler for `engine`; the engine's automatic prompts then wait for the natural
    /// breaks this scheduler finds.
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
        engine.naturalBreaks = self
    }

    // MARK: Events

    /// The app was launched, or a running single instance was launched again: a use, an automatic
    /// prompt at the next natural break after the delay, and a round of outbox delivery.
    public func launched() {
        engine.countLaunch()
        promptAfterUse()
        deliverPending()
    }

    /// A launch reported only as the app quits (a binding reports launches once the app's first
    /// frame is drawn, and this one's never came): the use is counted, with no prompt and no round
    /// of delivery, which the quitting app could not finish.
    public func launchedWhileQuitting() {
        engine.countLaunch()
    }

    /// One of the app's windows became active, or none is active any more.
    ///
    /// A window becoming active is the person arriving: an automatic prompt waits for the quiet
    /// time from then, as after a key. Whatever was held down is let go when no window is active,
    /// since its release goes to another app.
    ///
    /// - Parameter isActive: Whether any window of the app has the focus now.
    public func windowActivityChanged(isActive: Bool) {
        let now = clock.uptime
        isWindowActive = isActive
        if isActive, activeSince == nil {
            activeSince = now
            conditions.lastActivity = now
            if let inactiveSince, now - inactiveSince >= settings.absenceCountedAsUse {
                engine.countReturn(activeSeconds: takeUnsavedActiveSeconds())
                promptAfterUse()
            } else {
                tryWaitingPrompt()
            }
        } else if !isActive, let activeSince {
            unsavedActiveSeconds += now - activeSince
            if unsavedActiveSeconds >= settings.activeSecondsPerSave {
                engine.addActiveUsage(seconds: takeUnsavedActiveSeconds())
            }
            self.activeSince = nil
            inactiveSince = now
            conditions.held.removeAll()
        }
    }

    /// What a front-end that starts late saw before it started: since when one of the app's windows
    /// has been active (when one is, which ``windowActivityChanged(isActive:)`` said), and the
    /// last input. The active time counts from then, and the quiet time from the later of the two.
    package func catchUp(activeSince: Double?, lastInput: Double?) {
        if let activeSince, isWindowActive, let current = self.activeSince, activeSince < current {
            self.activeSince = activeSince
            conditions.lastActivity = activeSince
        }
        if let lastInput, isWindowActive {
            conditions.lastActivity = max(conditions.lastActivity ?? lastInput, lastInput)
        }
        tryWaitingPrompt()
    }

    /// Someone pressed or released a key, a pointer button or a finger, or scrolled, in one of the
    /// app's windows: an automatic prompt waits for the quiet time after it, and for everything
    /// held down to be released.
    public func userInput(_ input: UserInput) {
        conditions.record(input, at: clock.uptime)
        tryWaitingPrompt()
    }

    /// One of the app's windows went fullscreen, or none is any more: an automatic prompt waits
    /// while one is, unless ``Settings/promptsOverFullscreen`` is on.
    public func fullscreenChanged(isFullscreen: Bool) {
        conditions.isFullscreen = isFullscreen
        tryWaitingPrompt()
    }

    /// The screen was locked or the screensaver came on, or the person is back: an automatic
    /// prompt waits while the screen is locked, and comes at the next natural break after.
    public func screenLockChanged(isLocked: Bool) {
        conditions.isScreenLocked = isLocked
        tryWaitingPrompt()
    }

    /// The app is busy (exporting, recording, presenting): no automatic prompt comes until
    /// ``unmarkBusy(_:)`` is called with the cookie this returns. Calls add up, as
    /// `gtk_application_inhibit` does; an app that inhibits logging out or idling while it works
    /// should say so here too, since GTK cannot be asked.
    ///
    /// - Parameter reason: Why, in a few words, for the decision and the debug log.
    /// - Returns: The cookie for ``unmarkBusy(_:)``; never 0.
    public func markBusy(_ reason: String) -> UInt32 {
        let cookie = nextBusyCookie
        nextBusyCookie = nextBusyCookie == .max ? 1 : nextBusyCookie + 1
        conditions.busyReasons[cookie] = reason
        return cookie
    }

    /// Ends what ``markBusy(_:)`` began: the automatic prompt comes at the next natural break once
    /// the app is busy for no other reason. An unknown cookie is ignored with a warning.
    public func unmarkBusy(_ cookie: UInt32) {
        guard conditions.busyReasons.removeValue(forKey: cookie) != nil else {
            engine.logger.warning("Ignoring unmarkBusy(\(cookie)): no busy mark has that cookie (ended twice?).")
            return
        }
        tryWaitingPrompt()
    }

    /// The network went down or came back: a waiting prompt may come, and the outboxes are
    /// tried again when it came back.
    public func networkChanged(isAvailable: Bool) {
        let cameBack = isAvailable && !isNetworkAvailable
        isNetworkAvailable = isAvailable
        tryWaitingPrompt()
        if cameBack { deliverPending() }
    }

    /// The app is quitting cleanly: the active time and the end of the session in one write, and
    /// anything unsaved saved. A prompt still waiting for a break will not come.
    ///
    /// - Returns: Whether everything is saved.
    @discardableResult
    public func shuttingDown() -> Bool {
        stopWaiting()
        if let activeSince {
            unsavedActiveSeconds += clock.uptime - activeSince
            self.activeSince = nil
        }
        return engine.quit(activeSeconds: takeUnsavedActiveSeconds())
    }

    /// The front-end stops (its application went): a prompt still waiting will not come, and the
    /// engine's automatic prompts no longer wait for this scheduler.
    package func stopWaiting() {
        if let promise = waiting?.promise { promise.fulfil(.notShown(.noPresenter)) }
        waiting = nil
        if engine.naturalBreaks === self { engine.naturalBreaks = nil }
    }

    // MARK: The natural break

    /// What holds an automatic prompt back now; empty at a natural break.
    public var breakHolds: [BreakHold] {
        conditions.holds(
            at: clock.uptime, quietTime: settings.quietTime, overFullscreen: settings.promptsOverFullscreen,
            otherDialogOpen: isOtherDialogOpen?() ?? false)
    }

    /// Whether an automatic prompt waits for its moment: the delay after a launch, an active
    /// window, the network or a natural break.
    public var isPromptWaiting: Bool { waiting != nil }

    /// The engine's automatic prompt, allowed by the rules now: it comes at the next natural
    /// break.
    ///
    /// - Parameter reportsOutcome: Whether the caller gets a task of the outcome.
    /// - Returns: A task that ends with the prompt's outcome once it has come and gone, or with
    ///   ``PromptOutcome/notShown(_:)`` when it cannot come after all (the rules changed in
    ///   between; the app quit first). `nil` when the caller asked for none.
    func promptAtNextBreak(asksSatisfactionFirst: Bool?, reportsOutcome: Bool) -> Task<PromptOutcome, Never>? {
        var prompt = waiting ?? WaitingPrompt(notBefore: clock.uptime, isRequested: true)
        prompt.isRequested = true
        prompt.asksSatisfactionFirst = asksSatisfactionFirst ?? prompt.asksSatisfactionFirst
        if reportsOutcome, prompt.promise == nil { prompt.promise = OutcomePromise() }
        waiting = prompt
        engine.logger.debug("The rating prompt will come at the next natural break in the app.")
        wake(at: clock.uptime)
        return reportsOutcome ? prompt.promise?.task() : nil
    }

    /// The app's explicit prompt that waits for the network (iRate's `promptIfNetworkAvailable`):
    /// at once when the network is up, or when the binding does not wait for it; otherwise once
    /// it comes back, and then at a natural break, since it no longer comes at the moment the
    /// app chose.
    ///
    /// - Returns: A task that ends with the prompt's outcome, or `nil` when it was not shown now
    ///   and cannot wait (see ``RatingEngine/showPrompt(asksSatisfactionFirst:)``).
    /// Whether a prompt the app asked for waits for the network now.
    var holdsPromptForNetwork: Bool { waiting?.isExplicit == true && !isNetworkAvailable }

    func promptWhenOnline(asksSatisfactionFirst: Bool?) -> Task<PromptOutcome, Never>? {
        guard !isNetworkAvailable, settings.waitsForNetwork, !hasNoNetworkPermission else {
            return engine.showPrompt(asksSatisfactionFirst: asksSatisfactionFirst)
        }
        var prompt = waiting ?? WaitingPrompt(notBefore: clock.uptime, isRequested: true)
        prompt.isRequested = true
        prompt.isExplicit = true
        prompt.asksSatisfactionFirst = asksSatisfactionFirst ?? prompt.asksSatisfactionFirst
        if prompt.promise == nil { prompt.promise = OutcomePromise() }
        waiting = prompt
        engine.logger.info("The rating prompt the app asked for waits for the network.")
        return prompt.promise?.task()
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

    /// A use happened: the automatic prompt after it waits for the delay, then for a natural
    /// break, when the engine prompts after uses.
    private func promptAfterUse() {
        guard engine.promptsAfterUse else { return }
        let notBefore = clock.uptime + settings.promptDelay
        if var waiting {
            waiting.notBefore = max(waiting.notBefore, notBefore)
            self.waiting = waiting
        } else {
            waiting = WaitingPrompt(notBefore: notBefore, isRequested: false)
        }
        wake(at: notBefore)
    }

    /// Sets a timer that tries the waiting prompt at `uptime`, unless one is set before then.
    private func wake(at uptime: Double) {
        if let nextWake, nextWake.at <= uptime, nextWake.at >= clock.uptime { return }
        timersSet += 1
        let number = timersSet
        nextWake = (uptime, number)
        clock.after(max(0, uptime - clock.uptime)) { [self] in
            if nextWake?.number == number { nextWake = nil }
            tryWaitingPrompt()
        }
    }

    /// Shows the waiting prompt if this is its moment; otherwise keeps it waiting, with a timer
    /// for what passes with time.
    private func tryWaitingPrompt() {
        guard let prompt = waiting else { return }
        let now = clock.uptime
        guard now >= prompt.notBefore else { return wake(at: prompt.notBefore) }
        guard prompt.isRequested || engine.promptsAfterUse else {
            waiting = nil
            return
        }
        guard isWindowActive || !settings.waitsForActiveWindow else {
            return logWait("one of the app's windows to be active")
        }
        guard isNetworkAvailable || !settings.waitsForNetwork || hasNoNetworkPermission else {
            return logWait("the network")
        }
        let holds = breakHolds
        guard holds.isEmpty else {
            logWait("a natural break: " + holds.map(\.description).joined(separator: "; "))
            if let quiet = conditions.endOfActivity(at: now, quietTime: settings.quietTime) { wake(at: quiet) }
            if holds.contains(.otherDialog) { wake(at: now + 1) }
            return
        }
        waiting = nil
        loggedWait = nil
        if !isNetworkAvailable && settings.waitsForNetwork {
            engine.logger.debug(
                "Prompting without the network: the Flatpak sandbox has no network permission, so none will come.")
        }
        let task =
            prompt.isExplicit
            ? engine.showPromptAfterWaiting(asksSatisfactionFirst: prompt.asksSatisfactionFirst)
            : engine.showPromptAtBreak(asksSatisfactionFirst: prompt.asksSatisfactionFirst)
        prompt.promise?.fulfil(after: task, orElse: .notShown(engine.lastSkipReason ?? .noPresenter))
    }

    /// Logs once what the waiting prompt waits for.
    private func logWait(_ what: String) {
        guard loggedWait != what else { return }
        loggedWait = what
        engine.logger.debug("The rating prompt waits for \(what).")
    }
}
