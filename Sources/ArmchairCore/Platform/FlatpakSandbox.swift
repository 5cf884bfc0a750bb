/// The Flatpak sandbox the app runs in, as its `/.flatpak-info` describes it.
///
/// Flatpak writes that key file into every sandbox; its `[Context]` group lists what the app
/// may use, `shared=network;ipc;` and `filesystems=xdg-config/armchair:ro;` for instance. An app
/// without `network` there has no network but loopback, so GLib's network monitor never reports
/// one; a host folder not granted in `filesystems` is not there (writing to its path inside the
/// sandbox writes to the sandbox's own, which nobody else sees).
package struct FlatpakSandbox: Sendable, Equatable {
    /// What the sandbox shares with the host (`network`, `ipc`), from `[Context] shared`.
    package let shared: Set<String>
    /// The host folders the app may use, from `[Context] filesystems`: `home`, `host`,
    /// `xdg-config/armchair:ro`, `~/.local/state/armchair:create`, `!home`.
    package let filesystems: [String]

    /// How the app may use a host folder.
    package enum Access: Int, Sendable, Comparable {
        case readOnly = 1
        case readWrite = 2

        package static func < (lhs: Access, rhs: Access) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Reads the sandbox's description; `nil` outside a sandbox (no such file) or if the file is
    /// not a key file.
    package init?(infoFile: String = "/.flatpak-info") {
        guard case .contents(let bytes)? = try? FileSystem.read(infoFile, limit: 1 << 20),
            let info = try? KeyFile(parsing: bytes)
        else { return nil }
        let context = info.values(in: "Context") ?? [:]
        self.init(shared: context["shared"] ?? "", filesystems: context["filesystems"] ?? "")
    }

    /// A sandbox with these `[Context]` lists, as `/.flatpak-info` writes them.
    package init(shared: String, filesystems: String) {
        self.shared = Set(shared.split(separator: ";").map { String($0) })
        self.filesystems = filesystems.split(separator: ";").map { String($0) }
    }

    /// The sandbox this process runs in, if any.
    package static let current = FlatpakSandbox()

    /// Whether the app may use the network (`--share=network`).
    package var hasNetwork: Bool { shared.contains("network") }

    /// A granted host folder that holds another, and how it is granted.
    package struct Grant: Sendable, Equatable {
        /// The granted folder, on the host and inside the sandbox alike.
        package var folder: String
        package var access: Access
    }

    /// How the app may use the host folder `path`, or `nil` when it is not granted.
    ///
    /// As Flatpak mounts a granted folder over its granted parents, the most specific entry that
    /// holds `path` decides (`home;~/.local/state/armchair:ro` leaves it read-only); a `!` entry,
    /// which `/.flatpak-info` does not list after flatpak has applied it, takes its own folder away.
    ///
    /// - Parameters:
    ///   - path: An absolute folder on the host, as it appears inside the sandbox too (Flatpak
    ///     mounts granted home folders at their own paths).
    ///   - home: The home folder, which `home` and `~/` name.
    ///   - configHome: The host's configuration folder, which `xdg-config` names.
    /// - Returns: The grant that decides, or `nil`.
    package func grant(ofHostFolder path: String, home: String, configHome: String) -> Grant? {
        var decided: (folder: String, access: Access?)?
        for entry in filesystems {
            let negated = entry.hasPrefix("!")
            let body = negated ? entry.dropFirst() : entry[...]
            let parts = body.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard let folder = Self.folder(named: String(parts[0]), home: home, configHome: configHome),
                Self.folder(folder, holds: path)
            else { continue }
            let access: Access? = negated ? nil : parts.count > 1 && parts[1] == "ro" ? .readOnly : .readWrite
            // The most specific folder decides; for one folder, a `!` entry, else the widest.
            if let current = decided {
                if current.folder.count > folder.count { continue }
                if current.folder.count == folder.count {
                    guard let held = current.access else { continue }
                    if let access, access < held { continue }
                }
            }
            decided = (folder, access)
        }
        guard let decided, let access = decided.access else { return nil }
        return Grant(folder: decided.folder, access: access)
    }

    /// How the app may use the host folder `path`, or `nil` when it is not granted: see
    /// ``grant(ofHostFolder:home:configHome:)``.
    package func access(toHostFolder path: String, home: String, configHome: String) -> Access? {
        grant(ofHostFolder: path, home: home, configHome: configHome)?.access
    }

    /// The host folder a `filesystems` entry names, or `nil` for one that names no single folder.
    private static func folder(named name: String, home: String, configHome: String) -> String? {
        func below(_ base: String, _ rest: Substring) -> String {
            rest.isEmpty ? base : base + "/" + rest.drop { $0 == "/" }
        }
        if name == "host" { return "/" }  // host-os and host-etc are not the person's files
        if name == "home" { return home }
        if name.hasPrefix("~") { return below(home, name.dropFirst()) }
        let tokens = [
            ("xdg-config", configHome), ("xdg-data", home + "/.local/share"), ("xdg-cache", home + "/.cache"),
        ]
        for (token, base) in tokens where name == token || name.hasPrefix(token + "/") {
            return below(base, name.dropFirst(token.count))
        }
        guard name.hasPrefix("/") else { return nil }
        return name.count > 1 && name.hasSuffix("/") ? String(name.dropLast()) : name
    }

    /// Whether `folder` is `path` or one of its parents.
    private static func folder(_ folder: String, holds path: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }
}
