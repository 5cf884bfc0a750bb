/// What the engine knows about this launch and the app's other processes, for the rules.
///
/// The rules stay a pure function: the engine finds these facts out (which processes still run,
/// whether the last session crashed) and hands them in.
public struct SessionContext: Sendable, Hashable {
    /// Whether the session before this launch ended without quitting cleanly.
    public var previousSessionCrashed: Bool
    /// Whether another window or process of the app is showing the prompt now.
    public var promptShownElsewhere: Bool
    /// What the desktop says: the person's and administrator's switch and the quiet period
    /// between apps. `nil`: the app does not take part (an engine with a store of its own), and
    /// the desktop's rules are left out of the decision.
    public var desktop: DesktopContext?

    /// Creates a context; by default, nothing unusual, and no desktop.
    public init(
        previousSessionCrashed: Bool = false, promptShownElsewhere: Bool = false, desktop: DesktopContext? = nil
    ) {
        self.previousSessionCrashed = previousSessionCrashed
        self.promptShownElsewhere = promptShownElsewhere
        self.desktop = desktop
    }
}
