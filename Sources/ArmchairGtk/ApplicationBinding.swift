public import Armchair
import CGtk
public import Logging

/// Binds Armchair to a `GtkApplication`: counting, prompting at a good moment, and saving at exit.
///
/// One call sets everything up:
///
/// ```swift
/// let rating = try ApplicationBinding.attach(
///     to: application, configuration: Configuration(appID: "org.example.Notes", appVersion: "2.4.1"))
/// ```
///
/// - Each `activate` (every launch, including a re-launch of a running single instance) is a use.
/// - A window becoming active after the app was in the background for
///   ``Settings/absenceCountedAsUse`` (30 minutes) is a use; a quick Alt+Tab is not.
/// - Time with one of the app's windows active adds to the active usage.
/// - `shutdown` ends the session cleanly and saves what is unsaved.
/// - Feedback and reviews waiting in an outbox (`Configuration.feedbackEndpoint`,
///   `Configuration.inAppReviews`) are tried again at each launch and when the network comes back.
/// - The prompt is checked ``Settings/promptDelay`` seconds after a launch or a return, only while
///   one of the app's windows is active and the network is available; otherwise it waits for both
///   (``Settings/waitsForActiveWindow`` and ``Settings/waitsForNetwork`` turn either off).
@MainActor
public final class ApplicationBinding {
    /// When the binding counts and checks.
    public struct Settings: Sendable {
        /// Seconds after a launch or a return before the prompt is checked, so it never covers the
        /// app's start-up. Default 2.
        public var promptDelay: Double = 2
        /// Seconds in the background after which coming back counts as a use. Default 1800.
        public var absenceCountedAsUse: Double = 1800
        /// Whether the prompt waits for the network (GNetworkMonitor). Default true.
        public var waitsForNetwork = true
        /// Whether the prompt waits for one of the app's windows to be active. Default true. Set it
        /// to false for an app without a main window (a tray or background app), whose prompt
        /// then appears on its own (iRate's `onlyPromptIfMainWindowIsAvailable = NO`).
        public var waitsForActiveWindow = true

        /// The defaults.
        public init() {}
    }

    /// The engine, for significant events and explicit prompts.
    public let engine: RatingEngine
    /// The GTK presenter, whose dialogs belong to the application's active window. The engine
    /// shows the prompt through it, or through the presenter that `attach` made around it.
    public let presenter: GtkRatingPresenter
    /// When the binding counts and checks.
    public var settings: Settings

    private let application: UnsafeMutablePointer<GtkApplication>
    private let logger: Logger
    private var activeSince: Int?
    private var inactiveSince: Int?
    /// Whether a due prompt check waits for an active window or the network.
    private var isCheckWaiting = false
    /// Active seconds not handed to the engine yet: saved with the next use, every five minutes of
    /// them, or at shutdown, so that switching windows never waits for the disk.
    private var unsavedActiveSeconds: Double = 0
    private static let activeSecondsPerSave: Double = 300
    private var isNetworkAvailable = true
    private var isDelivering = false

    /// Attaches Armchair to `application`, a `GtkApplication *`.
    ///
    /// The binding lives as long as the application: its signal handlers hold it.
    ///
    /// - Parameters:
    ///   - application: The `GtkApplication *`, before `g_application_run`.
    ///   - configuration: The settings; `Configuration.appName` defaults to
    ///     `g_get_application_name()` when the app set one.
    ///   - store: Where the state is kept; default: the XDG state file.
    ///   - makePresenter: Makes the presenter the engine shows the prompt through, around the
    ///     binding's GTK presenter: a ``ForwardingPresenter`` subclass that shows some steps with
    ///     the app's own UI. Default: the GTK presenter itself.
    ///   - settings: When the binding counts and checks.
    ///   - logger: Where decisions and warnings go.
    /// - Throws: `ConfigurationError` for an unusable configuration.
    @discardableResult
    public static func attach(
        to application: UnsafeMutableRawPointer,
        configuration: Configuration,
        store: (any KeyValueStore)? = nil,
        presenter makePresenter: (GtkRatingPresenter) -> any RatingPresenter = { $0 },
        settings: Settings = Settings(),
        logger: Logger = Logger(label: "armchair")
    ) throws(ConfigurationError) -> ApplicationBinding {
        MainQueueBridge.install()
        var configuration = configuration
        if configuration.appName == nil, let name = g_get_application_name() {
            configuration.appName = String(cString: name)
        }
        let presenter = GtkRatingPresenter()
        let engine = try RatingEngine(
            configuration: configuration, store: store, presenter: makePresenter(presenter), logger: logger)
        return ApplicationBinding(
            application: application.assumingMemoryBound(to: GtkApplication.self), engine: engine, presenter: presenter,
            settings: settings, logger: logger)
    }

    private init(
        application: UnsafeMutablePointer<GtkApplication>, engine: RatingEngine, presenter: GtkRatingPresenter,
        settings: Settings, logger: Logger
    ) {
        self.application = application
        self.engine = engine
        self.presenter = presenter
        self.settings = settings
        self.logger = logger
        presenter.parentWindow = { [application] in
            UnsafeMutableRawPointer(gtk_application_get_active_window(application))
        }
        let instance = UnsafeMutableRawPointer(application)
        Signal.connect(instance, "activate") { self.applicationActivated() }
        Signal.connect(instance, "window-added") { (window: UnsafeMutableRawPointer?) in
            Signal.connect(window, "notify::is-active") { (_: UnsafeMutableRawPointer?) in self.activityChanged() }
        }
        Signal.connect(instance, "shutdown") { self.applicationShutDown() }
        if let monitor = g_network_monitor_get_default() {
            isNetworkAvailable = g_network_monitor_get_network_available(monitor) != 0
            Signal.connect(UnsafeMutableRawPointer(monitor), "network-changed") { (available: Bool) in
                self.networkChanged(available: available)
            }
        }
    }

    // MARK: Lifecycle

    private func applicationActivated() {
        engine.appLaunched(canPromptForRating: false)
        checkPrompt(after: settings.promptDelay)
        deliverPending()
    }

    private func activityChanged() {
        let now = g_get_monotonic_time()
        let isActive = hasActiveWindow
        if isActive, activeSince == nil {
            activeSince = now
            if let inactiveSince, Double(now - inactiveSince) / 1e6 >= settings.absenceCountedAsUse {
                saveActiveUsage()
                engine.appEnteredForeground(canPromptForRating: false)
                checkPrompt(after: settings.promptDelay)
            } else if isCheckWaiting {
                checkPromptNow()
            }
        } else if !isActive, let activeSince {
            unsavedActiveSeconds += Double(now - activeSince) / 1e6
            if unsavedActiveSeconds >= Self.activeSecondsPerSave { saveActiveUsage() }
            self.activeSince = nil
            inactiveSince = now
        }
    }

    private func applicationShutDown() {
        if let activeSince {
            unsavedActiveSeconds += Double(g_get_monotonic_time() - activeSince) / 1e6
            self.activeSince = nil
        }
        saveActiveUsage()
        engine.appWillQuit()
    }

    private func saveActiveUsage() {
        guard unsavedActiveSeconds > 0 else { return }
        engine.addActiveUsage(seconds: unsavedActiveSeconds)
        unsavedActiveSeconds = 0
    }

    func networkChanged(available: Bool) {
        let cameBack = available && !isNetworkAvailable
        isNetworkAvailable = available
        if available && isCheckWaiting { checkPromptNow() }
        if cameBack { deliverPending() }
    }

    /// Tries the feedback and reviews waiting in their outboxes again, without holding up the
    /// main loop: the sending happens in the task, the waiting in libcurl.
    private func deliverPending() {
        guard isNetworkAvailable, !isDelivering else { return }
        isDelivering = true
        Task { [self] in
            await engine.deliverPendingFeedback()
            await engine.deliverPendingReviews()
            isDelivering = false
        }
    }

    // MARK: Prompting

    /// Checks the rules after `delay` seconds.
    private func checkPrompt(after delay: Double) {
        MainLoopTimer.after(delay) { [self] in checkPromptNow() }
    }

    /// Checks the rules now if a window is active and the network is up; otherwise waits for them.
    private func checkPromptNow() {
        guard engine.configuration.promptAtLaunch else { return }
        guard hasActiveWindow || !settings.waitsForActiveWindow else {
            isCheckWaiting = true
            logger.debug("Waiting for one of the app's windows to be active before checking the rating prompt.")
            return
        }
        guard isNetworkAvailable || !settings.waitsForNetwork else {
            isCheckWaiting = true
            logger.debug("Waiting for the network before checking the rating prompt.")
            return
        }
        isCheckWaiting = false
        engine.showPromptIfNecessary()
    }

    /// Whether one of the application's windows has the focus.
    private var hasActiveWindow: Bool {
        var node = gtk_application_get_windows(application)
        while let current = node {
            if gtk_window_is_active(cast(current.pointee.data)) != 0 { return true }
            node = current.pointee.next
        }
        return false
    }
}
