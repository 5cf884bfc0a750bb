/// What the engine knows about this launch and the app's other processes, for the rules.
///
/// The rules stay a pure function: the engine finds these facts out (which processes still run,
/// whether the last session crashed) and hands them in.
public struct SessionContext: Sendable, Hashable {
    /// Whether the session before this launch ended without quitting cleanly.
    public var previousSessionCrashed: Bool
    /// Whether another window or process of the app is showing the prompt now.
    public var promptShownElsewhere: Bool

    /// Creates a context; by default, nothing unusual.
    public init(previousSessionCrashed: Bool = false, promptShownElsewhere: Bool = false) {
        self.previousSessionCrashed = previousSessionCrashed
        self.promptShownElsewhere = promptShownElsewhere
    }
}
