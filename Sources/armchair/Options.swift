public import ArgumentParser
public import Armchair
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

/// The app's settings, as the app itself gets them: its settings file, then flags that win over it.
struct SettingsOptions: ParsableArguments {
    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "The app's settings file. Default: data/<app-id>.armchair in this folder, then the installed one.",
            valueName: "path"))
    var settingsFile: String?

    /// The app's settings file, or the defaults (the source is `nil` then).
    func resolve(appID: String) throws(ToolError) -> (configuration: Configuration, source: String?) {
        try resolve(appID: appID, overrides: nil)
    }

    /// The app's settings file with `overrides` applied, checked.
    func resolve(
        appID: String, overrides: ThresholdOptions?
    ) throws(ToolError) -> (configuration: Configuration, source: String?) {
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
        do {
            try configuration.validate()
        } catch {
            throw ToolError(error.description, kind: .input)
        }
        return (configuration, file?.path)
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
