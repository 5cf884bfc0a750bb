/// Everything that decides when Armchair asks, and what the prompt says.
///
/// Only ``appID`` is required; every other setting has the default listed on it, taken from
/// Armchair unless it says otherwise. Check a configuration with ``validate()``; ``RatingEngine``
/// refuses one that does not pass.
///
/// ```swift
/// var configuration = Configuration(appID: "org.example.Notes", appVersion: "2.4.1")
/// configuration.significantEventsUntilPrompt = 5
/// configuration.thresholdCombination = .daysThenAny
/// ```
///
/// A threshold of 0 is "not a criterion". Thresholds may not be negative, NaN or infinite.
public struct Configuration: Sendable, Hashable {
    // MARK: The app

    /// The AppStream / reverse-DNS application ID, such as `org.gnome.Maps`. Required.
    ///
    /// It names the state folder (`$XDG_STATE_HOME/<appID>/`), the default key prefix and the
    /// software-centre page (`appstream://<appID>`).
    public var appID: String

    /// The name shown in the prompt. Default: the last part of ``appID`` (`org.gnome.Maps` → `Maps`).
    public var appName: String?

    /// The running version, such as `"46.2"`. Without it, versions are not tracked: counters never
    /// reset and "rated this version" means "rated".
    public var appVersion: String?

    // MARK: Thresholds

    /// Days since the first use of this version before the prompt may appear. Fractions are
    /// allowed (iRate). Default 30.
    public var daysUntilPrompt: Double = 30

    /// Uses (launches and returns to the app) of this version before the prompt may appear.
    /// Default 20. Met at exactly this count (`>=`), unlike Armchair's `>`.
    public var usesUntilPrompt: Int = 20

    /// Significant events of this version before the prompt may appear. Default 0 (not a criterion).
    /// Ignored when ``eventScenarios`` is not empty.
    public var significantEventsUntilPrompt: Int = 0

    /// The least average number of uses per week since the first use (SwiftyiRate). Default 0
    /// (off). Weeks shorter than one are counted as one, so a burst on the first day cannot meet it.
    public var usesPerWeekForPrompt: Double = 0

    /// Minutes with one of the app's windows active before the prompt may appear. Default 0 (off).
    /// A Linux addition: a launch says little about an app that stays open for days.
    public var activeUsageMinutesUntilPrompt: Double = 0

    /// How the thresholds combine. Default ``ThresholdCombination/all``.
    public var thresholdCombination: ThresholdCombination = .all

    /// Named event scenarios (ADAppRater). When any is set, the events criterion is met once any
    /// one scenario is complete. Default: none.
    public var eventScenarios: [EventScenario] = []

    // MARK: Answers and versions

    /// Days "Remind me later" holds the prompt back. Default 1. 0 removes the "Remind me later"
    /// button; closing the dialog then holds nothing back beyond ``minimumDaysBetweenPrompts`` and the
    /// yearly cap. The period outlives an update to a new ``appVersion`` (iRate).
    public var daysBeforeReminding: Double = 1

    /// Whether a new ``appVersion`` is tracked as an update: a fresh chance to rate, its own
    /// answers, and the usage counts ``updatePolicy`` leaves (carried over by default). Default
    /// true. When false, Armchair keeps counting for the first version it saw.
    public var tracksNewVersions = true

    /// Whether someone who rated an earlier version may be asked about a new one (iRate's
    /// `promptForNewVersionIfUserRated`). Default true; they then see ``PromptTexts/updateMessage``.
    public var shouldPromptIfRated = true

    /// How long "No, thanks" holds: in this version only, or in every version. Default
    /// ``DeclinePolicy/forever``, with ``daysBeforeAskingAgainAfterDecline`` as its expiry.
    public var declinePolicy: DeclinePolicy = .forever

    /// Days after which a decline no longer holds, under either ``declinePolicy`` (ADAppRater's
    /// response expiry). Default 365: someone who said no is not asked for a year, then may be
    /// asked again while the thresholds are met. 0: a decline never expires.
    public var daysBeforeAskingAgainAfterDecline: Double = 365

    /// What a new version does to the usage counters. Default
    /// ``UpdatePolicy/keepCounters(graceDays:)`` with 3 days: with Armchair's reset, an app that
    /// releases every few weeks never reaches 30 days of one version, and nobody is ever asked
    /// (`armchair-population` shows it).
    public var updatePolicy: UpdatePolicy = .keepCounters(graceDays: 3)

    /// The most prompts anyone sees in any 365 days, across versions. Default 3, as Apple's system
    /// prompt. Must be at least 1; nothing but debug mode goes past it.
    public var maxPromptsPerYear = 3

    /// The fewest days between two prompts, in any version (ADAppRater's frequency limit).
    /// Default 30; it also stretches a short reminder period. 0: no minimum.
    public var minimumDaysBetweenPrompts: Double = 30

    /// Whether a launch that follows a crash (a previous session that never quit cleanly) is kept
    /// free of prompts (iRate #232). Default true. Needs ``RatingEngine/appWillQuit()`` at a clean
    /// shutdown; the GTK lifecycle binding calls it.
    public var skipsPromptAfterCrash = true

    /// How much each named event counts, by name (Appirater PR #171), when the call gives no
    /// weight. Default: every event counts 1.
    public var eventWeights: [String: Int] = [:]

    // MARK: When to check

    /// Whether a launch or a return to the app may show the prompt when the rules allow it.
    /// Default true. When false, only ``RatingEngine/significantEvent(_:weight:mayPrompt:)`` and
    /// explicit calls do.
    public var promptAtLaunch = true

    /// Debug mode: the prompt shows every time it is checked, whatever the rules say.
    ///
    /// Honoured only when Armchair itself is compiled in a debug build, or when
    /// ``allowsDebugInReleaseBuilds`` is also set, so a release build cannot ship with it by
    /// accident. Default false.
    public var debugEnabled = false

    /// Lets ``debugEnabled`` work in a release build, for a beta or a preview build. Default false.
    public var allowsDebugInReleaseBuilds = false

    // MARK: The satisfaction flow

    /// Whether to ask "Are you enjoying *App*?" before the rating prompt (ADAppRater's flow).
    /// Default false.
    ///
    /// Yes leads to the rating prompt. Not really leads to "Would you tell us what we could do
    /// better?", which offers the feedback form *and* the rating: the flow never hides the rating
    /// from unhappy users, as store guidelines require.
    public var asksSatisfactionFirst = false

    /// The developer's address for feedback; the default sender opens the user's mail client with
    /// a `mailto:` URI. Default nil: without it (and without ``RatingEngine/feedbackSender``) the
    /// feedback request offers only rating or declining.
    public var feedbackEmail: String?

    /// The developer's HTTPS endpoint for feedback (ArmchairDelivery's `HTTPFeedbackSender`
    /// documents the JSON it receives). When set, and the app gives no
    /// ``RatingEngine/feedbackSender``, feedback goes there through an outbox beside the state
    /// file, and wins over ``feedbackEmail``. Must be `https` (`http` only to loopback). Default nil.
    public var feedbackEndpoint: String?

    /// The most characters a feedback message may have. Default 2000.
    public var feedbackCharacterLimit = 2000

    /// Whether "Rate" opens Armchair's own "Write a review" form, which publishes to the Open
    /// Desktop Ratings Service (``reviewServer``) when the user presses Publish, instead of the
    /// software centre. Default false: opt in.
    ///
    /// The review appears in GNOME Software and KDE Discover as the user's own. Without a
    /// machine ID, or with a presenter that has no review form, "Rate" opens the software centre.
    public var inAppReviews = false

    /// The Open Desktop Ratings Service API root the review form publishes to. Default GNOME's,
    /// ``gnomeReviewServer``. Must be `https` (`http` only to loopback).
    public var reviewServer = Self.gnomeReviewServer

    /// GNOME's Open Desktop Ratings Service, the one GNOME Software and KDE Discover use.
    public static let gnomeReviewServer = "https://odrs.gnome.org/1.0/reviews/api"

    // MARK: Storage keys

    /// Prepended to every state key (`<prefix>.use-count`), so apps sharing one store do not
    /// collide. Default: ``appID``.
    public var keyPrefix: String?

    /// Per-key name overrides, as Armchair's `setKey(_:armchairKeyType:)`. A name given here
    /// replaces the default name after the prefix.
    public var keyNames: [StateKey: String] = [:]

    // MARK: Text and destination

    /// Text overrides for the prompt. Default: Armchair's localised texts.
    public var texts = PromptTexts()

    /// Whether the app is a game: the prompt then asks whether it has been fun to play
    /// (iRate's and SwiftyiRate's message for games). Default false.
    public var isGame = false

    /// The app's own gettext domain, consulted before Armchair's for every default text, so an
    /// app can re-word a text or add a language without touching Armchair's catalogs (Armchair's
    /// `useMainAppBundleForLocalizations`). The app binds the domain itself. Default nil.
    public var translationDomain: String?

    /// The folder holding Armchair's compiled catalogs, `<folder>/<ll>/LC_MESSAGES/armchair.mo`,
    /// for an app that installs them somewhere of its own. Must be an absolute path. Default nil.
    ///
    /// Without it, or when it holds no catalog, Armchair looks where the program is installed
    /// (`<prefix>/share/locale` for a program in `<prefix>/bin`), then in each `locale` folder of
    /// `$XDG_DATA_DIRS`, then in the resource bundle of a SwiftPM build; with no catalogs anywhere,
    /// its texts are in English and one warning is logged. See <doc:ShippingYourApp>.
    public var localeDirectory: String?

    /// A review page of your own, overriding the software centre: a URL template in which
    /// `{appID}` and `{campaign}` are replaced (percent-encoded). Default nil.
    ///
    /// Example: `"https://example.org/review?app={appID}&from={campaign}"`.
    public var reviewURLTemplate: String?

    /// The value of `{campaign}` in ``reviewURLTemplate`` (the affiliate campaign code analogue).
    /// Default `"armchair"`.
    public var campaignCode = "armchair"

    /// Creates a configuration with the defaults.
    ///
    /// - Parameters:
    ///   - appID: The application ID, such as `org.example.Notes`.
    ///   - appName: The name shown in the prompt; default derived from `appID`.
    ///   - appVersion: The running version; without it, versions are not tracked.
    public init(appID: String, appName: String? = nil, appVersion: String? = nil) {
        self.appID = appID
        self.appName = appName
        self.appVersion = appVersion
    }

    /// The name the prompt shows: ``appName`` if set and not blank, else derived from ``appID``.
    public var displayName: String {
        if let appName, !appName.allSatisfy(\.isWhitespace) { return appName }
        return ApplicationID.displayName(from: appID)
    }

    /// The prefix in front of every state key: ``keyPrefix`` or ``appID``.
    public var effectiveKeyPrefix: String { keyPrefix ?? appID }

    /// Whether debug mode is on in this build, after the build-type rule of ``debugEnabled``.
    public var isDebugActive: Bool { isDebugActive(inDebugBuild: BuildType.isDebug) }

    /// Whether debug mode would be on in a debug build of Armchair, or in a release build.
    func isDebugActive(inDebugBuild isDebugBuild: Bool) -> Bool {
        debugEnabled && (isDebugBuild || allowsDebugInReleaseBuilds)
    }
}

/// Whether Armchair itself was compiled for debugging.
enum BuildType {
    #if DEBUG
    static let isDebug = true
    #else
    static let isDebug = false
    #endif
}
