import Foundation
import TestProcesses

/// Runs the `TestApp` helper, built beside the test binary, as a separate process.
struct TestAppProcess {
    let process: ChildProcess

    /// The helper's path.
    static var path: String { BuiltExecutable.path("TestApp") }

    /// Starts `TestApp <mode> <state-file> <argument>`.
    ///
    /// - Parameters:
    ///   - asUser: Runs it as this user ID through `setpriv` (for permission tests as root).
    ///   - environment: Variables set for it, over the test's own (the language ones removed).
    ///   - inOwnPIDNamespace: Runs it in a PID namespace of its own, where it is process 1, with
    ///     `/proc` mounted for that namespace, as each Flatpak instance runs (``PIDNamespaces``).
    init(
        _ mode: String, stateFile: String, _ argument: String, asUser: UInt32? = nil,
        environment: [String: String]? = nil, inOwnPIDNamespace: Bool = false
    ) throws {
        let environment = environment.map { variables in
            ProcessInfo.processInfo.environment.filter {
                !["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"].contains($0.key)
            }.merging(variables) { $1 }
        }
        let arguments = [mode, stateFile, argument]
        if let user = asUser {
            process = try ChildProcess(
                "/usr/bin/setpriv", ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", Self.path] + arguments,
                environment: environment)
        } else if inOwnPIDNamespace {
            process = try ChildProcess(
                "/usr/bin/unshare", PIDNamespaces.unshareArguments + [Self.path] + arguments, environment: environment)
        } else {
            process = try ChildProcess(Self.path, arguments, environment: environment)
        }
    }

    /// Runs the helper to the end and returns what it printed, without the final newline.
    static func run(
        _ mode: String, stateFile: String, _ argument: String, asUser: UInt32? = nil,
        environment: [String: String]? = nil, inOwnPIDNamespace: Bool = false
    ) throws -> String {
        let helper = try TestAppProcess(
            mode, stateFile: stateFile, argument, asUser: asUser, environment: environment,
            inOwnPIDNamespace: inOwnPIDNamespace)
        return try helper.finish()
    }

    /// The first line the helper printed, waiting for it.
    func firstLine() -> String { process.readLine() }

    /// Lets a waiting helper go on, waits for it to end, and returns the rest of what it printed.
    func finish() throws -> String { try process.finish().output.trimmingCharacters(in: .newlines) }

    /// Kills the helper with SIGKILL, as a crash or the kernel's out-of-memory killer would.
    func kill() { process.kill() }
}
