package import ArmchairCore

/// What an ``ApplicationLink`` asks of the toolkit (GTK 3 or GTK 4) about the application's windows,
/// whose functions differ between the two.
@MainActor
package protocol ToolkitWindows {
    /// `application`'s windows now.
    func openWindows(_ application: UnsafeMutableRawPointer) -> [UnsafeMutableRawPointer]
    /// Whether one of `application`'s windows has the focus.
    func hasActiveWindow(_ application: UnsafeMutableRawPointer) -> Bool
    /// Whether one of `application`'s windows is fullscreen.
    func hasFullscreenWindow(_ application: UnsafeMutableRawPointer) -> Bool
    /// Whether a modal dialog is open in this process: a visible modal window.
    func hasModalDialog() -> Bool
    /// Starts watching `window`, one of the application's: each key, click, touch and scroll in it
    /// goes to `input` (observed in the capture phase, never consumed), and a change of its
    /// fullscreen state to `fullscreenChanged`.
    ///
    /// - Returns: What stops the watch; the link calls it when the window leaves the application
    ///   or the link ends, with the window while it is alive, and without it (`nil`) after.
    func watch(
        _ window: UnsafeMutableRawPointer, input: @escaping @MainActor (UserInput) -> Void,
        fullscreenChanged: @escaping @MainActor () -> Void
    ) -> WindowWatch
}

/// How to stop watching one window.
@MainActor
package struct WindowWatch {
    /// Disconnects the watch's handlers from the window, when it is alive (not `nil`), and lets go
    /// of its event controllers.
    package let stop: @MainActor (UnsafeMutableRawPointer?) -> Void

    /// A watch that `stop` ends.
    package init(stop: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) {
        self.stop = stop
    }
}
