/// What holds an automatic prompt back until the next natural break in the app: the prompt
/// waits, and comes when none of these holds any more (see ``PromptScheduler``).
///
/// A prompt the app asks for explicitly (``RatingEngine/showPrompt(asksSatisfactionFirst:)``, a
/// "Rate this app" menu item) is never held: the person asked for it.
public enum BreakHold: Sendable, Hashable, CustomStringConvertible {
    /// Someone is working in the app: the last key, click, touch or scroll, or the moment a
    /// window of the app became active, was `secondsAgo`, less than the `quietTime` the prompt
    /// waits for.
    case activity(secondsAgo: Double, quietTime: Double)
    /// A key, a pointer button or a finger is held down in one of the app's windows.
    case inputHeld
    /// One of the app's windows is fullscreen (``PromptScheduler/Settings/promptsOverFullscreen``
    /// is off).
    case fullscreen
    /// The app said it is busy (``PromptScheduler/markBusy(_:)``), for these reasons.
    case busy([String])
    /// The screen is locked or the screensaver is on.
    case screenLocked
    /// Another modal dialog of the app is open.
    case otherDialog

    /// The hold in words, as the decision and the debug log give it.
    public var description: String { description(naming: .swift) }

    /// The hold in words, with the setting it mentions named as `naming` names it.
    package func description(naming: SettingNaming) -> String {
        switch self {
        case .activity(let secondsAgo, let quietTime):
            "someone is using the app (last key, click, touch or scroll \(Number.short(secondsAgo)) s ago); "
                + "the prompt waits for \(Number.short(quietTime)) s of quiet"
        case .inputHeld: "a key or a pointer button is held down"
        case .fullscreen: "a window of the app is fullscreen (\(naming.name("promptsOverFullscreen")) is off)"
        case .busy(let reasons):
            "the app is busy" + (reasons.isEmpty ? "" : ": " + reasons.joined(separator: "; "))
        case .screenLocked: "the screen is locked or the screensaver is on"
        case .otherDialog: "another dialog of the app is open"
        }
    }
}
