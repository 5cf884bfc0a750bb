public import Logging

import struct FoundationEssentials.Date

/// Decides when to ask a satisfied, regular user for a rating, asks through a presenter, and
/// remembers the answer.
///
/// Create one per app, tell it about uses and significant events, and it prompts when the rules
/// allow (with `import Armchair`; an app built on ArmchairCore alone passes `delivery: nil`):
///
/// ```swift
/// let engine = try RatingEngine(configuration: Configuration(appID: "org.example.Notes", appVersion: "2.4.1"),
///                               presenter: myPresenter)
/// engine.appLaunched()                          // a use; may prompt when promptAtLaunch is on
/// engine.significantEvent("export")
/// ```
///
/// Every change goes through the one store it was given, atomically, so two running instances of
/// an app add up their counts. The rules are ``PromptRules``, a pure function; ``decision()``
/// shows what they say and why.
@MainActor
public final class RatingEngine {
    /// The validated configuration, with debug mode on when `ARMCHAIR_DEBUG` asks for it
    /// (see `DebugSwitch`). Change it while the app runs with ``reconfigure(_:)``.
    public internal(set) var configuration: Configuration {
        didSet { tracked.configuration = configuration }
    }
    /// Shows the prompt and opens the review page; without one, nothing is shown.
    public var presenter: (any RatingPresenter)?
    /// Opens the review page when there is no presenter: the C library's engines made without a
    /// toolkit open it through GIO, the desktop's handler for the address. Without either, the
    /// page cannot open (``Callbacks/couldNotOpenStore``).
    package var openerWithoutPresenter: (@MainActor (String) async throws(OpenURIError) -> Void)?
    /// The app's callbacks.
    public var callbacks = Callbacks()
    /// Delivers feedback from the satisfaction flow. Default: email to
    /// ``Configuration/feedbackEmail`` through the user's mail client, if set.
    public var feedbackSender: (any FeedbackSender)?

    /// The app's own sender when there is one now, asked each time feedback may be sent: how
    /// libarmchair's `deliver-feedback` signal delivers through the app while a handler is
    /// connected. After ``feedbackSender``, before the configured ones.
    package var appFeedbackSender: (@MainActor () -> (any FeedbackSender)?)?

    /// Wraps the presenter for each prompt: how libarmchair's `present-step` signal lets the app
    /// show a step with its own UI, as a Swift app's ``ForwardingPresenter`` does.
    package var presenterWrapper: (@MainActor (any RatingPresenter) -> any RatingPresenter)?

    /// The presenter of the prompt on screen, wrapped; `nil` when none is.
    var promptPresenter: (any RatingPresenter)?
    /// Publishes reviews from the in-app review form. Set when ``Configuration/inAppReviews`` is
    /// on and the computer has a machine ID; `nil` otherwise, and then "Rate" opens the software
    /// centre. An app may set its own (another outbox, a test server).
    public var reviewPublisher: (any ReviewPublishing)? {
        didSet { hasOwnReviewPublisher = true }
    }
    /// Where "Rate" leads.
    public internal(set) var destination: ReviewDestination
    /// The store every change goes through.
    public let store: any KeyValueStore
    /// The desktop's settings and prompt record, which the engine takes part in when it uses the
    /// default store; `nil` with a store of the app's own. The population tool gives the engines
    /// of one simulated person, each on an in-memory store, a shared one.
    package var desktop: DesktopAccess?

    /// Where decisions and warnings go; the bindings log theirs here too.
    package let logger: Logger
    let clock: any WallClock
    let environment: [String: String]
    /// Makes the senders that use the network; `nil` sends nothing over it.
    let delivery: (any DeliveryServices)?
    /// Feedback to ``Configuration/feedbackEndpoint`` through the outbox, when it is set.
    var endpointSender: (any QueuedFeedbackSender)?
    /// Whether the app set ``reviewPublisher`` itself, so that ``reconfigure(_:)`` keeps it.
    var hasOwnReviewPublisher = false
    /// The configuration the state keeper tracks versions with, which ``reconfigure(_:)`` changes.
    let tracked: TrackedConfiguration
    let keeper: StateKeeper
    /// Whether a prompt is on screen now (or being decided), so that only one shows at a time.
    var isPromptInProgress = false
    /// This process, as recorded in the state's sessions and prompt hold.
    let process = ProcessIdentity.current
    /// Whether the processes recorded in the state still run, in this PID namespace or another.
    let runningProcesses: RunningProcesses
    /// The scheduler whose natural breaks the automatic prompts wait for, while one is attached.
    weak var naturalBreaks: PromptScheduler?
    /// Why the last prompt that was asked for did not show.
    var lastSkipReason: PromptSkipReason?
    /// Whether this process's session has been recorded.
    private var hasStartedSession = false
    /// Whether the session before this one ended without quitting cleanly.
    private(set) var previousSessionCrashed = false
    private var announcedUpdates: Set<String> = []

    /// Creates an engine.
    ///
    /// Nothing is read or written until the first call that needs the state.
    ///
    /// - Parameters:
    ///   - configuration: The settings; checked with ``Configuration/validate()``.
    ///   - store: Where the state is kept. Default: a ``KeyFileStore`` under `$XDG_STATE_HOME`, or
    ///     the ``Configuration/syncedFolder``; then the engine also keeps the desktop's rules
    ///     (``DesktopPolicy``): the person's and administrator's switch, and the quiet period
    ///     between apps' prompts. An engine given a store of the app's own keeps only its own.
    ///   - presenter: Shows the prompt. Default: none, so nothing is shown.
    ///   - clock: The current time. Default: the system clock.
    ///   - environment: The environment for the review destination (`SNAP_NAME`), the default
    ///     store (XDG variables) and `ARMCHAIR_DEBUG`. Default: this process's.
    ///   - logger: Where decisions (debug level; notice level in debug mode) and recovered errors
    ///     (warning level) go.
    ///   - delivery: Makes the feedback sender and review publisher that use the network;
    ///     `nil` sends nothing over it. The `Armchair` product's initializer without this
    ///     parameter passes ArmchairDelivery's `NetworkDelivery`.
    /// - Throws: ``ConfigurationError`` when the configuration is not usable.
    public init(
        configuration: Configuration,
        store: (any KeyValueStore)? = nil,
        presenter: (any RatingPresenter)? = nil,
        clock: any WallClock = SystemWallClock(),
        environment: [String: String]? = nil,
        logger: Logger = Logger(label: "armchair"),
        delivery: (any DeliveryServices)?
    ) throws(ConfigurationError) {
        try configuration.validate()
        let environment = environment ?? ProcessEnvironment.current
        Self.adoptTranslations(of: configuration, environment: environment, logger: logger)
        let configuration = DebugSwitch.apply(to: configuration, environment: environment, logger: logger)
        self.desktop =
            store == nil
            ? DesktopAccess(environment: environment, sandbox: FlatpakSandbox.current, logger: logger) : nil
        let store = store ?? Self.defaultStore(for: configuration, environment: environment, logger: logger)
        self.configuration = configuration
        self.store = store
        self.runningProcesses = RunningProcesses(
            stateFile: (store as? KeyFileStore)?.path
                ?? StateDirectory.stateFilePath(
                    appID: configuration.appID, environment: environment,
                    homeDirectory: FileSystem.homeDirectoryFromUserDatabase()))
        self.presenter = presenter
        self.clock = clock
        self.logger = logger
        self.environment = environment
        self.destination = ReviewDestination.resolve(configuration, environment: environment)
        self.delivery = delivery
        self.endpointSender = delivery?.feedbackSender(
            for: configuration, environment: environment, clock: clock, logger: logger)
        self.reviewPublisher = delivery?.reviewPublisher(
            for: configuration, environment: environment, clock: clock, logger: logger)
        let tracked = TrackedConfiguration(configuration)
        self.tracked = tracked
        self.keeper = StateKeeper(
            store: store, codec: StateCodec(configuration: configuration), logger: logger,
            repair: { state in
                let corrected = state.correctDatesInTheFuture(now: clock.now)
                guard !corrected.isEmpty else { return }
                logger.warning(
                    "The rating state recorded \(corrected.map(\.rawValue).joined(separator: ", ")) more than a day ahead of the clock, which was wrong then or is now; counting from now instead."
                )
            },
            prepare: { state in
                let previous = state.trackedVersion
                guard tracked.startTracking(&state, now: clock.now), let previous,
                    let current = state.trackedVersion
                else { return nil }
                return AppUpdate(previous: previous, current: current)
            })
    }

    // MARK: Reading

    /// The user's state for the running version, read from the store (which other processes of
    /// the app may have changed) plus any changes not saved yet.
    public var state: RatingState {
        keeper.refresh()
        return keeper.state
    }

    /// What the rules say now, with every criterion, on the state read from the store.
    ///
    /// With a ``PromptScheduler`` attached (the GTK binding), it also says what holds an automatic
    /// prompt back until the next natural break (``Decision/breakHolds``), and whether one waits.
    public func decision() -> Decision {
        keeper.refresh()
        var decision = evaluate()
        if let naturalBreaks {
            decision.breakHolds = naturalBreaks.breakHolds
            decision.isPromptWaiting = naturalBreaks.isPromptWaiting
        }
        return decision
    }

    /// The rules on the last known state, with what this process knows about its session.
    ///
    /// - Parameter consultsDesktop: Whether the desktop's settings and record take part; without
    ///   them the decision costs no file access, for a first look at whether a prompt is near.
    func evaluate(consultsDesktop: Bool = true) -> Decision {
        let now = clock.now
        let state = keeper.state
        let context = SessionContext(
            previousSessionCrashed: previousSessionCrashed,
            promptShownElsewhere: state.isPromptHeld(
                byOtherThan: process, at: now, isRunning: runningProcesses.isRunning, heldHere: isPromptInProgress),
            desktop: consultsDesktop ? desktopContext() : nil)
        return PromptRules.evaluate(configuration, state, now: now, session: context)
    }

    /// Whether some changes could not be saved yet (full or read-only disk); they are kept in
    /// memory and saved with the next change or ``flush()``.
    public var hasUnsavedChanges: Bool { keeper.hasUnsavedChanges }

    /// Saves any changes the store refused earlier; call it as the app shuts down.
    ///
    /// - Returns: Whether everything is saved.
    @discardableResult
    public func flush() -> Bool { keeper.flush() }

    // MARK: Counting

    /// The app was launched: counts a use, and prompts if ``Configuration/promptAtLaunch`` is on
    /// and the rules allow.
    ///
    /// The first call in a process also starts its session: a previous session that never reached
    /// ``appWillQuit()`` means the app crashed, and this launch stays free of prompts
    /// (``Configuration/skipsPromptAfterCrash``). Another instance that is still running is not a
    /// crash.
    ///
    /// - Returns: The prompting task, if one was started.
    @discardableResult
    public func appLaunched() -> Task<PromptOutcome, Never>? {
        countLaunch()
        return promptAfterUse()
    }

    /// Counts a launch as a use; the first in a process also starts its session, in the same write.
    func countLaunch() {
        guard !hasStartedSession else {
            change { $0.recordUse() }
            return
        }
        hasStartedSession = true
        let (process, now, running) = (process, clock.now, runningProcesses)
        running.markThisProcess()
        previousSessionCrashed = change { state in
            let crashed = state.startSession(of: process, at: now, isRunning: running.isRunning)
            state.recordUse()
            return crashed
        }
        if previousSessionCrashed {
            logger.notice(
                "The previous session of the app ended without quitting cleanly; no rating prompt in this launch.")
        }
    }

    /// Whether the prompt is checked after a use (a launch, a return): ``Configuration/promptAtLaunch``.
    var promptsAfterUse: Bool { configuration.promptAtLaunch }

    /// The prompt after a use, when the engine prompts after one and the rules allow.
    func promptAfterUse() -> Task<PromptOutcome, Never>? {
        promptsAfterUse ? promptIfAllowed() : nil
    }

    /// ``appLaunched()`` (or, `isReturn`, ``appEnteredForeground()``) for a caller with no use for
    /// a task of the prompt's outcome: the C library, whose signals report the answer.
    package func countUse(isReturn: Bool) {
        if isReturn { countReturn() } else { countLaunch() }
        if promptsAfterUse { _ = startPromptIfAllowed(reportsOutcome: false) }
    }

    /// The app is quitting cleanly: ends this process's session and saves what is unsaved.
    ///
    /// Call it from the app's shutdown; a session that never gets here counts as a crash at the
    /// next launch. The GTK lifecycle binding calls it for you.
    ///
    /// - Returns: Whether everything is saved.
    @discardableResult
    public func appWillQuit() -> Bool {
        quit(activeSeconds: 0)
    }

    /// Ends this process's session together with `activeSeconds` of active usage not recorded
    /// yet, in one write, and saves what is unsaved.
    func quit(activeSeconds: Double) -> Bool {
        let activeSeconds = usableActiveSeconds(activeSeconds)
        if hasStartedSession || activeSeconds > 0 {
            let (process, endsSession) = (process, hasStartedSession)
            change { state in
                if activeSeconds > 0 { state.recordActiveUsage(seconds: activeSeconds) }
                if endsSession { state.endSession(of: process) }
            }
            hasStartedSession = false
            if endsSession { runningProcesses.unmarkThisProcess() }
        }
        return flush()
    }

    /// The user came back to the app: counts a use unless ``Callbacks/shouldIncrementUseCount``
    /// says no, and prompts like ``appLaunched()``.
    @discardableResult
    public func appEnteredForeground() -> Task<PromptOutcome, Never>? {
        countReturn()
        return promptAfterUse()
    }

    /// Counts a return as a use, unless ``Callbacks/shouldIncrementUseCount`` says no, together
    /// with `activeSeconds` of active usage not recorded yet: one write.
    func countReturn(activeSeconds: Double = 0) {
        let countsUse = callbacks.shouldIncrementUseCount?() ?? true
        let activeSeconds = usableActiveSeconds(activeSeconds)
        guard countsUse || activeSeconds > 0 else { return }
        change { state in
            if activeSeconds > 0 { state.recordActiveUsage(seconds: activeSeconds) }
            if countsUse { state.recordUse() }
        }
    }

    /// Adds time during which one of the app's windows was active.
    ///
    /// - Parameter seconds: A finite, positive duration; anything else is ignored with a warning.
    public func addActiveUsage(seconds: Double) {
        let seconds = usableActiveSeconds(seconds)
        guard seconds > 0 else { return }
        change { $0.recordActiveUsage(seconds: seconds) }
    }

    /// `seconds` when finite and positive; else 0, with a warning unless it is 0.
    private func usableActiveSeconds(_ seconds: Double) -> Double {
        guard seconds.isFinite, seconds > 0 else {
            if seconds != 0 {
                logger.warning(
                    "Ignoring an active-usage duration of \(seconds) seconds; it must be finite and positive.")
            }
            return 0
        }
        return seconds
    }

    /// The user did something that shows the app is valuable to them: exported a file, finished a
    /// level. Counted in the total for ``Configuration/significantEventsUntilPrompt`` and, when it
    /// has a name, by name for ``Configuration/eventScenarios``.
    ///
    /// ```swift
    /// engine.significantEvent("export")
    /// engine.significantEvent("export", mayPrompt: false)   // in the middle of a task: count only
    /// ```
    ///
    /// - Parameters:
    ///   - name: Letters, digits, `_`, `-` and `.`, at most 64; another name is ignored with an
    ///     error. Default: none, counted in the total only.
    ///   - weight: How much the event counts, from 1 to 1000. Default: the name's weight in
    ///     ``Configuration/eventWeights``, else 1.
    ///   - mayPrompt: Whether the prompt may appear if the rules allow; pass false in the
    ///     middle of a task, and a later event or launch prompts instead. With a GTK binding (a
    ///     ``PromptScheduler``), the prompt comes at the next natural break after the event, not
    ///     at once: a few seconds after the last key, click or scroll.
    /// - Returns: The prompting task, if one was started; with a scheduler, it waits for the
    ///   natural break first (``PromptScheduler/isPromptWaiting`` says that it waits).
    @discardableResult
    public func significantEvent(
        _ name: String? = nil, weight: Int? = nil, mayPrompt: Bool = true
    ) -> Task<PromptOutcome, Never>? {
        guard recordSignificantEvent(name, weight: weight), mayPrompt else { return nil }
        return promptIfAllowed()
    }

    /// ``significantEvent(_:weight:mayPrompt:)`` for a caller with no use for a task of the
    /// prompt's outcome: the C library, whose signals report the answer.
    package func countSignificantEvent(_ name: String?, weight: Int?, mayPrompt: Bool) {
        guard recordSignificantEvent(name, weight: weight), mayPrompt else { return }
        _ = startPromptIfAllowed(reportsOutcome: false)
    }

    /// Records a significant event; an unusable name or weight is ignored with an error.
    ///
    /// - Returns: Whether it was recorded.
    private func recordSignificantEvent(_ name: String?, weight: Int?) -> Bool {
        let weight = weight ?? name.flatMap { configuration.eventWeights[$0] } ?? 1
        if let name, let problem = EventName.problem(with: name) {
            logger.error("Ignoring a significant event: \(problem).")
            return false
        }
        guard (1...EventName.maximumWeight).contains(weight) else {
            logger.error(
                "Ignoring the significant event\(name.map { " \"\($0)\"" } ?? ""): its weight \(weight) must be from 1 to \(EventName.maximumWeight)."
            )
            return false
        }
        change { $0.recordEvent(named: name, weight: weight) }
        return true
    }

    // MARK: Resetting

    /// Starts this version's usage counters again (first use, uses, events, active usage); answers
    /// and the prompt history stay.
    public func resetUsageCounters() {
        let now = clock.now
        change { $0.resetUsage(now: now) }
    }

    /// Forgets everything recorded for this app, answers and prompt history included, through the
    /// same store as every other change. The app's token in the desktop's prompt record stays, so
    /// that the record still knows its earlier prompts.
    public func resetAllCounters() {
        let now = clock.now
        let version = configuration.appVersion
        change { state in
            state = RatingState(desktopToken: state.desktopToken)
            state.firstUseDate = now
            state.trackedVersion = version
        }
    }

    // MARK: Internals

    /// Applies a change to the state in one locked write, and announces a detected update once.
    ///
    /// - Returns: What `change` returned on the state it was saved with.
    @discardableResult
    func change<Result>(_ change: @escaping (inout RatingState) -> Result) -> Result {
        let (result, update) = keeper.apply(change)
        if let update { announce(update) }
        return result
    }

    /// Tells the log and ``Callbacks/didDetectAppUpdate`` about `update`, once per version.
    private func announce(_ update: AppUpdate) {
        guard announcedUpdates.insert(update.current).inserted else { return }
        let counts =
            switch configuration.updatePolicy {
            case .resetCounters: "the usage counts start again"
            case .keepCounters: "the usage counts carry over"
            }
        logger.info(
            "Detected an update from \(update.previous) to \(update.current); its answers start again, \(counts).")
        callbacks.didDetectAppUpdate?(update)
    }
}
