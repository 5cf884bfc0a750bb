/// Where an app's AppStream metadata (its MetaInfo file) is looked for, following the AppStream
/// specification's file names and the XDG Base Directory specification's data folders.
///
/// File names, for the application ID `org.example.Notes`: `org.example.Notes.metainfo.xml`, the
/// legacy `org.example.Notes.appdata.xml`, and both with `.desktop` before the suffix, as older
/// apps whose AppStream ID ends in `.desktop` name them. Folders, in order:
/// 1. `<prefix>/share/metainfo`, for a program installed in `<prefix>/bin` (or `sbin`, `libexec`):
///    the running program's own installation comes first;
/// 2. `$XDG_DATA_HOME/metainfo` (default `~/.local/share/metainfo`), a per-user installation;
/// 3. each of `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`) with `/metainfo`: this is
///    where C, Python and JavaScript apps are found, whose interpreter's prefix says nothing, and
///    inside Flatpak it includes the app's own `/app/share`;
/// 4. the same folders with the legacy `/appdata`.
///
/// A program that runs from a build folder (not from a `bin`, `sbin` or `libexec` folder, such as
/// `.build/debug/notes` or `_build/src/notes`) skips 2–4: the metadata found there belongs to an
/// installed copy, whose version is not the build's. Such a build names its own file instead
/// (`ARMCHAIR_METAINFO`, or the path given in code).
package struct MetainfoSearch: Sendable, Hashable {
    /// The environment variable that names the metadata file to read instead of searching.
    package static let environmentVariable = "ARMCHAIR_METAINFO"

    /// The files to try, in order.
    package let candidates: [String]
    /// Why the installed folders were skipped: the build folder the program runs from; `nil` when
    /// they were searched.
    package let skippedInstalledCopiesFor: String?

    /// The search for `appID`'s metadata.
    ///
    /// - Parameters:
    ///   - appID: The application ID.
    ///   - environment: The process environment (`XDG_DATA_HOME`, `XDG_DATA_DIRS`, `HOME`).
    ///   - executable: The running program, whose installation is searched first; `nil` for a
    ///     tool that looks at another app, which searches the installed folders only.
    package init(appID: String, environment: [String: String], executable: String?) {
        var dataFolders: [String] = []
        var buildFolder: String?
        if let executable {
            if let prefix = RunningExecutable.installationPrefix(of: executable) {
                dataFolders.append(prefix + "/share")
            } else if !["/bin", "/sbin"].contains(RunningExecutable.folder(of: executable)) {
                buildFolder = RunningExecutable.folder(of: executable)
            }
        }
        if buildFolder == nil {
            if let home = XDGDataFolders.home(environment: environment) { dataFolders.append(home) }
            dataFolders += XDGDataFolders.system(environment: environment)
        }
        var seen: Set<String> = []
        dataFolders = dataFolders.filter { seen.insert($0).inserted }
        let names = Self.fileNames(appID: appID)
        let folders = dataFolders.map { $0 + "/metainfo" } + dataFolders.map { $0 + "/appdata" }
        candidates = folders.flatMap { folder in names.map { "\(folder)/\($0)" } }
        skippedInstalledCopiesFor = buildFolder
    }

    /// The file names `appID`'s metadata may have.
    package static func fileNames(appID: String) -> [String] {
        let ids = appID.hasSuffix(".desktop") ? [appID] : [appID, appID + ".desktop"]
        return ids.flatMap { ["\($0).metainfo.xml", "\($0).appdata.xml"] }
    }

    /// The file of external release data for the component `componentID` whose metadata is at
    /// `metainfoPath`: `releases/<id>.releases.xml` beside it, where the specification installs it.
    package static func externalReleasesPath(metainfoPath: String, componentID: String) -> String {
        "\(FileSystem.directory(of: metainfoPath))/releases/\(componentID).releases.xml"
    }
}
