/// Where an app's state file lives, following the XDG Base Directory rules.
///
/// `$XDG_STATE_HOME/<appID>/armchair.ini`, with `XDG_STATE_HOME` defaulting to
/// `~/.local/state`. Inside Flatpak, where the state folder is private to the app, an unset
/// `XDG_STATE_HOME` falls back to `$XDG_DATA_HOME` (older Flatpak versions set only that). As the
/// XDG specification asks, a relative path in these variables is ignored.
package enum StateDirectory {
    /// The state file's name inside the app's folder.
    public static let fileName = "armchair.ini"

    /// The path of the state file for `appID`.
    ///
    /// - Parameters:
    ///   - appID: The application ID; it names the folder.
    ///   - environment: The process environment (`XDG_STATE_HOME`, `XDG_DATA_HOME`, `HOME`,
    ///     `FLATPAK_ID`).
    ///   - homeDirectory: The user's home folder from the user database, used when `HOME` is unset.
    public static func stateFilePath(
        appID: String, environment: [String: String], homeDirectory: String? = nil
    ) -> String {
        folder(environment: environment, homeDirectory: homeDirectory) + "/" + appID + "/" + fileName
    }

    /// The base folder that app folders go in.
    package static func folder(environment: [String: String], homeDirectory: String?) -> String {
        func absolute(_ name: String) -> String? { absolutePath(name, in: environment) }
        if let state = absolute("XDG_STATE_HOME") { return state }
        if environment["FLATPAK_ID"] != nil, let data = absolute("XDG_DATA_HOME") { return data }
        let home = absolute("HOME") ?? homeDirectory ?? "/tmp"
        return (home == "/" ? "" : home) + "/.local/state"
    }

    /// The folder the variable `name` of `environment` names, without a trailing `/`; `nil` when
    /// it is unset or relative, which the XDG specification asks to ignore.
    package static func absolutePath(_ name: String, in environment: [String: String]) -> String? {
        guard let value = environment[name], value.hasPrefix("/") else { return nil }
        return value.count > 1 && value.hasSuffix("/") ? String(value.dropLast()) : value
    }
}
