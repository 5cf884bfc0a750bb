/// An app's Armchair settings in a small key file it ships, read by the app and by the `armchair`
/// tool, so that `armchair explain` reasons with the app's real thresholds.
///
/// The file is `<app-id>.armchair`, installed to `$prefix/share/armchair/`, in GLib's key-file
/// format. Every key is optional and named after its ``Configuration`` property in kebab case:
///
/// ```
/// # Armchair settings for org.example.Notes; values set in code win.
/// [Armchair]
/// days-until-prompt=14
/// uses-until-prompt=10
/// threshold-combination=days-then-any
/// feedback-email=feedback@example.org
///
/// [Event Weights]
/// export=2
///
/// [Scenario power-user]
/// export=3
/// share=1
///
/// [Texts]
/// title=Enjoying Notes?
/// ```
///
/// Groups: `[Armchair]` (the settings), `[Event Weights]` (``Configuration/eventWeights``),
/// `[Scenario NAME]` (one ``EventScenario`` each), `[Texts]` (``PromptTexts``, in kebab case) and
/// `[Key Names]` (``Configuration/keyNames``, by ``StateKey`` raw value). An unknown group or key,
/// or a value of the wrong kind, is an error naming the line, so a typo never goes unnoticed.
///
/// Load it with ``Configuration/init(appID:appName:appVersion:file:)``; set anything in code after
/// that, and the code wins.
public struct ConfigurationFile: Sendable, Hashable {
    /// Where to find the file.
    public enum Location: Sendable, Hashable {
        /// The first `armchair/<app-id>.armchair` under `$XDG_DATA_HOME`, the program's
        /// installation and `$XDG_DATA_DIRS` (see ``searchPaths(appID:environment:)``). No file there means no settings: the
        /// defaults apply.
        case installed
        /// This file, which must exist: use it while running from a build tree.
        case path(String)
    }

    /// The file's name suffix.
    package static let fileExtension = "armchair"
    /// The largest file read; a settings file is a few hundred bytes.
    static let sizeLimit = 64 * 1024

    /// The file that was read.
    public let path: String
    /// The settings in it, applied over the defaults.
    public let settings: Configuration

    /// Reads and checks the file at `path`.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - appID: The application ID the settings are for.
    /// - Throws: ``ConfigurationFileError`` naming the file, and the line of each problem.
    public init(path: String, appID: String) throws(ConfigurationFileError) {
        func failure(_ message: String) -> ConfigurationFileError {
            ConfigurationFileError(path: path, problems: [.init(line: nil, message: message)])
        }
        let result: FileSystem.ReadResult
        do {
            result = try FileSystem.read(path, limit: Self.sizeLimit)
        } catch {
            throw failure("it cannot be read: \(error.reason)")
        }
        let bytes: [UInt8]
        switch result {
        case .contents(let contents): bytes = contents
        case .missing: throw failure("the file does not exist")
        case .directory: throw failure("it is a folder, not a file")
        case .notRegularFile(let kind): throw failure("it is \(kind), not a regular file")
        case .tooLarge: throw failure("it is larger than \(Self.sizeLimit / 1024) KiB; is it the right file?")
        }
        let keyFile: KeyFile
        do {
            keyFile = try KeyFile(parsing: bytes)
        } catch {
            throw ConfigurationFileError(
                path: path, problems: [.init(line: error.line > 0 ? error.line : nil, message: error.problem)])
        }
        var reader = ConfigurationFileReader(keyFile: keyFile, text: bytes, configuration: Configuration(appID: appID))
        reader.read()
        guard reader.problems.isEmpty else { throw ConfigurationFileError(path: path, problems: reader.problems) }
        self.path = path
        self.settings = reader.configuration
    }

    /// Finds and reads the file at `location`.
    ///
    /// - Returns: The file, or `nil` when `location` is ``Location/installed`` and no file is
    ///   installed.
    /// - Throws: ``ConfigurationFileError`` for a file that cannot be used, or a missing explicit
    ///   path.
    package static func load(
        _ location: Location, appID: String, environment: [String: String]? = nil
    ) throws(ConfigurationFileError) -> ConfigurationFile? {
        switch location {
        case .path(let path):
            return try ConfigurationFile(path: path, appID: appID)
        case .installed:
            let paths = searchPaths(appID: appID, environment: environment ?? ProcessEnvironment.current)
            guard let path = paths.first(where: FileSystem.exists) else { return nil }
            return try ConfigurationFile(path: path, appID: appID)
        }
    }

    /// Where an installed file is looked for, in order: `$XDG_DATA_HOME` (default
    /// `~/.local/share`), where the running program is installed (`<prefix>/share` for a program
    /// in `<prefix>/bin`), then each of `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`),
    /// as the XDG Base Directory specification orders data folders. Inside Flatpak these include
    /// the app's own `/app/share`. Relative paths in the variables are ignored.
    public static func searchPaths(appID: String, environment: [String: String]) -> [String] {
        searchPaths(appID: appID, environment: environment, executable: RunningExecutable.path)
    }

    /// ``searchPaths(appID:environment:)`` for the program at `executable`.
    static func searchPaths(appID: String, environment: [String: String], executable: String?) -> [String] {
        var folders: [String] = []
        if let home = XDGDataFolders.home(
            environment: environment, homeFromUserDatabase: FileSystem.homeDirectoryFromUserDatabase)
        {
            folders.append(home)
        }
        if let prefix = executable.flatMap(RunningExecutable.installationPrefix(of:)) {
            folders.append(prefix + "/share")
        }
        folders += XDGDataFolders.system(environment: environment)
        var seen: Set<String> = []
        return folders.filter { seen.insert($0).inserted }.map { "\($0)/armchair/\(appID).\(fileExtension)" }
    }
}

extension Configuration {
    /// Creates a configuration from the app's settings file, for code to adjust.
    ///
    /// ```swift
    /// var configuration = try Configuration(appID: "org.example.Notes", appVersion: "2.4.1", file: .installed)
    /// configuration.feedbackEmail = "notes@example.org"   // code wins over the file
    /// ```
    ///
    /// - Parameters:
    ///   - appID: The application ID; it names the file.
    ///   - appName: The name shown in the prompt; when nil, the file's `app-name`, if any.
    ///   - appVersion: The running version.
    ///   - file: Where the file is.
    /// - Throws: ``ConfigurationFileError`` for a file that exists but cannot be used. Catch it to
    ///   fall back to the defaults: the host app need not fail because of a settings typo.
    public init(
        appID: String, appName: String? = nil, appVersion: String? = nil, file: ConfigurationFile.Location
    ) throws(ConfigurationFileError) {
        self = try ConfigurationFile.load(file, appID: appID)?.settings ?? Configuration(appID: appID)
        if let appName { self.appName = appName }
        self.appVersion = appVersion
    }
}
