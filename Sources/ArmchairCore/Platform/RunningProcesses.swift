import Glibc
import Synchronization

/// Tells whether a process recorded in an app's state still runs, in this PID namespace or in
/// another one.
///
/// A process of this PID namespace is looked up in `/proc` (``ProcessIdentity``). One of another
/// namespace cannot be seen there: each Flatpak instance of an app has a namespace of its own. So
/// a process outside the initial namespace puts a *mark* in the app's state folder before it
/// records itself in the state: a file in `running/`, named after its identity, which it keeps
/// locked (`flock`) while it runs. Locks end with the process that holds them, so a killed
/// process leaves its mark unlocked, and the first process to find it so removes it. A process of
/// another namespace without a locked mark is gone.
public struct RunningProcesses: Sendable {
    /// The folder of the marks: `running/` beside the state file.
    public let folder: String

    /// The marks of the state file at `stateFile`.
    public init(stateFile: String) {
        folder = FileSystem.directory(of: stateFile) + "/running"
    }

    /// Whether `process` still runs.
    public func isRunning(_ process: ProcessIdentity) -> Bool {
        if process.isInThisNamespace { return process.isRunningInThisNamespace }
        guard process.bootID == ProcessIdentity.current.bootID else { return false }
        return isMarked(process)
    }

    /// Marks this process as running, once, when it runs outside the initial PID namespace; there
    /// every process of the app is in `/proc`, so no mark is needed.
    ///
    /// The mark is made under a temporary name, locked, then renamed into place, so a mark is
    /// never seen unlocked while its process runs.
    package func markThisProcess() {
        let process = ProcessIdentity.current
        guard process.pidNamespace != ProcessIdentity.initialPIDNamespace else { return }
        let path = markPath(of: process)
        Self.heldMarks.withLock { held in
            guard held[path] == nil else { return }
            try? FileSystem.makeDirectories(folder)
            let temporary = path + ".new"
            let descriptor = open(temporary, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, rename(temporary, path) == 0 else {
                unlink(temporary)
                close(descriptor)
                return
            }
            held[path] = descriptor
        }
    }

    /// Removes this process's mark, when it has no more session or prompt hold in the state.
    package func unmarkThisProcess() {
        let path = markPath(of: ProcessIdentity.current)
        Self.heldMarks.withLock { held in
            guard let descriptor = held.removeValue(forKey: path) else { return }
            unlink(path)
            close(descriptor)
        }
    }

    /// Whether the mark of `process` is locked; an unlocked one is removed.
    private func isMarked(_ process: ProcessIdentity) -> Bool {
        let path = markPath(of: process)
        if Self.heldMarks.withLock({ $0[path] != nil }) { return true }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        // Locked, or not known to be unlocked: running, so two prompts never show at once.
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return true }
        unlink(path)
        return false
    }

    private func markPath(of process: ProcessIdentity) -> String {
        folder + "/" + process.description.replacingSlashes
    }

    /// The marks this process holds, by path, with the descriptor that keeps each locked.
    private static let heldMarks = Mutex<[String: Int32]>([:])
}

extension String {
    /// The text with each `/` made a `-`, so that it can name a file.
    fileprivate var replacingSlashes: String { String(map { $0 == "/" ? "-" : $0 }) }
}
