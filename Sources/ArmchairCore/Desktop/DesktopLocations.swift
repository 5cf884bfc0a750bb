/// Where the desktop's settings and prompt record are, seen from the host or from inside a
/// Flatpak sandbox, and whether a sandboxed app can reach them.
///
/// On the host they are `$XDG_CONFIG_HOME/armchair/desktop.conf` (the person's switch),
/// `armchair/desktop.conf` in each folder of `$XDG_CONFIG_DIRS` (the distribution's and the
/// administrator's) and `$XDG_STATE_HOME/armchair/desktop.ini` (the record of which app asked
/// when). Inside a sandbox `XDG_CONFIG_HOME` and `XDG_STATE_HOME` are the app's own folders, so
/// the host's are found through `HOST_XDG_CONFIG_HOME` and `HOST_XDG_STATE_HOME`, which Flatpak
/// sets only when the host does, else below `$HOME` as on the host. They are there only when the
/// app's manifest grants them:
///
/// ```
/// --filesystem=xdg-config/armchair:ro
/// --filesystem=~/.local/state/armchair:create
/// ```
package struct DesktopLocations: Sendable, Equatable {
    /// The person's settings file.
    package var personFile: String
    /// The system settings files, the most important first.
    package var systemFiles: [String]
    /// The desktop's prompt record.
    package var recordFile: String
    /// Whether the person's settings can be read: always on the host; in a sandbox only with
    /// `xdg-config/armchair` (or wider) granted.
    package var canReadPersonFile: Bool
    /// Whether the record can be read and written: always on the host; in a sandbox only with
    /// `~/.local/state/armchair` (or wider) granted for writing, and there.
    package var canUseRecord: Bool
    /// The manifest line that gives a sandboxed app the record's folder as this host has it.
    package var recordPermission: String

    /// The record's file name in its folder.
    private static let recordName = "armchair/desktop.ini"

    /// The locations for this environment.
    ///
    /// - Parameters:
    ///   - environment: The process environment.
    ///   - homeDirectory: The home folder from the user database, used when `HOME` is unset.
    ///   - sandbox: The sandbox the app runs in; `nil` on the host.
    package init(environment: [String: String], homeDirectory: String?, sandbox: FlatpakSandbox?) {
        func absolute(_ name: String) -> String? { StateDirectory.absolutePath(name, in: environment) }
        let home = absolute("HOME") ?? homeDirectory ?? "/tmp"
        let base = home == "/" ? "" : home
        let prefix = sandbox == nil ? "" : "HOST_"
        let configHome = absolute(prefix + "XDG_CONFIG_HOME") ?? base + "/.config"
        let stateHome = absolute(prefix + "XDG_STATE_HOME") ?? base + "/.local/state"
        personFile = configHome + "/" + DesktopPolicy.fileName
        recordFile = stateHome + "/" + Self.recordName
        let folders = environment["XDG_CONFIG_DIRS"].map { $0.split(separator: ":").map(String.init) } ?? []
        let systemFolders = folders.filter { $0.hasPrefix("/") }
        systemFiles = (systemFolders.isEmpty ? ["/etc/xdg"] : systemFolders).map { $0 + "/" + DesktopPolicy.fileName }
        let recordFolder = FileSystem.directory(of: recordFile)
        let inHome = base.isEmpty || recordFolder.hasPrefix(base + "/")
        recordPermission =
            "--filesystem=" + (inHome ? "~" + recordFolder.dropFirst(base.count) : recordFolder[...]) + ":create"
        guard let sandbox else {
            canReadPersonFile = true
            canUseRecord = true
            return
        }
        canReadPersonFile =
            sandbox.access(
                toHostFolder: FileSystem.directory(of: personFile), home: home, configHome: configHome) != nil
        // A granted folder that is missing on the host is not mounted: the path inside is the
        // sandbox's own, and what is written there is lost when the app quits. Below a mounted
        // one (the home folder), the record's folder is made as on the host.
        let grant = sandbox.grant(ofHostFolder: recordFolder, home: home, configHome: configHome)
        canUseRecord = grant?.access == .readWrite && grant.map { FileSystem.exists($0.folder) } == true
    }

    /// The manifest line that gives a sandboxed app the person's settings.
    package static let personFilePermission = "--filesystem=xdg-config/armchair:ro"
}
