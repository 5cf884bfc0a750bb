import ArmchairCore
import CGLib

/// What an app's AppStream metadata (its installed MetaInfo file) tells Armchair: the app's name in
/// the user's language and its current version, so that an app needs no configuration.
///
/// The current version is the newest stable release, by AppStream's version order
/// (`AppStreamVersionOrder`, as `appstreamcli vercmp`), among the `<release>` elements whose `type` is
/// `stable` (the default) and whose `date` or `timestamp` is not in the future: development
/// snapshots and a release announced ahead of its day are not what runs. With
/// `<releases type="external"/>` the releases are read from `releases/<id>.releases.xml` beside
/// the file, where the specification installs them.
///
/// The name is the `<name>` of the component (not of its developer) whose `xml:lang` is the first
/// of the user's languages (`g_get_language_names`, from `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and
/// `LANG`) that has one; else the untranslated `<name>`.
public struct AppMetainfo: Sendable, Hashable {
    /// Where the metadata is.
    public enum Location: Sendable, Hashable {
        /// `$ARMCHAIR_METAINFO` when set, else found as ``MetainfoSearch`` says: beside the running
        /// program, then in the XDG data folders (not for a program in a build folder).
        case installed
        /// This file, which must exist: for a development build, the file in its source or build
        /// folder.
        case path(String)
    }

    /// The largest file read. Metadata with every translation of long release notes stays far below.
    static let sizeLimit = 16 * 1024 * 1024

    /// The file that was read.
    public let path: String
    /// The component ID, as written in `<id>` (perhaps with the legacy `.desktop` suffix).
    public let componentID: String
    /// The app's name in the user's language; `nil` when the file has no `<name>`.
    public let name: String?
    /// The current version; `nil` when no release qualifies.
    public let version: String?
    /// The external release file that was read, for `<releases type="external"/>`.
    public let releasesPath: String?
    /// The languages the app is translated into, as `<languages>` lists them (`de`, `pt_BR`);
    /// empty when the file has no list.
    public let languages: [String]

    /// Reads the metadata at `path`.
    ///
    /// - Parameters:
    ///   - path: The MetaInfo file.
    ///   - appID: The application ID; the file's `<id>` must be it, or it with `.desktop`.
    ///   - languages: The user's languages, most wanted first (`de_DE.UTF-8`, `de_DE`, `de`, `C`).
    ///   - now: The current time in seconds since 1970, default now; later releases are not current.
    /// - Throws: ``MetainfoError/unusable(path:reason:)``.
    public init(
        path: String, appID: String, languages: [String] = AppMetainfo.userLanguages(),
        now: Double? = nil
    ) throws(MetainfoError) {
        let now = now ?? Double(g_get_real_time()) / 1_000_000
        let component = try Self.readDocument(path)
        guard component.name == "component" else {
            throw .unusable(
                path: path,
                reason: "it is not AppStream metadata: its root element is <\(component.name)>, not <component>")
        }
        let id = component.child(named: "id").map { $0.text.trimmingWhitespace() } ?? ""
        guard id == appID || id == appID + ".desktop" || id + ".desktop" == appID else {
            throw .unusable(
                path: path, reason: id.isEmpty ? "it has no <id>" : "it describes \(id), not \(appID)")
        }
        var releases = component.child(named: "releases")
        var releasesPath: String?
        if releases?.attributes["type"] == "external" {
            let external = MetainfoSearch.externalReleasesPath(metainfoPath: path, componentID: id)
            releasesPath = external
            releases = FileSystem.exists(external) ? try Self.readDocument(external) : nil
        }
        self.path = path
        self.componentID = id
        self.name = Self.name(in: component, languages: languages)
        self.version = Self.currentVersion(in: releases?.children(named: "release") ?? [], now: now)
        self.releasesPath = releasesPath
        self.languages = (component.child(named: "languages")?.children(named: "lang") ?? [])
            .map { $0.text.trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    /// Finds and reads `appID`'s metadata.
    ///
    /// - Parameters:
    ///   - appID: The application ID.
    ///   - location: Where the file is.
    ///   - environment: The process environment.
    /// - Throws: ``MetainfoError``: ``MetainfoError/notFound(appID:folders:buildFolder:)`` naming
    ///   where it looked, or the reason the file found cannot be used.
    public static func find(
        appID: String, location: Location = .installed, environment: [String: String]
    ) throws(MetainfoError) -> AppMetainfo {
        try find(appID: appID, location: location, environment: environment, executable: RunningExecutable.path)
    }

    /// ``find(appID:location:environment:)`` for the program at `executable`, whose installation is
    /// searched first; `nil` for a tool that looks at another app, which searches the installed
    /// folders only.
    package static func find(
        appID: String, location: Location, environment: [String: String], executable: String?
    ) throws(MetainfoError) -> AppMetainfo {
        let named: String? =
            switch location {
            case .path(let path): path
            case .installed: environment[MetainfoSearch.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
            }
        if let named {
            guard FileSystem.exists(named) else { throw .unusable(path: named, reason: "the file does not exist") }
            return try AppMetainfo(path: named, appID: appID)
        }
        let search = MetainfoSearch(appID: appID, environment: environment, executable: executable)
        guard let path = search.candidates.first(where: FileSystem.exists) else {
            var seen: Set<String> = []
            let folders = search.candidates.map(FileSystem.directory(of:)).filter { seen.insert($0).inserted }
            throw .notFound(appID: appID, folders: folders, buildFolder: search.skippedInstalledCopiesFor)
        }
        return try AppMetainfo(path: path, appID: appID)
    }

    /// The user's languages for messages, most wanted first, as GLib reads them from the
    /// environment; the last is `C`.
    public static func userLanguages() -> [String] {
        var languages: [String] = []
        guard let names = g_get_language_names() else { return ["C"] }
        var index = 0
        while let name = names[index] {
            languages.append(String(cString: name))
            index += 1
        }
        return languages
    }

    private static func readDocument(_ path: String) throws(MetainfoError) -> MarkupElement {
        let result: FileSystem.ReadResult
        do {
            result = try FileSystem.read(path, limit: sizeLimit)
        } catch {
            throw .unusable(path: path, reason: "it cannot be read: \(error.reason)")
        }
        switch result {
        case .contents(let bytes):
            do {
                return try MarkupElement.parse(bytes)
            } catch {
                throw .unusable(path: path, reason: "it is not well-formed XML: \(error.message)")
            }
        case .missing: throw .unusable(path: path, reason: "the file does not exist")
        case .directory: throw .unusable(path: path, reason: "it is a folder, not a file")
        case .notRegularFile(let kind): throw .unusable(path: path, reason: "it is \(kind), not a regular file")
        case .tooLarge: throw .unusable(path: path, reason: "it is larger than \(sizeLimit / 1024 / 1024) MiB")
        }
    }

    /// The component's `<name>` in the first of `languages` it has, else the untranslated one.
    static func name(in component: MarkupElement, languages: [String]) -> String? {
        // Not `replacing(_:with:)`: it is _StringProcessing's, and brings its regex engine along.
        func normalized(_ language: String) -> String { language.replacingAll("-", with: "_") }
        let names = component.children(named: "name").map {
            (language: $0.attributes["xml:lang"].map(normalized), text: $0.text.trimmingWhitespace())
        }
        for language in languages.map(normalized) where language != "C" && language != "POSIX" {
            if let match = names.first(where: { $0.language == language }), !match.text.isEmpty { return match.text }
        }
        return names.first { $0.language == nil && !$0.text.isEmpty }?.text
    }

    /// The newest stable release of `releases` dated no later than `now`.
    static func currentVersion(in releases: [MarkupElement], now: Double) -> String? {
        releases
            .filter { ($0.attributes["type"] ?? "stable") == "stable" }
            .filter { release in releaseTime(release).map { $0 <= now } ?? true }
            .compactMap { $0.attributes["version"].map { $0.trimmingWhitespace() } }
            .filter { !$0.isEmpty }
            .max { AppStreamVersionOrder.isOlder($0, than: $1) }
    }

    /// A release's `timestamp`, else its `date` (`2024-03-01`, or ISO 8601 with a time), in seconds
    /// since 1970; `nil` when it has neither or they cannot be read.
    static func releaseTime(_ release: MarkupElement) -> Double? {
        if let timestamp = release.attributes["timestamp"].flatMap({ Double($0.trimmingWhitespace()) }) {
            return timestamp
        }
        guard let date = release.attributes["date"]?.trimmingWhitespace() else { return nil }
        let utc = g_time_zone_new_utc()
        defer { g_time_zone_unref(utc) }
        let iso = date.count == 10 ? date + "T00:00:00Z" : date
        guard let time = g_date_time_new_from_iso8601(iso, utc) else { return nil }
        defer { g_date_time_unref(time) }
        return Double(g_date_time_to_unix(time))
    }
}

extension String {
    /// The string without the spaces, tabs and line breaks around it.
    fileprivate func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
