import Armchair
import Foundation

/// What `armchair desktop` reports: the settings in force and who set them, the files, and which
/// apps asked when.
struct DesktopReport: Encodable {
    /// One setting in force.
    struct Setting<Value: Encodable & Sendable & Hashable>: Encodable {
        var value: Value
        /// Who set it, in words: "by you (/home/ada/.config/armchair/desktop.conf)".
        var setBy: String
        /// Whether the administrator set it, so that the person cannot change it.
        var isEnforced: Bool

        init(_ choice: DesktopPolicy.Choice<Value>) {
            value = choice.value
            setBy = choice.source.description
            isEnforced = choice.source.isEnforced
        }
    }

    /// One app's last prompt in the record.
    struct Prompt: Encodable {
        var date: Date
        /// The app whose state file holds the token; `null` when none was found.
        var appID: String?
        var token: String
    }

    var prompts: Setting<Bool>
    var reviewsAndFeedback: Setting<Bool>
    var quietDays: Setting<Int>
    /// The person's settings file, and whether it exists.
    var personFile: String
    var personFileExists: Bool
    /// The system settings files that exist, the most important first.
    var systemFiles: [String]
    var recordFile: String
    /// Each app's last prompt, newest first.
    var lastPrompts: [Prompt]
    /// When the quiet period after the latest prompt ends, while it runs.
    var quietPeriodEnds: Date?
    /// What could not be used in the settings or the record; those parts were ignored.
    var problems: [String]
    /// The tokens whose prompt lies more than a day ahead of the clock: the apps do not count it.
    var aheadOfTheClock: Set<String> = []

    init(locations: DesktopLocations, environment: [String: String], now: Date) throws {
        let policy = DesktopPolicy.load(locations, environment: environment)
        prompts = Setting(policy.prompts)
        reviewsAndFeedback = Setting(policy.reviewsAndFeedback)
        quietDays = Setting(policy.quietDays)
        personFile = locations.personFile
        personFileExists = FileManager.default.fileExists(atPath: locations.personFile)
        systemFiles = locations.systemFiles.filter { FileManager.default.fileExists(atPath: $0) }
        recordFile = locations.recordFile
        var problems = policy.problems
        var recorded: [String: Date] = [:]
        do {
            recorded = try DesktopRecord(path: locations.recordFile, logger: .init(label: "armchair")).prompts()
        } catch {
            problems.append(error.message)
        }
        let apps = Self.appsByToken(environment: environment, tokens: Set(recorded.keys))
        lastPrompts = recorded.map { Prompt(date: $0.value, appID: apps[$0.key], token: $0.key) }
            .sorted { $0.date > $1.date }
        self.problems = problems
        // A prompt recorded more than a day ahead of the clock is not believed, as the apps do not.
        aheadOfTheClock = Set(recorded.filter { !DesktopRecord.counts($0.value, at: now) }.keys)
        quietPeriodEnds = DesktopContext(
            policy: policy,
            record: .read(lastPromptByAnotherApp: recorded.values.filter { DesktopRecord.counts($0, at: now) }.max()),
            recordPath: locations.recordFile
        ).quietPeriodEnd(now: now)
    }

    /// The apps whose state files hold one of `tokens`: host apps in the XDG state folder, and
    /// Flatpak apps in their sandbox's folders below `~/.var/app`.
    static func appsByToken(environment: [String: String], tokens: Set<String>) -> [String: String] {
        guard !tokens.isEmpty else { return [:] }
        var apps: [String: String] = [:]
        let stateFolder = StateDirectory.folder(
            environment: environment, homeDirectory: FileSystem.homeDirectoryFromUserDatabase())
        var files: [(appID: String, path: String)] = []
        let manager = FileManager.default
        for appID in (try? manager.contentsOfDirectory(atPath: stateFolder)) ?? [] {
            files.append((appID, "\(stateFolder)/\(appID)/\(StateDirectory.fileName)"))
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            for appID in (try? manager.contentsOfDirectory(atPath: "\(home)/.var/app")) ?? [] {
                files += AppState.candidatePaths(appID: appID, environment: environment).dropFirst().map { (appID, $0) }
            }
        }
        for (appID, path) in files {
            guard case .values(let values) = KeyFileStore(path: path).inspect() else { continue }
            for value in values.values where tokens.contains(value) { apps[value] = appID }
        }
        return apps
    }

    func text(terminal: Terminal, change: DesktopPolicy.PersonChange) -> String {
        func onOff(_ value: Bool) -> String { value ? terminal.green("on") : terminal.yellow("off") }
        var lines = [
            "Prompts: \(onOff(prompts.value)) (\(prompts.setBy))",
            "In-app reviews and feedback: \(onOff(reviewsAndFeedback.value)) (\(reviewsAndFeedback.setBy))",
            "Quiet period between apps: \(quietDays.value) \(quietDays.value == 1 ? "day" : "days") (\(quietDays.setBy))",
        ]
        if change.prompts == true && !prompts.value {
            lines.append(terminal.yellow("Prompts stay off \(prompts.setBy); you cannot turn them on."))
        }
        if change.reviewsAndFeedback == true && !reviewsAndFeedback.value {
            lines.append(terminal.yellow("In-app reviews and feedback stay off \(reviewsAndFeedback.setBy)."))
        }
        if let asked = change.quietDays, asked < quietDays.value, quietDays.isEnforced {
            lines.append(terminal.yellow("The quiet period stays \(quietDays.value) days, set \(quietDays.setBy)."))
        }
        lines.append("")
        lines.append("Your settings: \(personFile)\(personFileExists ? "" : " (not written yet)")")
        lines.append("System settings: " + (systemFiles.isEmpty ? "none" : systemFiles.joined(separator: ", ")))
        lines.append("Record of prompts: \(recordFile)")
        lines.append("")
        if lastPrompts.isEmpty {
            lines.append("No app has asked for a rating in the last \(Int(DesktopRecord.keptDays)) days.")
        } else {
            lines.append("Last prompt of each app, newest first:")
            for prompt in lastPrompts {
                let name = prompt.appID ?? "an app whose state file was not found (\(prompt.token.prefix(8))…)"
                let note = aheadOfTheClock.contains(prompt.token) ? " (ahead of the clock: not counted)" : ""
                lines.append("  \(Self.minute(prompt.date))  \(name)\(note)")
            }
        }
        if let end = quietPeriodEnds, prompts.value {
            lines.append(
                "No other app asks before \(Self.minute(end)): the quiet period after the last prompt.")
        }
        for problem in problems { lines.append(terminal.yellow("warning: \(problem)")) }
        return lines.joined(separator: "\n")
    }

    /// `2026-11-30 18:02 UTC`.
    private static func minute(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}
