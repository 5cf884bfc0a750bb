import ArmchairGLib
import CGtk

/// What the feedback and review forms share: a message dialog with the form's fields under its
/// texts, a status row with a spinner under the fields, Cancel, and a suggested submit button
/// (Send, Publish) that the form enables only for a draft that can go.
///
/// The submit button starts ``submitDraft()`` and keeps the form open. While it works, the fields
/// are insensitive, the spinner turns, and nothing but the window closes the form; if the window
/// closes then (Escape, its parent window went, the engine closed the prompt), the work's task is
/// cancelled, which a sender that waits on the app takes as "not delivered", and the work's
/// outcome is still the answer. Once the work succeeds the form closes; a failure goes to
/// ``showFailure(_:)``, and everything the user wrote stays.
///
/// A form subclasses it: it builds its fields into ``fields`` and its messages into ``status``,
/// and overrides ``update()``, ``submitDraft()`` and ``showFailure(_:)``.
@MainActor
class FormDialog {
    /// The column the form builds its fields into, one under the other; the status row goes last.
    let fields: UnsafeMutablePointer<GtkWidget>
    /// The status row's label, right of the spinner, for the form's messages.
    let status: UnsafeMutablePointer<GtkLabel>
    /// The submit button, once the dialog is built.
    private(set) var submitButton: UnsafeMutablePointer<GtkWidget>!
    /// Whether the draft is being submitted.
    private(set) var isSubmitting = false
    /// Whether the dialog has been destroyed; its widgets must not be touched any more.
    var isDestroyed: Bool { runner.isDestroyed }

    private let statusRow: UnsafeMutablePointer<GtkWidget>
    private let spinner: UnsafeMutablePointer<GtkSpinner>
    private var dialog: UnsafeMutablePointer<GtkDialog>!
    private let runner = DialogRunner()

    /// The response of the submit button, which starts the work instead of closing.
    private static let submitResponse: Int32 = 1
    /// The response that closes the form once its draft is submitted.
    private static let submittedResponse: Int32 = 2

    /// Makes the column for the fields, `fieldSpacing` pixels apart, and the status row.
    init(fieldSpacing: Int32) {
        fields = gtk_box_new(GTK_ORIENTATION_VERTICAL, fieldSpacing)!
        statusRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        let spinnerWidget = gtk_spinner_new()!
        spinner = cast(spinnerWidget)!
        let statusLabel = gtk_label_new(nil)!
        status = cast(statusLabel)!
        gtk_label_set_line_wrap(status, 1)
        gtk_box_pack_start(cast(statusRow), spinnerWidget, 0, 0, 0)
        gtk_box_pack_start(cast(statusRow), statusLabel, 1, 1, 0)
    }

    /// Shows the form until its draft is submitted or the user cancels; returns whether the draft
    /// was submitted.
    ///
    /// - Parameters:
    ///   - title: The window's title and the form's bold heading.
    ///   - message: The text under the heading.
    ///   - cancelButton: The Cancel button's label, with its mnemonic.
    ///   - submitButton: The submit button's label, with its mnemonic.
    ///   - parent: The window the form belongs to.
    func run(
        title: String, message: String, cancelButton: String, submitButton submitLabel: String,
        parent: UnsafeMutablePointer<GtkWindow>?
    ) async -> Bool {
        gtk_box_pack_start(cast(fields), statusRow, 0, 0, 0)
        dialog = MessageDialog(
            title: title, primaryText: title, secondaryText: message,
            buttons: [
                .init(label: cancelButton, response: Int32(GTK_RESPONSE_CANCEL.rawValue)),
                .init(label: submitLabel, response: Self.submitResponse, isSuggested: true),
            ],
            extraContent: fields
        ).build(parent: parent)
        submitButton = gtk_dialog_get_widget_for_response(dialog, Self.submitResponse)
        gtk_window_set_resizable(cast(dialog), 1)
        update()
        let response = await runner.runForm(
            dialog, submitResponse: Self.submitResponse, isBusy: { [self] in isSubmitting },
            submit: { [self] in await submit() })
        return response == Self.submittedResponse
    }

    // MARK: What each form does

    /// Shows the state of the fields, and enables ``submitButton`` only for a draft that can go.
    /// Called once the dialog is built, when submitting starts, and after a failure; each form
    /// calls it on every edit too.
    func update() {
        preconditionFailure("\(Self.self) shows the state of its fields.")
    }

    /// Submits what the form holds; returns `nil` once submitted, or the failure to show.
    func submitDraft() async -> String? {
        preconditionFailure("\(Self.self) submits its draft.")
    }

    /// Shows why the last submission failed.
    func showFailure(_ failure: String) {
        preconditionFailure("\(Self.self) shows its failures.")
    }

    // MARK: For the forms

    /// Shows `widget` in the theme's error style if `isError`, else in its usual style.
    func styleAsError<Widget>(_ widget: UnsafeMutablePointer<Widget>, if isError: Bool) {
        let style = gtk_widget_get_style_context(cast(widget))
        if isError {
            gtk_style_context_add_class(style, "error")
        } else {
            gtk_style_context_remove_class(style, "error")
        }
    }

    // MARK: Submitting

    /// Submits the draft while the fields wait and the spinner turns; then closes the form, or
    /// shows the failure and gives the fields back.
    private func submit() async {
        isSubmitting = true
        gtk_widget_set_sensitive(fields, 0)
        update()
        gtk_spinner_start(spinner)
        let failure = await submitDraft()
        isSubmitting = false
        if isDestroyed {
            runner.finish(failure == nil ? Self.submittedResponse : DialogRunner.closed)
            return
        }
        gtk_spinner_stop(spinner)
        guard let failure else {
            gtk_dialog_response(dialog, Self.submittedResponse)
            return
        }
        gtk_widget_set_sensitive(fields, 1)
        showFailure(failure)
        update()
    }
}
