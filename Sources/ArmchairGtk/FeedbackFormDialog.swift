import ArmchairCore
import ArmchairGLib
import CGtk

/// The feedback form: the message (required, with a character counter), an optional reply
/// address, and an opt-in check box that adds the system details listed right under it. Send stays
/// disabled until the form is valid; while sending, a spinner turns and the form waits; a failed
/// delivery shows its error and Send becomes Retry, keeping everything the user wrote.
@MainActor
final class FeedbackFormDialog: FormDialog {
    private let form: FeedbackForm
    private let send: @MainActor (FeedbackDraft) async -> FeedbackError?
    private let message = TextArea(height: 140)
    private var email: UnsafeMutablePointer<GtkEntry>!
    private var includeDetails: UnsafeMutablePointer<GtkToggleButton>!
    private var counter: UnsafeMutablePointer<GtkLabel>!

    private init(form: FeedbackForm, send: @escaping @MainActor (FeedbackDraft) async -> FeedbackError?) {
        self.form = form
        self.send = send
        super.init(fieldSpacing: 6)
        buildFields()
    }

    static func present(
        _ form: FeedbackForm, parent: UnsafeMutablePointer<GtkWindow>?,
        send: @escaping @MainActor (FeedbackDraft) async -> FeedbackError?
    ) async -> FeedbackFormOutcome {
        let sent = await FeedbackFormDialog(form: form, send: send).run(
            title: form.title, message: form.message, cancelButton: form.cancelButton, submitButton: form.sendButton,
            parent: parent)
        return sent ? .sent : .cancelled
    }

    private func buildFields() {
        atk_object_set_name(gtk_widget_get_accessible(message.textView), RatingPrompt.plain(form.message))
        gtk_box_pack_start(cast(fields), message.scrolledWindow, 1, 1, 0)
        message.start(with: form.body)
        Signal.connect(UnsafeMutableRawPointer(message.buffer), "changed") { [weak self] in self?.update() }

        let counterWidget = gtk_label_new(nil)!
        counter = cast(counterWidget)
        gtk_widget_set_halign(counterWidget, GTK_ALIGN_END)
        gtk_style_context_add_class(gtk_widget_get_style_context(counterWidget), "dim-label")
        gtk_box_pack_start(cast(fields), counterWidget, 0, 0, 0)

        let emailLabel = gtk_label_new_with_mnemonic(form.emailLabel)!
        gtk_widget_set_halign(emailLabel, GTK_ALIGN_START)
        let emailEntry = gtk_entry_new()!
        email = cast(emailEntry)
        gtk_entry_set_input_purpose(email, GTK_INPUT_PURPOSE_EMAIL)
        gtk_entry_set_activates_default(email, 1)
        gtk_label_set_mnemonic_widget(cast(emailLabel), emailEntry)
        gtk_box_pack_start(cast(fields), emailLabel, 0, 0, 0)
        gtk_box_pack_start(cast(fields), emailEntry, 0, 0, 0)
        Signal.connect(UnsafeMutableRawPointer(email), "changed") { [weak self] in self?.update() }

        let check = gtk_check_button_new_with_mnemonic(form.systemDetailsLabel)!
        includeDetails = cast(check)
        gtk_box_pack_start(cast(fields), check, 0, 0, 0)
        let details = gtk_label_new(form.systemDetailsText)!
        gtk_widget_set_halign(details, GTK_ALIGN_START)
        gtk_widget_set_margin_start(details, 24)
        gtk_label_set_selectable(cast(details), 1)
        gtk_label_set_line_wrap(cast(details), 1)
        gtk_style_context_add_class(gtk_widget_get_style_context(details), "dim-label")
        gtk_box_pack_start(cast(fields), details, 0, 0, 0)

        // The status shows a failed delivery's error, and nothing otherwise.
        gtk_widget_set_halign(cast(status), GTK_ALIGN_START)
        gtk_style_context_add_class(gtk_widget_get_style_context(cast(status)), "error")
        gtk_widget_set_no_show_all(cast(status), 1)
    }

    /// What the form holds now.
    private var draft: FeedbackDraft {
        FeedbackDraft(
            text: message.text,
            replyEmail: gtk_entry_get_text(email).map { String(cString: $0) } ?? "",
            includesSystemDetails: gtk_toggle_button_get_active(includeDetails) != 0)
    }

    /// Updates the counter and enables Send only for a draft that can be sent.
    override func update() {
        guard !isDestroyed else { return }
        let check = form.check(draft)
        gtk_label_set_text(counter, check.counter.text)
        styleAsError(counter, if: check.counter.isOverLimit)
        styleAsError(email, if: check.emailIsInvalid)
        gtk_widget_set_sensitive(submitButton, check.canSend && !isSubmitting ? 1 : 0)
    }

    /// Hides the last failure's error and sends the draft.
    override func submitDraft() async -> String? {
        gtk_widget_hide(cast(status))
        return await send(draft)?.message
    }

    /// Shows the error, and Send becomes Retry.
    override func showFailure(_ failure: String) {
        gtk_label_set_text(status, failure)
        gtk_widget_show(cast(status))
        gtk_button_set_label(cast(submitButton), form.retryButton)
    }
}
