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

    /// Shows each step in turn, each after the previous one closes (or all at once), and returns
    /// what was chosen in each (the answer's raw value, such as `rate` or `dismissed`).
    ///
    /// Runs a GLib main loop until the last dialog closes. Call it on the main thread of a process
    /// that has not started GTK: it starts GTK and libadwaita itself, as an `AdwApplication` would
    /// in its `startup`.
    ///
    /// - Parameters:
    ///   - steps: The dialogs to show.
    ///   - content: Their texts.
    ///   - together: Show every step at once, each in a window of its own, in the order of
    ///     `steps`, to read them side by side.
    ///   - picturesFolder: A folder for a PNG of each dialog (`rating.png`…), drawn as a person
    ///     sees it once its buttons take clicks; `nil` for none.
    /// - Throws: ``Failure`` when there is no display.
    public static func show(
        _ steps: [Step], content: PromptContent, together: Bool = false, picturesFolder: String? = nil
    ) throws(Failure) -> [String] {
        guard gtk_init_check() != 0 else {
            throw Failure(description: "GTK cannot open a display; is DISPLAY or WAYLAND_DISPLAY set?")
        }
        adw_init()
        let presenter = AdwaitaRatingPresenter()
        var answers: [String] = []
        MainLoop.run {
            answers = await PreviewSession.show(
                steps, together: together, picturesFolder: picturesFolder, draw: DialogPicture.save(_:to:)
            ) { step in
                await step.show(with: presenter, content: content)
            }
        }
        return answers
    }
}
