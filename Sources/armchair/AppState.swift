import Armchair
import Foundation

/// Where an app's state file is, and what reading it found, with the messages a user needs when
/// it cannot be used.
struct AppState {
    /// The app's state file.
    let path: String
    /// The store for changes, locked as the app locks it.
    let store: KeyFileStore
    /// The values in the file.
    let values: [String: String]

    /// The places an app's state file may be, in the order they are tried: the XDG state folder,
    /// then the folders Flatpak gives a sandboxed app.
    static func candidatePaths(appID: String, environment: [String: String]) -> [String] {
        var paths = [StateDirectory.stateFilePath(appID: appID, environment: environment)]
        if let home = environment["HOME"], home.hasPrefix("/") {
            let sandbox = "\(home)/.var/app/\(appID)"
            paths.append("\(sandbox)/.local/state/\(appID)/\(StateDirectory.fileName)")
            paths.append("\(sandbox)/data/\(appID)/\(StateDirectory.fileName)")
        }
        return paths
    }

    /// Finds and reads the state of `appID`.
    ///
    /// - Parameter explicitPath: A state file named on the command line, used instead of searching.
    /// - Throws: ``ToolError`` naming every place looked in, or the file and what to do.
    static func open(appID: String, explicitPath: String?, environment: [String: String]) throws(ToolError) -> AppState
    {
        let candidates = explicitPath.map { [$0] } ?? candidatePaths(appID: appID, environment: environment)
        for path in candidates {
            let store = KeyFileStore(path: path)
            switch store.inspect() {
            case .missing:
                continue
            case .values(let values):
                return AppState(path: path, store: store, values: values)
            case .unusable(let reason):
                throw ToolError(
                    """
                    The state file \(path) cannot be used: \(reason).
                    The app will move it aside and start counting again on its next launch. To do that now, run:
                      armchair reset \(appID) --all
                    """, kind: .input)
            case .unreadable(let reason):
                throw ToolError(
                    """
                    The state file \(path) cannot be read: \(reason).
                    If the app once ran with sudo, give the file back to its owner:
                      sudo chown "$USER": \(path)
                    """, kind: .input)
            case .newerFormat(let version):
                throw ToolError(
                    """
                    The state file \(path) was written by a newer Armchair (format \(version)); this tool reads format \(KeyFileStore.formatVersion).
                    Use the armchair tool of the same version as the app. The file was not changed.
                    """, kind: .input)
            }
        }
        var message = "No Armchair state for \(appID). Looked in:\n"
        message += candidates.map { "  \($0)" }.joined(separator: "\n")
        message += "\nHas the app run with Armchair yet, and is the application ID spelled as the app spells it?"
        let known = knownApps(environment: environment)
        if !known.isEmpty { message += "\nApps with Armchair state: " + known.joined(separator: ", ") }
        throw ToolError(message, kind: .input)
    }

    /// The application IDs that have a state file in the XDG state folder.
    static func knownApps(environment: [String: String]) -> [String] {
        let folder = URL(fileURLWithPath: StateDirectory.stateFilePath(appID: "x", environment: environment))
            .deletingLastPathComponent().deletingLastPathComponent().path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: "\(folder)/\($0)/\(StateDirectory.fileName)") }
            .sorted()
    }
}
