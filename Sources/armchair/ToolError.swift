import Glibc

/// An error the tool explains in one message, then exits with the status of its kind.
struct ToolError: Error {
    /// What went wrong: a documented exit status each.
    enum Kind {
        /// A bad argument, a missing or unusable state or settings file: exit status 2.
        case input
        /// The state file could not be changed (locked, read-only): exit status 3.
        case storage
        /// The review service refused the review: exit status 4. Sending it again cannot help.
        case notPublished
        /// The review service could not be reached or did not answer in time: exit status 5.
        /// Trying again later may work.
        case unreachable
    }

    var message: String
    var kind: Kind

    init(_ message: String, kind: Kind) {
        self.message = message
        self.kind = kind
    }

    /// The process exit status for this error.
    var exitStatus: Int32 {
        switch kind {
        case .input: ExitStatus.inputError
        case .storage: ExitStatus.storageError
        case .notPublished: ExitStatus.notPublished
        case .unreachable: ExitStatus.unreachable
        }
    }
}

/// The tool's exit statuses, as `armchair --help` documents them.
enum ExitStatus {
    /// Success; for `explain`, the app would prompt.
    static let success: Int32 = 0
    /// `explain` only: the app would not prompt now.
    static let wouldNotPrompt: Int32 = 1
    /// A usage or input error: bad argument, no state, unusable state or settings file.
    static let inputError: Int32 = 2
    /// The state file could not be changed: locked by the app too long, read-only, disk full.
    static let storageError: Int32 = 3
    /// `review submit` only: the review service refused the review.
    static let notPublished: Int32 = 4
    /// `review submit` only: the review service could not be reached or did not answer in time.
    static let unreachable: Int32 = 5
}

/// Writes `message` and a newline to standard error, after what was printed to standard output,
/// so that the two stay in order when they go to one file.
func printError(_ message: String) {
    fflush(nil)
    var text = message + "\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
