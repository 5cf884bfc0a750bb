import ArmchairCore
import CGtk

/// The feedback form: the message (required, with a character counter), an optional reply
/// address, and an opt-in check box that adds the system details listed right under it. Send stays
/// disabled until the form is valid; while sending, a spinner turns and the form waits; a failed
/// delivery shows its error and Send becomes Retry, keeping everything the user wrote.
@MainActor
final class FeedbackFormDialog {
    private let form: FeedbackForm
    private let send: @MainActor (FeedbackDraft) async -> FeedbackError?
    private var dialog: UnsafeMutablePointer<GtkDialog>!
    private var buffer: UnsafeMutablePointer<GtkTextBuffer>!
    private var email: UnsafeMutablePointer<GtkEntry>!
    private var includeDetails: UnsafeMutablePointer<GtkToggleButton>!
    private var counter: UnsafeMutablePointer<GtkLabel>!
    private var errorLabel: UnsafeMutablePointer<GtkWidget>!
    private var spinner: UnsafeMutablePointer<GtkSpinner>!
    private var fields: UnsafeMutablePointer<GtkWidget>!
    private var sendButton: UnsafeMutablePointer<GtkWidget>!
    private var isSending = false
    private let runner = DialogRunner()

    private init(form: FeedbackForm, send: @escaping @MainActor (FeedbackDraft) async -> FeedbackError?) {
        self.form = form
        self.send = send
    }

    static func present(
        _ form: FeedbackForm, parent: UnsafeMutablePointer<GtkWindow>?,
        send: @escaping @MainActor (FeedbackDraft) async -> FeedbackError?
    ) async -> FeedbackFormOutcome {
        let controller = FeedbackFormDialog(form: form, send: send)
        return await controller.run(parent: parent)
    }

    private func run(parent: UnsafeMutablePointer<GtkWindow>?) async -> FeedbackFormOutcome {
        let cancel = Int32(GTK_RESPONSE_CANCEL.rawValue)
        dialog = MessageDialog(
            title: form.title, primaryText: form.title, secondaryText: form.message,
            buttons: [
                .init(label: form.cancelButton, response: cancel),
                .init(label: form.sendButton, response: Response.send, isSuggested: true),
            ],
            extraContent: buildFields()
        ).build(parent: parent)
        sendButton = gtk_dialog_get_widget_for_response(dialog, Response.send)
        gtk_window_set_resizable(cast(dialog), 1)
        updateValidity()

        let response = await runner.runForm(
            dialog, submitResponse: Response.send, isBusy: { [self] in isSending },
            submit: { [self] in await deliver() })
        return response == Response.close ? .sent : .cancelled
    }

    private func buildFields() -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        fields = box

        let textView = gtk_text_view_new()!
        gtk_text_view_set_wrap_mode(cast(textView), GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_accepts_tab(cast(textView), 0)
        gtk_text_view_set_left_margin(cast(textView), 6)
        gtk_text_view_set_right_margin(cast(textView), 6)
        atk_object_set_name(gtk_widget_get_accessible(textView), RatingPrompt.plain(form.message))
        buffer = gtk_text_view_get_buffer(cast(textView))
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(cast(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_shadow_type(cast(scrolled), GTK_SHADOW_IN)
        gtk_widget_set_size_request(scrolled, 380, 140)
        gtk_container_add(cast(scrolled), textView)
        gtk_box_pack_start(cast(box), scrolled, 1, 1, 0)
        Signal.connect(UnsafeMutableRawPointer(buffer), "changed") { [weak self] in self?.updateValidity() }

        let counterWidget = gtk_label_new(nil)!
        counter = cast(counterWidget)
        gtk_widget_set_halign(counterWidget, GTK_ALIGN_END)
        gtk_style_context_add_class(gtk_widget_get_style_context(counterWidget), "dim-label")
        gtk_box_pack_start(cast(box), counterWidget, 0, 0, 0)

        let emailLabel = gtk_label_new_with_mnemonic(form.emailLabel)!
        gtk_widget_set_halign(emailLabel, GTK_ALIGN_START)
        let emailEntry = gtk_entry_new()!
        email = cast(emailEntry)
        gtk_entry_set_input_purpose(email, GTK_INPUT_PURPOSE_EMAIL)
        gtk_entry_set_activates_default(email, 1)
        gtk_label_set_mnemonic_widget(cast(emailLabel), emailEntry)
        gtk_box_pack_start(cast(box), emailLabel, 0, 0, 0)
        gtk_box_pack_start(cast(box), emailEntry, 0, 0, 0)
        Signal.connect(UnsafeMutableRawPointer(email), "changed") { [weak self] in self?.updateValidity() }

        let check = gtk_check_button_new_with_mnemonic(form.systemDetailsLabel)!
        includeDetails = cast(check)
        gtk_box_pack_start(cast(box), check, 0, 0, 0)
        let detailsText = form.systemDetails.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
        let details = gtk_label_new(detailsText)!
        gtk_widget_set_halign(details, GTK_ALIGN_START)
        gtk_widget_set_margin_start(details, 24)
        gtk_label_set_selectable(cast(details), 1)
        gtk_label_set_line_wrap(cast(details), 1)
        gtk_style_context_add_class(gtk_widget_get_style_context(details), "dim-label")
        gtk_box_pack_start(cast(box), details, 0, 0, 0)

        let status = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        let spinnerWidget = gtk_spinner_new()!
        spinner = cast(spinnerWidget)
        errorLabel = gtk_label_new(nil)!
        gtk_label_set_line_wrap(cast(errorLabel), 1)
        gtk_widget_set_halign(errorLabel, GTK_ALIGN_START)
        gtk_style_context_add_class(gtk_widget_get_style_context(errorLabel), "error")
        gtk_box_pack_start(cast(status), spinnerWidget, 0, 0, 0)
        gtk_box_pack_start(cast(status), errorLabel, 1, 1, 0)
        gtk_box_pack_start(cast(box), status, 0, 0, 0)
        gtk_widget_show_all(box)
        gtk_widget_set_no_show_all(errorLabel, 1)
        gtk_widget_hide(errorLabel)
        return box
    }

    /// What the form holds now.
    private var draft: FeedbackDraft {
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        let textPointer = gtk_text_buffer_get_text(buffer, &start, &end, 0)
        defer { g_free(textPointer) }
        return FeedbackDraft(
            text: textPointer.map { String(cString: $0) } ?? "",
            replyEmail: gtk_entry_get_text(email).map { String(cString: $0) } ?? "",
            includesSystemDetails: gtk_toggle_button_get_active(includeDetails) != 0)
    }

    /// Updates the counter and enables Send only for a draft that can be sent.
    private func updateValidity() {
        guard !runner.isDestroyed else { return }
        let draft = draft
        let problems = draft.problems(characterLimit: form.characterLimit)
        gtk_label_set_text(counter, "\(draft.text.count) / \(form.characterLimit)")
        let counterStyle = gtk_widget_get_style_context(cast(counter))
        let emailStyle = gtk_widget_get_style_context(cast(email))
        if problems.contains(where: { if case .textTooLong = $0 { true } else { false } }) {
            gtk_style_context_add_class(counterStyle, "error")
        } else {
            gtk_style_context_remove_class(counterStyle, "error")
        }
        if problems.contains(.invalidEmail) {
            gtk_style_context_add_class(emailStyle, "error")
        } else {
            gtk_style_context_remove_class(emailStyle, "error")
        }
        gtk_widget_set_sensitive(sendButton, problems.isEmpty && !isSending ? 1 : 0)
    }

    /// Sends the draft; closes the form once delivered, or shows the error and offers Retry.
    private func deliver() async {
        isSending = true
        gtk_widget_set_sensitive(fields, 0)
        gtk_widget_set_sensitive(sendButton, 0)
        gtk_widget_hide(errorLabel)
        gtk_spinner_start(spinner)
        let error = await send(draft)
        isSending = false
        if runner.isDestroyed {
            runner.finish(error == nil ? Response.close : DialogRunner.closed)
            return
        }
        gtk_spinner_stop(spinner)
        guard let error else {
            gtk_dialog_response(dialog, Response.close)
            return
        }
        gtk_label_set_text(cast(errorLabel), error.message)
        gtk_widget_show(errorLabel)
        gtk_button_set_label(cast(sendButton), form.retryButton)
        gtk_widget_set_sensitive(fields, 1)
        updateValidity()
    }
}
