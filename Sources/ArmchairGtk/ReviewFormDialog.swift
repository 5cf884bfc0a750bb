import ArmchairCore
import CGtk

/// The "Write a review" form, checked live as GNOME Software checks its own: five stars with a
/// description of the rating, a summary and a review with character counters, the name to
/// publish under, and the consent saying what is published where. Publish stays disabled, with
/// the reason shown under the fields, until the draft can be published and a few seconds were
/// spent writing; a refusal is shown there too, keeping everything the user wrote.
@MainActor
final class ReviewFormDialog {
    private let form: ReviewForm
    private let publish: @MainActor (ReviewDraft) async -> String?
    private var dialog: UnsafeMutablePointer<GtkDialog>!
    private var stars: [UnsafeMutablePointer<GtkToggleButton>?] = []
    private var ratingDescription: UnsafeMutablePointer<GtkLabel>!
    private var summary: UnsafeMutablePointer<GtkEntry>!
    private var summaryCounter: UnsafeMutablePointer<GtkLabel>!
    private var buffer: UnsafeMutablePointer<GtkTextBuffer>!
    private var descriptionCounter: UnsafeMutablePointer<GtkLabel>!
    private var name: UnsafeMutablePointer<GtkEntry>!
    private var status: UnsafeMutablePointer<GtkLabel>!
    private var spinner: UnsafeMutablePointer<GtkSpinner>!
    private var fields: UnsafeMutablePointer<GtkWidget>!
    private var publishButton: UnsafeMutablePointer<GtkWidget>!
    private var rating = 0
    private var isUpdatingStars = false
    private var isPublishing = false
    private var hasSpentWritingTime = false
    /// The service's refusal of the draft as it was; cleared by any edit.
    private var refusal: String?
    private let runner = DialogRunner()

    private init(form: ReviewForm, publish: @escaping @MainActor (ReviewDraft) async -> String?) {
        self.form = form
        self.publish = publish
    }

    static func present(
        _ form: ReviewForm, parent: UnsafeMutablePointer<GtkWindow>?,
        publish: @escaping @MainActor (ReviewDraft) async -> String?
    ) async -> ReviewFormOutcome {
        await ReviewFormDialog(form: form, publish: publish).run(parent: parent)
    }

    private func run(parent: UnsafeMutablePointer<GtkWindow>?) async -> ReviewFormOutcome {
        dialog = MessageDialog(
            title: form.title, primaryText: form.title, secondaryText: form.consent,
            buttons: [
                .init(label: form.cancelButton, response: Int32(GTK_RESPONSE_CANCEL.rawValue)),
                .init(label: form.publishButton, response: Response.publish, isSuggested: true),
            ],
            extraContent: buildFields()
        ).build(parent: parent)
        publishButton = gtk_dialog_get_widget_for_response(dialog, Response.publish)
        gtk_window_set_resizable(cast(dialog), 1)
        update()
        let writingTime = Task { [weak self] in
            try? await Task.sleep(for: .seconds(ReviewDraft.Limits.writingSeconds))
            self?.hasSpentWritingTime = true
            self?.update()
        }
        defer { writingTime.cancel() }

        let response = await runner.runForm(
            dialog, submitResponse: Response.publish, isBusy: { [self] in isPublishing },
            submit: { [self] in await submit() })
        return response == Response.close ? .submitted : .cancelled
    }

    // MARK: Building

    /// The fields, one under the other, each label above its field and each counter under it, so
    /// the form stays narrow in every language.
    private func buildFields() -> UnsafeMutablePointer<GtkWidget> {
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        fields = column

        let starRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 2)!
        for value in 1...5 {
            let button = gtk_toggle_button_new_with_label("☆")!
            gtk_button_set_relief(cast(button), GTK_RELIEF_NONE)
            gtk_widget_set_tooltip_text(button, form.starName(forStars: value))
            atk_object_set_name(gtk_widget_get_accessible(button), form.starName(forStars: value))
            stars.append(cast(button))
            Signal.connect(UnsafeMutableRawPointer(button), "toggled") { [weak self] in self?.starToggled(value) }
            gtk_box_pack_start(cast(starRow), button, 0, 0, 0)
        }
        let description = gtk_label_new(form.ratingDescription(forStars: 0))!
        ratingDescription = cast(description)
        gtk_label_set_line_wrap(ratingDescription, 1)
        gtk_label_set_max_width_chars(ratingDescription, 24)
        gtk_label_set_xalign(ratingDescription, 0)
        gtk_box_pack_start(cast(starRow), description, 0, 0, 6)
        add(to: column, label: form.ratingLabel, field: starRow)

        let summaryEntry = gtk_entry_new()!
        summary = cast(summaryEntry)
        gtk_entry_set_activates_default(summary, 1)
        Signal.connect(UnsafeMutableRawPointer(summaryEntry), "changed") { [weak self] in self?.edited() }
        summaryCounter = add(to: column, label: form.summaryLabel, field: summaryEntry, hasCounter: true)

        let textView = gtk_text_view_new()!
        gtk_text_view_set_wrap_mode(cast(textView), GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_accepts_tab(cast(textView), 0)
        gtk_text_view_set_left_margin(cast(textView), 6)
        gtk_text_view_set_right_margin(cast(textView), 6)
        buffer = gtk_text_view_get_buffer(cast(textView))
        Signal.connect(UnsafeMutableRawPointer(buffer), "changed") { [weak self] in self?.edited() }
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(cast(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_shadow_type(cast(scrolled), GTK_SHADOW_IN)
        gtk_widget_set_size_request(scrolled, 380, 160)
        gtk_widget_set_vexpand(scrolled, 1)
        gtk_container_add(cast(scrolled), textView)
        descriptionCounter = add(
            to: column, label: form.descriptionLabel, field: scrolled, hasCounter: true, mnemonicTarget: textView,
            growsTaller: true)

        let nameEntry = gtk_entry_new()!
        name = cast(nameEntry)
        gtk_entry_set_text(name, form.suggestedName)
        gtk_entry_set_activates_default(name, 1)
        Signal.connect(UnsafeMutableRawPointer(nameEntry), "changed") { [weak self] in self?.edited() }
        add(to: column, label: form.nameLabel, field: nameEntry)

        let statusRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        let spinnerWidget = gtk_spinner_new()!
        spinner = cast(spinnerWidget)
        let statusLabel = gtk_label_new(nil)!
        status = cast(statusLabel)
        gtk_label_set_line_wrap(status, 1)
        gtk_label_set_max_width_chars(status, 50)
        gtk_label_set_xalign(status, 0)
        gtk_box_pack_start(cast(statusRow), spinnerWidget, 0, 0, 0)
        gtk_box_pack_start(cast(statusRow), statusLabel, 1, 1, 0)
        gtk_box_pack_start(cast(column), statusRow, 0, 0, 0)
        gtk_widget_show_all(column)
        return column
    }

    /// Adds a field to the form: its label above it, and a character counter under it when asked for.
    /// Only a field that `growsTaller` takes the height the form gains when someone enlarges it.
    @discardableResult
    private func add(
        to column: UnsafeMutablePointer<GtkWidget>, label text: String, field: UnsafeMutablePointer<GtkWidget>,
        hasCounter: Bool = false, mnemonicTarget: UnsafeMutablePointer<GtkWidget>? = nil, growsTaller: Bool = false
    ) -> UnsafeMutablePointer<GtkLabel>? {
        let group = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        let label = gtk_label_new_with_mnemonic(text)!
        gtk_label_set_xalign(cast(label), 0)
        gtk_label_set_mnemonic_widget(cast(label), mnemonicTarget ?? field)
        gtk_box_pack_start(cast(group), label, 0, 0, 0)
        gtk_box_pack_start(cast(group), field, growsTaller ? 1 : 0, 1, 0)
        gtk_box_pack_start(cast(column), group, growsTaller ? 1 : 0, 1, 0)
        guard hasCounter else { return nil }
        let counterWidget = gtk_label_new(nil)!
        gtk_widget_set_halign(counterWidget, GTK_ALIGN_END)
        gtk_style_context_add_class(gtk_widget_get_style_context(counterWidget), "dim-label")
        gtk_widget_set_tooltip_text(counterWidget, form.counterExplanation)
        atk_object_set_description(gtk_widget_get_accessible(counterWidget), form.counterExplanation)
        gtk_box_pack_start(cast(group), counterWidget, 0, 0, 0)
        return cast(counterWidget)
    }

    // MARK: Live checking

    /// Clicking star N rates N; clicking the chosen star again keeps it (a rating is required).
    private func starToggled(_ value: Int) {
        guard !isUpdatingStars else { return }
        rating = value
        edited()
    }

    private func edited() {
        refusal = nil
        update()
    }

    /// What the form holds now.
    private var draft: ReviewDraft {
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        let text = gtk_text_buffer_get_text(buffer, &start, &end, 0)
        defer { g_free(text) }
        return ReviewDraft(
            stars: rating,
            summary: gtk_entry_get_text(summary).map { String(cString: $0) } ?? "",
            description: text.map { String(cString: $0) } ?? "",
            displayName: gtk_entry_get_text(name).map { String(cString: $0) } ?? "")
    }

    /// Updates the stars, counters and status, and enables Publish only for a draft that can go.
    private func update() {
        guard !runner.isDestroyed else { return }
        isUpdatingStars = true
        for (index, star) in stars.enumerated() {
            gtk_toggle_button_set_active(star, index < rating ? 1 : 0)
            gtk_button_set_label(cast(star), index < rating ? "★" : "☆")
        }
        isUpdatingStars = false
        gtk_label_set_text(ratingDescription, form.ratingDescription(forStars: rating))

        let draft = draft
        let problems = draft.problems
        show(count: draft.summaryLength, of: ReviewDraft.Limits.summary, in: summaryCounter)
        show(count: draft.descriptionLength, of: ReviewDraft.Limits.description, in: descriptionCounter)

        let reason = refusal ?? problems.first?.message ?? (hasSpentWritingTime ? nil : form.takeMoreTime)
        gtk_label_set_text(status, reason ?? "")
        let style = gtk_widget_get_style_context(cast(status))
        if refusal != nil {
            gtk_style_context_add_class(style, "error")
        } else {
            gtk_style_context_remove_class(style, "error")
        }
        let canPublish = problems.isEmpty && hasSpentWritingTime && !isPublishing && refusal == nil
        gtk_widget_set_sensitive(publishButton, canPublish ? 1 : 0)
        gtk_widget_set_tooltip_text(publishButton, reason)
    }

    private func show(count: Int, of limits: ClosedRange<Int>, in counter: UnsafeMutablePointer<GtkLabel>) {
        gtk_label_set_text(counter, "\(count) / \(limits.upperBound)")
        let style = gtk_widget_get_style_context(cast(counter))
        if count > limits.upperBound {
            gtk_style_context_add_class(style, "error")
        } else {
            gtk_style_context_remove_class(style, "error")
        }
    }

    // MARK: Publishing

    /// Publishes the draft; closes the form once published or queued, or shows the refusal.
    private func submit() async {
        isPublishing = true
        gtk_widget_set_sensitive(fields, 0)
        update()
        gtk_spinner_start(spinner)
        let error = await publish(draft)
        isPublishing = false
        if runner.isDestroyed {
            runner.finish(error == nil ? Response.close : DialogRunner.closed)
            return
        }
        gtk_spinner_stop(spinner)
        guard let error else {
            gtk_dialog_response(dialog, Response.close)
            return
        }
        refusal = error
        gtk_widget_set_sensitive(fields, 1)
        update()
    }
}
