public import ArmchairCore
import ArmchairGLib
import CGtk4

/// Shows Armchair's libadwaita dialogs without an engine or a state file, for proofreading texts
/// and translations; `armchair preview --toolkit gtk4` is built on it.
///
/// ```swift
/// let answers = try DialogPreview.show([.satisfaction, .feedback],
///                                      content: PromptContent(configuration: configuration))
/// ```
///
/// Nothing is recorded and nothing is sent: the feedback and review forms accept what is typed and
/// drop it.
@MainActor
public enum DialogPreview {
    /// One dialog of Armchair's.
    public typealias Step = PreviewStep

    /// Why the dialogs cannot be shown.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Shows each step in turn, each after the previous one closes, and returns what was chosen in
    /// each (the answer's raw value, such as `rate` or `dismissed`).
    ///
    /// Runs a GLib main loop until the last dialog closes. Call it on the main thread of a process
    /// that has not started GTK: it starts GTK and libadwaita itself, as an `AdwApplication` would
    /// in its `startup`.
    ///
    /// - Throws: ``Failure`` when there is no display.
    public static func show(_ steps: [Step], content: PromptContent) throws(Failure) -> [String] {
        guard gtk_init_check() != 0 else {
            throw Failure(description: "GTK cannot open a display; is DISPLAY or WAYLAND_DISPLAY set?")
        }
        adw_init()
        let presenter = AdwaitaRatingPresenter()
        var answers: [String] = []
        MainLoop.run {
            for step in steps {
                answers.append(await step.show(with: presenter, content: content))
            }
        }
        return answers
    }
}
