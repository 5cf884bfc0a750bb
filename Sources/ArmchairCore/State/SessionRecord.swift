public import struct FoundationEssentials.Date

/// One running process of the app, as recorded in the state while it runs.
///
/// A process adds its record when it starts (``RatingEngine/appLaunched()``) and removes it when
/// it quits cleanly (``RatingEngine/appWillQuit()``). A record whose process is gone is a session
/// that ended without quitting cleanly: a crash, a kill, or a power cut.
public struct SessionRecord: Sendable, Hashable {
    /// Who the process is: boot ID, process ID and start time, so a reused process ID or a
    /// reboot is never mistaken for the same process.
    public var process: ProcessIdentity
    /// When the session started.
    public var started: Date

    /// Creates a record.
    public init(process: ProcessIdentity, started: Date) {
        self.process = process
        self.started = started
    }
}

/// The mark a process puts in the state while it shows the prompt, so that no other window or
/// process of the app shows another.
public struct PromptHold: Sendable, Hashable {
    /// The process showing the prompt.
    public var process: ProcessIdentity
    /// When the hold lapses even if that process still runs; a hold is never permanent.
    public var expires: Date

    /// Creates a hold.
    public init(process: ProcessIdentity, expires: Date) {
        self.process = process
        self.expires = expires
    }

    /// How long a prompt may hold others back at most.
    public static let duration: Double = 3_600
}
