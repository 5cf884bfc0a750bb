/// What a person did in one of the app's windows, as a front-end reports it to
/// ``PromptScheduler/userInput(_:)``: the automatic prompt waits for a few seconds without any
/// (``PromptScheduler/Settings/quietTime``), and never comes while something is held down.
///
/// Only input to the app's own windows is reported: Armchair never watches the rest of the
/// desktop, which Wayland and Flatpak rightly forbid.
public enum UserInput: Sendable, Hashable {
    /// A key, a pointer button or a touch went down.
    case pressed(InputSource)
    /// A key, a pointer button or a touch went up (or the touch was cancelled).
    case released(InputSource)
    /// A scroll, or any other input that is over as soon as it happens.
    case scrolled
}

/// What was pressed: each is held from its ``UserInput/pressed(_:)`` to its
/// ``UserInput/released(_:)``, so that a key held for auto-repeat counts once.
public enum InputSource: Sendable, Hashable {
    /// A key, by its hardware key code.
    case key(UInt32)
    /// A pointer button, by its number (1 is the primary button).
    case pointerButton(UInt32)
    /// A finger on a touchscreen, by its touch sequence.
    case touch(UInt)
}
