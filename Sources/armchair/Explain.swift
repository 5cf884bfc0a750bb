import ArgumentParser
import Armchair
import Foundation

/// `armchair explain`: the decision for an app, with every criterion and its numbers.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show whether the app would prompt now, why, and what is still needed.",
        discussion: """
            Reasons with the app's own AppStream metadata (its name and version, see --metainfo), \
            settings file (see --config) and state file, and changes none of them. Flags win over \
            the files, as code wins in the app.

            Exit status: 0 if the app would prompt now, 1 if it would not, 2 for bad input.

            Examples:
              armchair explain org.gnome.TextEditor
              armchair explain org.gnome.TextEditor --uses-until-prompt 5 --json
            """
    )

    @OptionGroup var app: AppOptions
    @OptionGroup var settings: SettingsOptions
    @OptionGroup var thresholds: ThresholdOptions

    @Flag(help: "Print JSON for scripts.")
    var json = false

    func run() throws {
        let resolved = try settings.resolve(appID: app.appID, overrides: thresholds)
        var configuration = resolved.configuration
        let appState = try app.openState()
        let (state, unreadable) = StateCodec(configuration: configuration).decode(appState.values)
        if configuration.appVersion == nil { configuration.appVersion = state.trackedVersion }
        let environment = ProcessInfo.processInfo.environment
        let desktop = DesktopAccess(environment: environment, sandbox: nil, logger: .init(label: "armchair"))
            .context(token: state.desktopToken, now: Date())
        let report = ExplainReport(
            appID: app.appID, stateFile: appState.path, settingsFile: resolved.settingsFile,
            metainfoFile: resolved.metainfo?.path, configuration: configuration,
            state: state, desktop: desktop, now: Date())
        if json {
            print(try JSONOutput.text(of: report))
        } else {
            let terminal = Terminal.current
            print("\(terminal.bold(app.appID)): state file \(appState.path)")
            for value in unreadable {
                print(terminal.yellow("warning: unreadable value \(value); the app uses its default"))
            }
            print(report.text(terminal: terminal))
        }
        if !report.now.shouldPrompt { throw ExitCode(ExitStatus.wouldNotPrompt) }
    }
}

/// What `explain` reports: the settings it assumed, and the decision now and at the next launch.
struct ExplainReport: Encodable {
    /// One decision, as JSON shows it.
    struct DecisionReport: Encodable {
        struct Item: Encodable {
            var kind: String
            var role: String
            var status: String
            var current: Double?
            var required: Double?
            var summary: String
        }

        var shouldPrompt: Bool
        var headline: String
        var stillNeeded: String?
        var criteria: [Item]
        /// The recorded dates that lay more than a day ahead of the clock, counted as now.
        var datesInTheFuture: [String]

        init(_ decision: Decision) {
            shouldPrompt = decision.shouldPrompt
            headline = decision.headline
            stillNeeded = decision.stillNeeded
            datesInTheFuture = decision.datesInTheFuture.map(\.rawValue)
            criteria = decision.criteria.map {
                Item(
                    kind: $0.kind.rawValue, role: $0.role.rawValue, status: $0.status.rawValue,
                    current: $0.current, required: $0.required, summary: decision.summary(of: $0))
            }
        }
    }

    var appID: String
    var stateFile: String
    /// The settings file the configuration came from; `null` when the defaults were assumed.
    var settingsFile: String?
    /// The AppStream metadata the app's name and version came from; `null` when none was found.
    var metainfoFile: String?
    /// The operating system a review names and feedback's details show; `null` without os-release.
    var system: SystemReport?
    /// What the desktop says to every app: the settings in force and the record of prompts.
    var desktop: DesktopSummary
    var configuration: SettingsSummary
    /// If the app checked now.
    var now: DecisionReport
    /// At the app's next launch: one more use, and a crash found if a session ended without quitting.
    var nextLaunch: DecisionReport
    /// Days until the waiting time ends if the app does not run first, when the recorded first use
    /// lies ahead of the clock: the decisions count it as now, as the app does from the moment it
    /// next runs, but until it runs the recorded date stands. `null` otherwise.
    var daysToWaitIfTheAppDoesNotRun: Double?
    /// What the running app adds, which this separate process cannot see: automatic prompts wait
    /// for a natural break.
    var naturalBreak = Self.naturalBreakNote

    /// The note on natural breaks, as `explain` prints it.
    static let naturalBreakNote =
        "In the running app, an automatic prompt (after a launch, or a significant event that may prompt) "
        + "also waits for a natural break: a few seconds without a key, click, touch or scroll in the app "
        + "(the binding's quiet time, 5 s by default), nothing held down, no window of the app fullscreen, "
        + "the app not busy, the screen unlocked and no other dialog open. A prompt the app asks for "
        + "explicitly (a \"Rate this app\" menu item) comes at once."

    init(
        appID: String, stateFile: String, settingsFile: String?, metainfoFile: String?, configuration: Configuration,
        state: RatingState, desktop: DesktopContext, now: Date
    ) {
        self.appID = appID
        self.stateFile = stateFile
        self.settingsFile = settingsFile
        self.metainfoFile = metainfoFile
        self.configuration = SettingsSummary(configuration)
        system = OperatingSystemRelease.current().map(SystemReport.init)
        let running = RunningProcesses(stateFile: stateFile)
        self.desktop = DesktopSummary(desktop, now: now, stateFile: stateFile)
        self.now = DecisionReport(Self.decideNow(configuration, state, desktop: desktop, now: now, running: running))
        self.nextLaunch = DecisionReport(
            Self.decideAtNextLaunch(configuration, state, desktop: desktop, now: now, running: running))
        if let firstUse = state.firstUseDate, firstUse.timeIntervalSince(now) > RatingState.clockTolerance,
            configuration.daysUntilPrompt > 0
        {
            let days = firstUse.timeIntervalSince(now) / 86_400 + configuration.daysUntilPrompt
            daysToWaitIfTheAppDoesNotRun = (days * 10).rounded(.up) / 10
        }
    }

    /// The decision if the running app checked now.
    static func decideNow(
        _ configuration: Configuration, _ state: RatingState, desktop: DesktopContext?, now: Date,
        running: RunningProcesses
    ) -> Decision {
        let held = state.promptHold.map { $0.expires > now && running.isRunning($0.process) } ?? false
        return PromptRules.evaluate(
            configuration, state, now: now, session: SessionContext(promptShownElsewhere: held, desktop: desktop))
    }

    /// The decision at the next launch: one more use; a session that ended without quitting is
    /// found as a crash.
    static func decideAtNextLaunch(
        _ configuration: Configuration, _ state: RatingState, desktop: DesktopContext?, now: Date,
        running: RunningProcesses
    ) -> Decision {
        var next = state
        next.useCount = RatingState.adding(1, to: next.useCount)
        let crashed = state.sessions.contains { !running.isRunning($0.process) }
        return PromptRules.evaluate(
            configuration, next, now: now, session: SessionContext(previousSessionCrashed: crashed, desktop: desktop))
    }

    func text(terminal: Terminal) -> String {
        let version = configuration.appVersion.map { "version \($0)" } ?? "no version"
        var lines = [
            "App: " + (metainfoFile.map { "\(version) from \($0)" } ?? "\(version); no AppStream metadata found"),
            "Settings: " + (settingsFile ?? "none found; Armchair's defaults") + " (\(configuration.line))",
            "System: " + (system?.line ?? "no os-release found; reviews name the distribution \"Unknown\""),
            "Desktop: " + desktop.line, "",
        ]
        for problem in desktop.problems { lines.insert(terminal.yellow("warning: \(problem)"), at: lines.count - 1) }
        if let note = desktop.sandboxNote { lines.insert(terminal.dim("Note: \(note)."), at: lines.count - 1) }
        lines.append(now.shouldPrompt ? terminal.green(now.headline) : terminal.yellow(now.headline))
        for item in now.criteria {
            let mark =
                switch item.status {
                case "met": terminal.green("met    ")
                case "missing": terminal.red("missing")
                default: terminal.dim("off    ")
                }
            lines.append("\(mark)  \(item.summary)")
        }
        if let needed = now.stillNeeded { lines.append("Still needed: \(needed).") }
        if let days = daysToWaitIfTheAppDoesNotRun {
            lines.append(
                "If the app does not run before then, the waiting time ends in \(SettingsSummary.exact(days)) days: "
                    + "the recorded first use lies ahead of the clock, and only a run of the app counts it from then.")
        }
        for key in now.datesInTheFuture {
            lines.append(
                terminal.yellow(
                    "warning: the recorded \(key) lay more than a day ahead of the clock (was the clock wrong?); "
                        + "it counts as now, and the app rewrites it at its next launch."))
        }
        lines.append("")
        lines.append(
            "At the next launch (one more use): "
                + (nextLaunch.shouldPrompt
                    ? terminal.green("the app would prompt.")
                    : "the app would not prompt"
                        + (nextLaunch.stillNeeded.map { "; still needed: \($0)." } ?? ".")))
        lines.append("")
        lines.append(terminal.dim(naturalBreak))
        return lines.joined(separator: "\n")
    }
}

/// The operating system reviews and feedback carry, from os-release, as `explain` shows it.
struct SystemReport: Encodable {
    /// `NAME`: the distribution a review names.
    var name: String?
    /// `PRETTY_NAME`: the operating system in feedback's details.
    var prettyName: String?
    /// The os-release file read.
    var file: String
    /// Whether that file is the host's, seen from inside a sandbox (`/run/host/os-release`).
    var isTheHosts: Bool

    init(_ release: OperatingSystemRelease) {
        name = release["NAME"]
        prettyName = release["PRETTY_NAME"]
        file = release.path
        isTheHosts = release.isTheHosts
    }

    /// The line `explain` prints.
    var line: String {
        let origin = isTheHosts ? "the host's, seen from the sandbox" : "this system's"
        return "\(prettyName ?? name ?? "unnamed") (reviews name the distribution \"\(name ?? "Unknown")\"), "
            + "from \(file), \(origin)"
    }
}

/// The settings that decide, as `explain` prints them.
struct SettingsSummary: Encodable {
    var appVersion: String?
    var daysUntilPrompt: Double
    var usesUntilPrompt: Int
    var significantEventsUntilPrompt: Int
    var eventScenarios: [String: [String: Int]]
    var usesPerWeekForPrompt: Double
    var activeUsageMinutesUntilPrompt: Double
    var thresholdCombination: String
    var daysBeforeReminding: Double
    var declinePolicy: String
    var daysBeforeAskingAgainAfterDecline: Double
    var maxPromptsPerYear: Int
    var minimumDaysBetweenPrompts: Double
    var debugMode: Bool

    init(_ configuration: Configuration) {
        appVersion = configuration.appVersion
        daysUntilPrompt = configuration.daysUntilPrompt
        usesUntilPrompt = configuration.usesUntilPrompt
        significantEventsUntilPrompt = configuration.significantEventsUntilPrompt
        eventScenarios = Dictionary(configuration.eventScenarios.map { ($0.name, $0.requirements) }) { $1 }
        usesPerWeekForPrompt = configuration.usesPerWeekForPrompt
        activeUsageMinutesUntilPrompt = configuration.activeUsageMinutesUntilPrompt
        thresholdCombination = configuration.thresholdCombination.rawValue
        daysBeforeReminding = configuration.daysBeforeReminding
        declinePolicy = configuration.declinePolicy.rawValue
        daysBeforeAskingAgainAfterDecline = configuration.daysBeforeAskingAgainAfterDecline
        maxPromptsPerYear = configuration.maxPromptsPerYear
        minimumDaysBetweenPrompts = configuration.minimumDaysBetweenPrompts
        debugMode = configuration.isDebugActive
    }

    /// A setting as written: `30`, `0.01`.
    static func exact(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The main thresholds on one line.
    var line: String {
        var parts = ["days \(Self.exact(daysUntilPrompt))", "uses \(usesUntilPrompt)"]
        parts.append(
            eventScenarios.isEmpty
                ? "events \(significantEventsUntilPrompt)" : "\(eventScenarios.count) event scenarios")
        if activeUsageMinutesUntilPrompt > 0 {
            parts.append("active minutes \(Self.exact(activeUsageMinutesUntilPrompt))")
        }
        if usesPerWeekForPrompt > 0 { parts.append("uses per week \(Self.exact(usesPerWeekForPrompt))") }
        parts.append(thresholdCombination == "all" ? "all required" : "days, then any")
        return parts.joined(separator: ", ")
    }
}
