import TestProcesses

/// Running a process in a PID namespace of its own, as Flatpak runs each instance of an app.
enum PIDNamespaces {
    /// `unshare`'s arguments for a new PID namespace with its own `/proc`, whose first process is
    /// killed with `unshare` itself.
    static let unshareArguments = ["--pid", "--fork", "--mount-proc", "--kill-child"]

    /// Whether this machine lets the tests make PID namespaces (root, or user namespaces
    /// allowed); the reason printed when it does not.
    static let unavailableReason: String? = {
        guard let result = try? ChildProcess.run("/usr/bin/unshare", unshareArguments + ["/bin/true"]) else {
            return "unshare(1) could not be run"
        }
        return result.status == 0
            ? nil : "this machine does not let the tests make PID namespaces (unshare: \(result.errors))"
    }()
}
