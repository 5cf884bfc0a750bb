public import ArmchairCore
import ArmchairDelivery
public import ArmchairGLib
import CGLib
import CGtk4
public import Logging

/// Binds Armchair to a GTK 4 `GtkApplication` or an `AdwApplication`: counting, prompting at a good
/// moment, and saving at exit.
///
/// One call sets everything up:
///
/// ```swift
/// let rating = try ApplicationBinding.attach(
///     to: application, configuration: Configuration(appID: "org.example.Notes", appVersion: "2.4.1"))
/// ```
///
/// The binding only reports GTK's signals to a `PromptScheduler`, which decides (see there):
/// `activate`, `open` and `command-line` are launches (once each, when an `open` or `command-line`
/// handler activates too), `notify::is-active` on the app's windows a change of activity,
/// `GNetworkMonitor`'s `network-changed` the network, and `shutdown` the clean end of the session.
/// The prompt appears over the active window, as libadwaita dialogs. A plain `GtkApplication`
/// works too: libadwaita is started (`adw_init`) before the first dialog.
///
/// An app written with a Swift framework over GTK 4 (Adwaita for Swift and the like) passes the
/// `GtkApplication *` the framework made; see <doc:AdwaitaForSwift>.
@MainActor
public final class ApplicationBinding: ApplicationBindingProtocol, LinkedBinding {
    /// When the binding counts and checks.
    public typealias Settings = PromptScheduler.Settings

    /// The engine, for significant events and explicit prompts.
    public let engine: RatingEngine
    /// The libadwaita presenter, whose dialogs belong to the application's active window. The engine
    /// shows the prompt through it, or through the presenter that `attach` made around it.
    public let presenter: AdwaitaRatingPresenter
    /// Decides when to count and check, from the signals the binding reports.
    public let scheduler: PromptScheduler
    /// What ties the binding to the application, until the application shuts down or goes.
    package let link: ApplicationLink

    /// Attaches Armchair to `application`, a GTK 4 `GtkApplication *` or `AdwApplication *`.
    ///
    /// What it sets up lives as long as the application, kept or not: its signal handlers hold the
    /// scheduler, and through it the engine and the presenter. The application itself is held
    /// weakly, and the binding ends when the application shuts down or goes, whichever comes
    /// first: from then on the engine still counts uses and events, but never prompts.
    ///
    /// - Parameters:
    ///   - application: The `GtkApplication *`, before `g_application_run`.
    ///   - configuration: The settings. The name defaults to `g_get_application_name()` when the
    ///     app set one, and the name and version the app gives none of come from its installed
    ///     AppStream metadata when it has one (see ``attach(to:metainfo:store:presenter:settings:logger:)``).
    ///   - store: Where the state is kept; default: the XDG state file.
    ///   - makePresenter: Makes the presenter the engine shows the prompt through, around the
    ///     binding's libadwaita presenter: a `ForwardingPresenter` subclass that shows some steps with
    ///     the app's own UI. Default: the libadwaita presenter itself.
    ///   - settings: When the binding counts and checks. Default: the configuration's
    ///     `Configuration.scheduling`.
    ///   - logger: Where decisions and warnings go.
    /// - Throws: `ConfigurationError` for an unusable configuration.
    @discardableResult
    public static func attach(
        to application: UnsafeMutableRawPointer,
        configuration: Configuration,
        store: (any KeyValueStore)? = nil,
        presenter makePresenter: (AdwaitaRatingPresenter) -> any RatingPresenter = { $0 },
        settings: Settings? = nil,
        logger: Logger = Logger(label: "armchair")
    ) throws(ConfigurationError) -> ApplicationBinding {
        MainQueueBridge.install()
        let configuration = configuration.withApplicationName().fillingFromInstalledMetainfo(logger: logger)
        let presenter = AdwaitaRatingPresenter()
        let engine = try RatingEngine(
            configuration: configuration, store: store, presenter: makePresenter(presenter), logger: logger,
            delivery: NetworkDelivery())
        return ApplicationBinding(
            application: application.assumingMemoryBound(to: GtkApplication.self), engine: engine, presenter: presenter,
            settings: settings ?? configuration.scheduling)
    }

    /// Attaches Armchair to `application` with no configuration: the app is who it says it is.
    ///
    /// ```swift
    /// try ApplicationBinding.attach(to: application)
    /// ```
    ///
    /// The application ID comes from the application, the name and version from the app's
    /// installed AppStream metadata (`AppMetainfo`), then the app's settings file
    /// (`<app-id>.armchair`) goes on top, and `g_set_application_name()` wins over both.
    ///
    /// A development build that runs from its build folder does not search the installed folders,
    /// where an installed copy's metadata would give the installed version: it names its own file
    /// with `metainfo: .path(…)` or `ARMCHAIR_METAINFO`.
    ///
    /// - Parameters:
    ///   - application: The `GtkApplication *`, with an application ID, before `g_application_run`.
    ///   - metainfo: Where the app's AppStream metadata is. Default: installed with the app.
    ///   - store: Where the state is kept; default: the XDG state file.
    ///   - makePresenter: Makes the presenter the engine shows the prompt through (see
    ///     ``attach(to:configuration:store:presenter:settings:logger:)``).
    ///   - settings: When the binding counts and checks. Default: the configuration's
    ///     `Configuration.scheduling`.
    ///   - logger: Where decisions and warnings go.
    /// - Throws: `AttachError` naming what is missing or unusable, and where it looked. The app goes
    ///   on without Armchair.
    @discardableResult
    public static func attach(
        to application: UnsafeMutableRawPointer,
        metainfo: AppMetainfo.Location = .installed,
        store: (any KeyValueStore)? = nil,
        presenter makePresenter: (AdwaitaRatingPresenter) -> any RatingPresenter = { $0 },
        settings: Settings? = nil,
        logger: Logger = Logger(label: "armchair")
    ) throws(AttachError) -> ApplicationBinding {
        let configuration = try Configuration.installed(application: application, metainfo: metainfo)
        do throws(ConfigurationError) {
            return try attach(
                to: application, configuration: configuration, store: store, presenter: makePresenter,
                settings: settings, logger: logger)
        } catch {
            throw .configuration(error)
        }
    }

    private init(
        application: UnsafeMutablePointer<GtkApplication>, engine: RatingEngine, presenter: AdwaitaRatingPresenter,
        settings: Settings
    ) {
        self.engine = engine
        self.presenter = presenter
        link = ApplicationLink(
            engine, settings: settings, application: UnsafeMutableRawPointer(application), toolkit: Gtk4Windows())
        scheduler = link.scheduler
        let application = link.application
        presenter.parentWindow = {
            application.withObject { UnsafeMutableRawPointer(gtk_application_get_active_window(cast($0))) } ?? nil
        }
    }

    public func end() {
        link.end()
    }
}
