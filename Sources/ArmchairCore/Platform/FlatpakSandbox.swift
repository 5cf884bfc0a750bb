/// The Flatpak sandbox the app runs in, as its `/.flatpak-info` describes it.
///
/// Flatpak writes that key file into every sandbox; its `[Context]` group lists what the app
/// may use, `shared=network;ipc;` for instance. An app without `network` there has no network
/// but loopback, so GLib's network monitor never reports one.
package struct FlatpakSandbox: Sendable, Equatable {
    /// What the sandbox shares with the host (`network`, `ipc`), from `[Context] shared`.
    package let shared: Set<String>

    /// Reads the sandbox's description; `nil` outside a sandbox (no such file) or if the file is
    /// not a key file.
    package init?(infoFile: String = "/.flatpak-info") {
        guard case .contents(let bytes)? = try? FileSystem.read(infoFile, limit: 1 << 20),
            let info = try? KeyFile(parsing: bytes)
        else { return nil }
        let list = info.values(in: "Context")?["shared"] ?? ""
        shared = Set(list.split(separator: ";").map { String($0) })
    }

    /// The sandbox this process runs in, if any.
    package static let current = FlatpakSandbox()

    /// Whether the app may use the network (`--share=network`).
    package var hasNetwork: Bool { shared.contains("network") }
}
