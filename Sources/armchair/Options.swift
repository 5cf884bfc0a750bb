public import ArgumentParser
public import Armchair
import ArmchairGLib
import Foundation

/// The app a command is about, and where its state is.
struct AppOptions: ParsableArguments {
    @Argument(help: "The application ID, such as org.gnome.TextEditor.")
    var appID: String

    @Option(help: ArgumentHelp("Use this state file instead of looking for the app's.", valueName: "path"))
    var stateFile: String?

    /// Finds and reads the app's state file.
    func openState() throws(ToolError) -> AppState {
        try AppState.open(appID: appID, explicitPath: stateFile, environment: ProcessInfo.processInfo.environment)
    }

    /// The app's state file, if it is there but cannot be used (not a key file, cut short).
    func unusableStateFile() -> String? {
        let candidates =
            stateFile.map { [$0] }
            ?? AppState.candidatePaths(appID: appID, environment: ProcessInfo.processInfo.environment)
        return candidates.first { path in
            if case .unusable = KeyFileStore(path: path).inspect() { return true }
            return false
        }
    }
}

/// The app's settings, as the app itself gets them: its AppStream metadata (name and version),
/// its settings file on top, then flags that win over both.
struct SettingsOptions: ParsableArguments {
    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "The app's settings file. Default: data/<app-id>.armchair in this folder, then the installed one.",
            valueName: "path"))
    var settingsFile: String?

    @Option(
        help: ArgumentHelp(
            "The app's AppStream metadata, for its name and version. Default: data/<app-id>.metainfo.xml "
                + "(or .metainfo.xml.in) in this folder, then the installed one.",
            valueName: "path"))
    var metainfo: String?

    /// The settings that decide, and the files they came from.
    struct Resolved {
        var configuration: Configuration
        /// The settings file; `nil` when the defaults were assumed.
        var settingsFile: String?
        /// The AppStream metadata the name and version came from; `nil` when none was found.
        var metainfo: AppMetainfo?
    }

    /// The app's settings file and metadata, or the defaults.
    func resolve(appID: String) throws(ToolError) -> Resolved {
        try resolve(appID: appID, overrides: nil)
    }

    /// The app's settings file and metadata with `overrides` applied, checked.
    func resolve(appID: String, overrides: ThresholdOptions?) throws(ToolError) -> Resolved {
        let environment = ProcessInfo.processInfo.environment
        let localFile = "data/\(appID).\(ConfigurationFile.fileExtension)"
        let file: ConfigurationFile?
        do {
            if let settingsFile {
                file = try ConfigurationFile.load(.path(settingsFile), appID: appID)
            } else if FileManager.default.fileExists(atPath: localFile) {
                file = try ConfigurationFile.load(.path(localFile), appID: appID)
            } else {
                file = try ConfigurationFile.load(.installed, appID: appID, environment: environment)
            }
        } catch {
            throw ToolError(error.description, kind: .input)
        }
        var configuration = file?.settings ?? Configuration(appID: appID)
        overrides?.apply(to: &configuration)
        let metainfo = try findMetainfo(appID: appID, environment: environment)
        if let metainfo { configuration = configuration.filling(from: metainfo) }
        do {
            try configuration.validate()
        } catch {
            throw ToolError(error.description, kind: .input)
        }
        return Resolved(configuration: configuration, settingsFile: file?.path, metainfo: metainfo)
    }

    /// The app's AppStream metadata: `--metainfo`, else the project's in `data/` (the template
    /// `.metainfo.xml.in` is metadata without its translations), else the installed one in the
    /// XDG data folders (never the armchair tool's own installation, which is not the app's).
    ///
    /// - Returns: The metadata; `nil` when none is installed, or the one found cannot be used
    ///   (a warning then says why: the app would go on without it too).
    /// - Throws: ``ToolError`` when the file named by `--metainfo` cannot be used.
    private func findMetainfo(appID: String, environment: [String: String]) throws(ToolError) -> AppMetainfo? {
        if let metainfo {
            do {
                return try AppMetainfo.find(appID: appID, location: .path(metainfo), environment: environment)
            } catch {
                throw ToolError(error.description, kind: .input)
            }
        }
        let project = ["data/\(appID).metainfo.xml", "data/\(appID).metainfo.xml.in"]
        let location: AppMetainfo.Location =
            project.first { FileManager.default.fileExists(atPath: $0) }.map { .path($0) } ?? .installed
        do {
            return try AppMetainfo.find(appID: appID, location: location, environment: environment, executable: nil)
        } catch {
            if case .notFound = error { return nil }
            FileHandle.standardError.write(Data("warning: \(error)\n".utf8))
            return nil
        }
    }
}

/// Thresholds given on the command line; they win over the settings file, as code wins in the app.
struct ThresholdOptions: ParsableArguments {
    @Option(help: "The app's running version. Default: the version in the state file.")
    var appVersion: String?

    @Option(help: ArgumentHelp("Days until the prompt (daysUntilPrompt).", valueName: "days"))
    var daysUntilPrompt: Double?

    @Option(help: ArgumentHelp("Uses until the prompt (usesUntilPrompt).", valueName: "count"))
    var usesUntilPrompt: Int?

    @Option(help: ArgumentHelp("Significant events until the prompt; 0: not a criterion.", valueName: "count"))
    var eventsUntilPrompt: Int?

    @Option(help: ArgumentHelp("How the thresholds combine: all, or days-then-any.", valueName: "mode"))
    var combination: ThresholdCombination?

    func apply(to configuration: inout Configuration) {
        if let appVersion { configuration.appVersion = appVersion }
        if let daysUntilPrompt { configuration.daysUntilPrompt = daysUntilPrompt }
        if let usesUntilPrompt { configuration.usesUntilPrompt = usesUntilPrompt }
        if let eventsUntilPrompt { configuration.significantEventsUntilPrompt = eventsUntilPrompt }
        if let combination { configuration.thresholdCombination = combination }
    }
}

extension ThresholdCombination: ExpressibleByArgument {
    /// Reads `all`, or `days-then-any` as written in settings files (`daysThenAny` too).
    public init?(argument: String) {
        switch argument {
        case "all": self = .all
        case "days-then-any", "daysThenAny": self = .daysThenAny
        default: return nil
        }
    }

    public static var allValueStrings: [String] { ["all", "days-then-any"] }
}
