/// The XDG Base Directory specification's data folders, as every search of installed data reads
/// them (the settings file, the AppStream metadata): relative paths in the variables are ignored,
/// and a trailing slash is dropped.
package enum XDGDataFolders {
    /// `$XDG_DATA_HOME`, else `~/.local/share` (the home folder from `HOME`, else from
    /// `homeFromUserDatabase`).
    package static func home(
        environment: [String: String], homeFromUserDatabase: () -> String? = { nil }
    ) -> String? {
        if let dataHome = environment["XDG_DATA_HOME"].flatMap(absolute) { return dataHome }
        guard let home = (environment["HOME"] ?? homeFromUserDatabase()).flatMap(absolute) else { return nil }
        return (home == "/" ? "" : home) + "/.local/share"
    }

    /// Each of `$XDG_DATA_DIRS`, default `/usr/local/share:/usr/share`.
    package static func system(environment: [String: String]) -> [String] {
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        return dataDirs.split(separator: ":").compactMap { absolute(String($0)) }
    }

    /// `path` without a trailing slash, or `nil` when it is not absolute.
    private static func absolute(_ path: String) -> String? {
        guard path.hasPrefix("/") else { return nil }
        return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}
