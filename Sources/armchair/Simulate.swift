import ArgumentParser
import Armchair
import Foundation

/// `armchair simulate`: write a state that meets or misses the criteria, to try the real app.
struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a state that meets (or misses) the criteria, so the real app prompts on its next launch.",
        discussion: """
            Sets this version's first use to --days ago and its counts to the numbers given, clears \
            answers, prompt history and crashed sessions (unless --keep-answers), then says what the \
            app will decide at its next launch, which counts one more use. Creates the state file if \
            the app has none yet. The change is made under the app's lock.

            The version is the current release in the app's AppStream metadata (see --metainfo); \
            pass --app-version when the app runs another, or the next launch counts as an update.

            Examples:
              armchair simulate org.gnome.TextEditor --days 30 --uses 19
              armchair simulate org.gnome.TextEditor --uses 5 --event save=2 --app-version 46
            """
    )

    @OptionGroup var app: AppOptions
    @OptionGroup var settings: SettingsOptions
    @OptionGroup var thresholds: ThresholdOptions

    @Option(help: ArgumentHelp("Days since this version's first use.", valueName: "days"))
    var days: Double = 0

    @Option(help: ArgumentHelp("Uses of this version so far.", valueName: "count"))
    var uses = 0

    @Option(help: ArgumentHelp("Unnamed significant events so far.", valueName: "count"))
    var events = 0

    @Option(
        name: .customLong("event"),
        help: ArgumentHelp(
            "A named event and its count; repeat for more. Counts towards the events too.", valueName: "name=count"))
    var namedEvents: [NamedEvent] = []

    @Option(help: ArgumentHelp("Minutes with a window of the app active.", valueName: "minutes"))
    var activeMinutes: Double = 0

    @Flag(help: "Keep the recorded answers, prompt history and sessions.")
    var keepAnswers = false

    func validate() throws {
        guard days.isFinite, days >= 0, days <= 36_500 else {
            throw ValidationError("--days must be from 0 to 36500, not \(days).")
        }
        // A state keeps counts up to a billion; more could never be reached, and would overflow.
        for (option, count) in [("--uses", uses), ("--events", events)] + namedEvents.map({ ("--event", $0.count) }) {
            guard (0...RatingState.largestCount).contains(count) else {
                throw ValidationError("\(option) must be from 0 to \(RatingState.largestCount), not \(count).")
            }
        }
        guard activeMinutes.isFinite, (0...Double(RatingState.largestCount) / 60).contains(activeMinutes) else {
            throw ValidationError(
                "--active-minutes must be from 0 to \(RatingState.largestCount / 60), not \(activeMinutes).")
        }
    }

    func run() throws {
        let resolved = try settings.resolve(appID: app.appID, overrides: thresholds)
        let (configuration, source) = (resolved.configuration, resolved.settingsFile)
        let path =
            app.stateFile ?? existingStatePath()
            ?? StateDirectory.stateFilePath(appID: app.appID, environment: ProcessInfo.processInfo.environment)
        let (store, processes) = (KeyFileStore(path: path), RunningProcesses(stateFile: path))
        if case .unusable(let reason) = store.inspect() {
            throw ToolError(
                """
                The state file \(path) cannot be used: \(reason).
                To move it aside and start again, run:
                  armchair reset \(app.appID) --all
                """, kind: .input)
        }
        let created = !FileManager.default.fileExists(atPath: path)
        let now = Date()
        let (days, uses, events, named, activeMinutes, keepAnswers) = (
            days, uses, events, namedEvents, activeMinutes, keepAnswers
        )
        let state = try StateChange.apply(to: store, codec: StateCodec(configuration: configuration)) { state in
            if !keepAnswers {
                let (tracked, running) = (
                    state.trackedVersion, state.sessions.filter { processes.isRunning($0.process) }
                )
                state = RatingState(desktopToken: state.desktopToken)
                (state.trackedVersion, state.sessions) = (tracked, running)
            }
            if let version = configuration.appVersion { state.trackedVersion = version }
            state.firstUseDate = now.addingTimeInterval(-days * 86_400)
            state.useCount = uses
            state.eventCounts = Dictionary(named.map { ($0.name, $0.count) }) { RatingState.adding($0, to: $1) }
            state.significantEventCount = named.reduce(events) { RatingState.adding($1.count, to: $0) }
            state.activeUsageSeconds = activeMinutes * 60
        }
        print("\(app.appID): \(created ? "created" : "wrote") \(path)")
        if state.trackedVersion == nil {
            print(
                "note: the state has no version; if the app tracks versions, pass --app-version so that its next launch is not taken for an update."
            )
        }
        var assumed = configuration
        if assumed.appVersion == nil { assumed.appVersion = state.trackedVersion }
        let desktop = DesktopAccess(
            environment: ProcessInfo.processInfo.environment, sandbox: nil, logger: .init(label: "armchair")
        ).context(token: state.desktopToken, now: now)
        let decision = ExplainReport.decideAtNextLaunch(
            assumed, state, desktop: desktop, now: now, running: processes)
        let settingsNote = " (settings: \(source ?? "Armchair's defaults"))."
        if decision.shouldPrompt {
            print(Terminal.current.green("At its next launch the app will prompt") + settingsNote)
        } else {
            print(
                "At its next launch the app will not prompt; still needed: \(decision.stillNeeded ?? "nothing")"
                    + settingsNote)
        }
    }

    private func existingStatePath() -> String? {
        AppState.candidatePaths(appID: app.appID, environment: ProcessInfo.processInfo.environment).first {
            FileManager.default.fileExists(atPath: $0)
        }
    }
}
/// `name=count`, as `--event` takes it.
struct NamedEvent: ExpressibleByArgument {
    var name: String
    var count: Int

    init?(argument: String) {
        let parts = argument.split(separator: "=", maxSplits: 1)
        let allowed = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || "-_.".contains(c)) }
        guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy(allowed), let count = Int(parts[1]), count >= 0
        else { return nil }
        (name, self.count) = (String(parts[0]), count)
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
