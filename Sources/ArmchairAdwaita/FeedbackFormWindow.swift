import ArmchairCore
import ArmchairGLib
import CGtk4

/// The feedback form: the message (required, with a character counter), an optional reply
/// address, and an opt-in check button that adds the system details listed right under it. Send
/// stays insensitive until the draft can be sent; while sending, a spinner turns and the form
/// waits; a failed delivery shows its error and Send becomes Retry, keeping everything the user
/// wrote.
@MainActor
final class FeedbackFormWindow: FormWindow {
    private let form: FeedbackForm
    private let send: @MainActor (FeedbackDraft) async -> FeedbackError?
    private let message = TextArea(height: 140)
    private let counter = FormWindow.counterLabel()
    private let email = gtk_entry_new()
    private let includeDetails = gtk_check_button_new()

    private init(form: FeedbackForm, send: @escaping @MainActor (FeedbackDraft) async -> FeedbackError?) {
        self.form = form
        self.send = send
        super.init()
        buildFields()
    }

    /// Shows `form` over `parent` until the user sends it (`send` returns no error) or cancels.
    static func present(
        _ form: FeedbackForm, parent: UnsafeMutablePointer<GtkWindow>?,
        send: @escaping @MainActor (FeedbackDraft) async -> FeedbackError?
    ) async -> FeedbackFormOutcome {
        let window = FeedbackFormWindow(form: form, send: send)
        let sent = await window.run(
            title: form.title, message: form.message, cancelButton: form.cancelButton,
            submitButton: form.sendButton, focus: window.message.textView, parent: parent)
        return sent ? .sent : .cancelled
    }

    private func buildFields() {
        // The message above it is the text view's label, as in the GTK 3 form.
        Accessible.setLabel(message.textView, RatingPrompt.plain(form.message))
        message.start(with: form.body)
        Signal.connect(message.buffer, "changed") { [weak self] in self?.update() }

        // The message takes the height the form gains when someone enlarges its window.
        gtk_widget_set_vexpand(message.scrolledWindow, 1)
        let messageGroup = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        gtk_box_append(cast(messageGroup), message.scrolledWindow)
        gtk_box_append(cast(messageGroup), counter)
        gtk_box_append(cast(fields), messageGroup)

        let emailLabel = Self.fieldLabel(form.emailLabel, for: email)
        gtk_entry_set_input_purpose(cast(email), GTK_INPUT_PURPOSE_EMAIL)
        gtk_entry_set_activates_default(cast(email), 1)
        Signal.connect(email, "changed") { [weak self] in self?.update() }
        let emailGroup = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        gtk_box_append(cast(emailGroup), emailLabel)
        gtk_box_append(cast(emailGroup), email)
        gtk_box_append(cast(fields), emailGroup)

        // A label of its own, which wraps (the check button's own label would not), with the
        // mnemonic; its text names the check button.
        let checkLabel = Self.fieldLabel(form.systemDetailsLabel, for: includeDetails)
        gtk_check_button_set_child(cast(includeDetails), checkLabel)
        // Exactly what the check button adds, shown before the user chooses.
        let details = Self.wrappingLabel(form.systemDetailsText)
        gtk_label_set_selectable(cast(details), 1)
        gtk_widget_add_css_class(details, "dim-label")
        gtk_widget_set_margin_start(details, 28)
        let detailsGroup = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)
        gtk_box_append(cast(detailsGroup), includeDetails)
        gtk_box_append(cast(detailsGroup), details)
        gtk_box_append(cast(fields), detailsGroup)
    }

    /// What the form holds now.
    private var draft: FeedbackDraft {
        FeedbackDraft(
            text: message.text,
            replyEmail: gtk_editable_get_text(cast(email)).map { String(cString: $0) } ?? "",
            includesSystemDetails: gtk_check_button_get_active(cast(includeDetails)) != 0)
    }

    /// Updates the counter and the address's error style, and enables Send only for a draft that
    /// can be sent.
    override func update() {
        guard !isDestroyed else { return }
        let check = form.check(draft)
        show(check.counter, in: counter)
        styleAsError(email, if: check.emailIsInvalid)
        gtk_widget_set_sensitive(submitButton, check.canSend && !isSubmitting ? 1 : 0)
    }

    /// Hides the last failure's error and sends the draft.
    override func submitDraft() async -> String? {
        showStatus(nil)
        return await send(draft)?.message
    }

    /// Shows the error, and Send becomes Retry.
    override func showFailure(_ failure: String) {
        super.showFailure(failure)
        relabelSubmitButton(form.retryButton)
    }
}
