import ArmchairCore

/// Why an app's AppStream metadata gives Armchair no name or version.
public enum MetainfoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No file in any of `folders`. `buildFolder` is the build folder the program runs from, when
    /// the installed folders were skipped because of it.
    case notFound(appID: String, folders: [String], buildFolder: String?)
    /// The file at `path` cannot be read, is not well-formed, or describes another component.
    case unusable(path: String, reason: String)
    /// The file at `path` (and its external release file at `releasesPath`, if it uses one) lists
    /// no stable release dated today or earlier.
    case noCurrentRelease(path: String, releasesPath: String?)

    public var description: String {
        switch self {
        case .notFound(let appID, let folders, let buildFolder):
            let names = MetainfoSearch.fileNames(appID: appID).joined(separator: ", ")
            var text = "No AppStream metadata for \(appID): looked for \(names)"
            text += folders.isEmpty ? "" : " in " + folders.joined(separator: ", ")
            if let buildFolder {
                text +=
                    ". This program runs from a build folder (\(buildFolder)), so the metadata of an installed copy"
                    + " is not used: its version would not be this build's"
            }
            return text
                + ". Install the app's <id>.metainfo.xml to <prefix>/share/metainfo/, set"
                + " \(MetainfoSearch.environmentVariable) to its path, or give the app's version in the configuration."
        case .unusable(let path, let reason):
            return "The AppStream metadata \(path) cannot be used: \(reason)."
        case .noCurrentRelease(let path, let releasesPath):
            let place = releasesPath.map { "\(path) (releases in \($0))" } ?? path
            return "The AppStream metadata \(place) lists no stable release dated today or earlier, so it gives no"
                + " version: add <release version=\"…\" date=\"…\"/> to its <releases>, or give the version in the"
                + " configuration."
        }
    }
}
