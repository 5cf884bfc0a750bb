/// What a ``PromptScheduler`` knows of the moment in the app, from what its front-end reported:
/// when someone last used it, what is held down, and what the person is watching or doing.
struct BreakConditions {
    /// The uptime of the last input, or of the moment a window of the app became active.
    var lastActivity: Double?
    /// What is held down now.
    var held: Set<InputSource> = []
    /// Whether one of the app's windows is fullscreen.
    var isFullscreen = false
    /// Why the app said it is busy, by the cookie ``PromptScheduler/markBusy(_:)`` returned.
    var busyReasons: [UInt32: String] = [:]
    /// Whether the screen is locked or the screensaver is on.
    var isScreenLocked = false

    /// Records `input` at `now`.
    mutating func record(_ input: UserInput, at now: Double) {
        lastActivity = now
        switch input {
        case .pressed(let source): held.insert(source)
        case .released(let source): held.remove(source)
        case .scrolled: break
        }
    }

    /// What holds an automatic prompt back at `now`, in a stable order.
    ///
    /// - Parameters:
    ///   - quietTime: Seconds without input the prompt waits for.
    ///   - overFullscreen: Whether a fullscreen window does not hold it.
    ///   - otherDialogOpen: Whether another modal dialog of the app is open.
    func holds(at now: Double, quietTime: Double, overFullscreen: Bool, otherDialogOpen: Bool) -> [BreakHold] {
        var holds: [BreakHold] = []
        if !held.isEmpty { holds.append(.inputHeld) }
        if let lastActivity, now - lastActivity < quietTime {
            holds.append(.activity(secondsAgo: max(now - lastActivity, 0), quietTime: quietTime))
        }
        if isFullscreen && !overFullscreen { holds.append(.fullscreen) }
        if !busyReasons.isEmpty { holds.append(.busy(busyReasons.sorted { $0.key < $1.key }.map(\.value))) }
        if isScreenLocked { holds.append(.screenLocked) }
        if otherDialogOpen { holds.append(.otherDialog) }
        return holds
    }

    /// When the quiet time after the last activity is over, if it is not yet at `now`.
    func endOfActivity(at now: Double, quietTime: Double) -> Double? {
        guard let lastActivity, now - lastActivity < quietTime else { return nil }
        return lastActivity + quietTime
    }
}
