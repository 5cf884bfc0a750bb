import ArmchairCore
import ArmchairGLib
import CGtk4

/// A question as an `AdwMessageDialog`: a heading, a body, and one button per answer, laid out by
/// libadwaita (in a row, or stacked when the window is too narrow for the row).
///
/// There is no `gtk_dialog_run` in GTK 4: the dialog is presented, and its `response` signal
/// resumes the waiting task. `AdwMessageDialog` emits `response` once, with the ID of the button,
/// or with its `close-response` when it is closed otherwise (Escape, the close button), and then
/// destroys itself. A dialog destroyed without a response (its parent window closed) answers
/// `dismissed` too.
@MainActor
enum MessageDialog {
    /// The response ID of closing the dialog without a button (Escape): none of the choices' IDs,
    /// so that Escape never presses one of them.
    static let closeResponse = "dismissed"

    /// Asks `heading` / `body` with `choices` (in reading order: the suggested one last, at the
    /// end of the row as GNOME's dialogs have it) and returns the answer of the button pressed, or
    /// `dismissed`.
    static func ask<Answer>(
        heading: String, body: String, choices: [PromptChoice<Answer>], dismissed: Answer,
        parent: UnsafeMutablePointer<GtkWindow>?
    ) async -> Answer {
        // libadwaita's style sheet and style manager: an AdwApplication started them in its
        // startup; a plain GtkApplication did not, and its dialogs would look like plain GTK's.
        // adw_init does nothing the second time.
        adw_init()
        // An empty heading or body is left out rather than shown as an empty line (SwiftyiRate).
        guard let widget = adw_message_dialog_new(parent, heading.isEmpty ? nil : heading, body.isEmpty ? nil : body),
            let dialog: UnsafeMutablePointer<AdwMessageDialog> = cast(widget)
        else { return dismissed }
        for choice in choices {
            adw_message_dialog_add_response(dialog, choice.id, choice.label)
            if choice.isSuggested {
                adw_message_dialog_set_response_appearance(dialog, choice.id, ADW_RESPONSE_SUGGESTED)
                adw_message_dialog_set_default_response(dialog, choice.id)
            }
        }
        adw_message_dialog_set_close_response(dialog, closeResponse)
        Accessible.nameButtons(under: widget)
        Accessible.setDescription(widget, body)
        if heading.isEmpty, let name = g_get_application_name() { Accessible.setLabel(widget, String(cString: name)) }
        // Gone with its window (answering "dismissed"), rather than left over a closed app.
        gtk_window_set_destroy_with_parent(cast(widget), 1)
        // One of the app's windows, so that focusing it keeps the app active.
        if let parent, let application = gtk_window_get_application(parent) {
            gtk_window_set_application(cast(widget), application)
        }
        guardActivation(of: dialog, choices: choices.map(\.id))
        let id = await run(widget)
        return choices.first { $0.id == id }?.answer ?? dismissed
    }

    /// Disables the responses `choices` of `dialog` for ``ActivationGuard/seconds`` from now.
    private static func guardActivation(of dialog: UnsafeMutablePointer<AdwMessageDialog>, choices: [String]) {
        for choice in choices { adw_message_dialog_set_response_enabled(dialog, choice, 0) }
        let weakDialog = WeakObject(UnsafeMutableRawPointer(dialog))
        MainLoopTimer.after(ActivationGuard.seconds) {
            weakDialog.withObject { object in
                let dialog: UnsafeMutablePointer<AdwMessageDialog>? = cast(object)
                for choice in choices { adw_message_dialog_set_response_enabled(dialog, choice, 1) }
            }
        }
    }

    /// Presents `widget`, an `AdwMessageDialog *`, and returns its response ID, or `nil` when it
    /// was destroyed without one.
    private static func run(_ widget: UnsafeMutablePointer<GtkWidget>) async -> String? {
        await withCheckedContinuation { continuation in
            var continuation: CheckedContinuation<String?, Never>? = continuation
            func finish(_ id: String?) {
                continuation?.resume(returning: id)
                continuation = nil
            }
            Signal.connect(UnsafeMutableRawPointer(widget), "response") { (id: String) in finish(id) }
            Signal.connect(UnsafeMutableRawPointer(widget), "destroy") { finish(nil) }
            PresentedWindows.add(UnsafeMutableRawPointer(widget))
            gtk_window_present(cast(widget))
        }
    }
}
