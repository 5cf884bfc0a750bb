import ArgumentParser
import Armchair
import Foundation

/// `armchair status`: everything recorded for an app.
struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show every counter, date, answer and prompt recorded for an app.",
        discussion: """
            Reads the app's state file and changes nothing.

            Examples:
              armchair status org.gnome.TextEditor
              armchair status org.gnome.TextEditor --json | jq .state.useCount
            """
    )

    @OptionGroup var app: AppOptions
    @OptionGroup var settings: SettingsOptions

    @Flag(help: "Print JSON for scripts.")
    var json = false

    func run() throws {
        let appState = try app.openState()
        // The settings file may rename the keys (key-prefix, [Key Names]).
        let resolved = try settings.resolve(appID: app.appID)
        let codec = StateCodec(configuration: resolved.configuration)
        let (state, unreadable) = codec.decode(appState.values)
        var report = StatusReport(appID: app.appID, path: appState.path, state: state, unreadable: unreadable)
        report.installedVersion = resolved.metainfo?.version
        report.metainfoFile = resolved.metainfo?.path
        if json {
            print(try JSONOutput.text(of: report))
        } else {
            print(report.text(terminal: .current, now: Date()))
        }
    }
}

/// What `status` reports, in the JSON it prints.
struct StatusReport: Encodable {
    struct State: Encodable {
        var trackedVersion: String?
        var firstUseDate: Date?
        var useCount: Int
        var significantEventCount: Int
        var eventCounts: [String: Int]
        var activeUsageSeconds: Double
        var ratedThisVersion: Bool
        var declinedThisVersion: Bool
        var lastRemindedDate: Date?
        var ratedAnyVersion: Bool
        var declinedAnyVersion: Bool
        var lastVersionRated: String?
        var lastVersionDeclined: String?
        var lastRatedDate: Date?
        var lastDeclinedDate: Date?
        var promptDates: [Date]
        var sessions: [Session]
        var lastCrashDate: Date?
        var promptHold: Hold?
    }

    struct Session: Encodable {
        var process: String
        var started: Date
        var isRunning: Bool
    }

    struct Hold: Encodable {
        var process: String
        var expires: Date
    }

    var appID: String
    var stateFile: String
    /// The current release in the app's AppStream metadata, which the app runs at its next launch;
    /// `null` when no metadata was found.
    var installedVersion: String?
    /// The AppStream metadata it came from.
    var metainfoFile: String?
    var state: State
    /// Values in the file that could not be read; the app uses its defaults for them.
    var unreadableValues: [String]

    init(appID: String, path: String, state: RatingState, unreadable: [StateCodec.UnreadableValue]) {
        self.appID = appID
        self.stateFile = path
        let running = RunningProcesses(stateFile: path)
        self.unreadableValues = unreadable.map(\.description)
        self.state = State(
            trackedVersion: state.trackedVersion, firstUseDate: state.firstUseDate, useCount: state.useCount,
            significantEventCount: state.significantEventCount, eventCounts: state.eventCounts,
            activeUsageSeconds: state.activeUsageSeconds, ratedThisVersion: state.ratedThisVersion,
            declinedThisVersion: state.declinedThisVersion, lastRemindedDate: state.lastRemindedDate,
            ratedAnyVersion: state.ratedAnyVersion, declinedAnyVersion: state.declinedAnyVersion,
            lastVersionRated: state.lastVersionRated, lastVersionDeclined: state.lastVersionDeclined,
            lastRatedDate: state.lastRatedDate, lastDeclinedDate: state.lastDeclinedDate,
            promptDates: state.promptDates,
            sessions: state.sessions.map {
                Session(process: $0.process.description, started: $0.started, isRunning: running.isRunning($0.process))
            },
            lastCrashDate: state.lastCrashDate,
            promptHold: state.promptHold.map { Hold(process: $0.process.description, expires: $0.expires) })
    }

    /// The report for people, one fact per line.
    func text(terminal: Terminal, now: Date) -> String {
        let dates = DateText(now: now)
        let s = state
        var lines = [terminal.bold(appID), "State file: \(stateFile)"]
        if let installedVersion, let metainfoFile {
            let update =
                state.trackedVersion.map { AppVersion(installedVersion) > AppVersion($0) } == true
                ? "; its next launch is an update" : ""
            lines.append("Installed version: \(installedVersion), from \(metainfoFile)\(update)")
        }
        lines.append("")
        func row(_ label: String, _ value: String) {
            lines.append("  " + label.padding(toLength: 20, withPad: " ", startingAt: 0) + value)
        }
        func yesNo(_ value: Bool) -> String { value ? "yes" : "no" }

        lines.append(terminal.bold("This version") + (s.trackedVersion.map { " (\($0))" } ?? " (versions not tracked)"))
        row("First use", dates.describe(s.firstUseDate, never: "not yet"))
        row("Uses", String(s.useCount))
        let named = s.eventCounts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        row(
            "Significant events",
            String(s.significantEventCount) + (named.isEmpty ? "" : " (" + named.joined(separator: ", ") + ")"))
        row("Active time", DateText.duration(seconds: s.activeUsageSeconds))
        row("Rated", yesNo(s.ratedThisVersion))
        row("Declined", yesNo(s.declinedThisVersion))
        row("Remind me later", dates.describe(s.lastRemindedDate, never: "not asked"))
        lines.append("")
        lines.append(terminal.bold("Every version"))
        row(
            "Rated",
            s.ratedAnyVersion
                ? "yes, last \(dates.describe(s.lastRatedDate, never: "?"))"
                    + (s.lastVersionRated.map { ", version \($0)" } ?? "") : "no")
        row(
            "Declined",
            s.declinedAnyVersion
                ? "yes, last \(dates.describe(s.lastDeclinedDate, never: "?"))"
                    + (s.lastVersionDeclined.map { ", version \($0)" } ?? "") : "no")
        row("Prompts shown", s.promptDates.isEmpty ? "none" : String(s.promptDates.count))
        for date in s.promptDates.reversed() { row("", dates.describe(date, never: "")) }
        lines.append("")
        lines.append(terminal.bold("Processes"))
        if s.sessions.isEmpty { row("Sessions", "none open: the app is not running, and quit cleanly") }
        for session in s.sessions {
            let status =
                session.isRunning
                ? "running" : terminal.yellow("ended without quitting (a crash, a kill or a power cut)")
            row(
                "Session",
                "process \(session.process), started \(dates.describe(session.started, never: "")); \(status)")
        }
        row("Last crash", dates.describe(s.lastCrashDate, never: "none recorded"))
        row(
            "Prompt showing",
            s.promptHold.map { "held by \($0.process) until \(dates.describe($0.expires, never: ""))" } ?? "no")
        for value in unreadableValues {
            lines.append(terminal.yellow("warning: unreadable value \(value); the app uses its default"))
        }
        return lines.joined(separator: "\n")
    }
}

/// Dates and durations for people: local time, and how long ago.
struct DateText {
    let now: Date

    private static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter
    }()

    func describe(_ date: Date?, never: String) -> String {
        guard let date else { return never }
        let days = now.timeIntervalSince(date) / 86_400
        let relative =
            days >= 0 ? "\(Self.amount(days)) \(days == 1 ? "day" : "days") ago" : "in \(Self.amount(-days)) days"
        return "\(Self.formatter.string(from: date)) (\(relative))"
    }

    static func amount(_ value: Double) -> String {
        let tenths = (value * 10).rounded(.down) / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }

    static func duration(seconds: Double) -> String {
        let minutes = Int(seconds / 60)
        return minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60) min"
    }
}

/// JSON as the tool prints it: sorted keys, ISO 8601 dates, indented.
enum JSONOutput {
    static func text(of value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
