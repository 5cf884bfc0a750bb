import ArmchairCore

/// The windows Armchair shows now (the prompt, the satisfaction steps, the forms), so that an
/// engine can close its own from code: each window is in the list from when it is presented until
/// it is destroyed, with the engine whose prompt opened it (``PromptOwner``).
@MainActor
package enum PresentedWindows {
    private static var windows: [(window: UnsafeMutableRawPointer, owner: ObjectIdentifier?)] = []

    /// Adds `window`, a `GtkWindow *` about to be presented for ``PromptOwner/current``; it leaves
    /// the list when destroyed.
    package static func add(_ window: UnsafeMutableRawPointer) {
        windows.append((window, PromptOwner.current))
        Signal.connect(window, "destroy") { windows.removeAll { $0.window == window } }
    }

    /// Every window presented now, in the order they were presented.
    package static var all: [UnsafeMutableRawPointer] { windows.map(\.window) }

    /// Closes the windows of ``PromptOwner/current`` with `destroy` (`gtk_widget_destroy`,
    /// `gtk_window_destroy`): each ends as when the person closes it, "not now".
    package static func closeAll(_ destroy: (UnsafeMutableRawPointer) -> Void) {
        let owner = PromptOwner.current
        for entry in windows.reversed() where entry.owner == owner { destroy(entry.window) }
    }
}
