import ArmchairCore
import ArmchairGLib
import CGtk

/// The "Write a review" form, checked live as GNOME Software checks its own: five stars with a
/// description of the rating, a summary and a review with character counters, the name to
/// publish under, and the consent saying what is published where. Publish stays disabled, with
/// the reason shown under the fields, until the draft can be published and a few seconds were
/// spent writing; a refusal is shown there too, keeping everything the user wrote.
@MainActor
final class ReviewFormDialog: FormDialog {
    private let form: ReviewForm
    private let publish: @MainActor (ReviewDraft) async -> String?
    private var stars: [UnsafeMutablePointer<GtkToggleButton>?] = []
    private var ratingDescription: UnsafeMutablePointer<GtkLabel>!
    private var summary: UnsafeMutablePointer<GtkEntry>!
    private var summaryCounter: UnsafeMutablePointer<GtkLabel>!
    private let review = TextArea(height: 160)
    private var descriptionCounter: UnsafeMutablePointer<GtkLabel>!
    private var name: UnsafeMutablePointer<GtkEntry>!
    private var rating = 0
    private var isUpdatingStars = false
    private var hasSpentWritingTime = false
    /// The service's refusal of the draft as it was; cleared by any edit.
    private var refusal: String?

    private init(form: ReviewForm, publish: @escaping @MainActor (ReviewDraft) async -> String?) {
        self.form = form
        self.publish = publish
        super.init(fieldSpacing: 12)
        buildFields()
    }

    static func present(
        _ form: ReviewForm, parent: UnsafeMutablePointer<GtkWindow>?,
        publish: @escaping @MainActor (ReviewDraft) async -> String?
    ) async -> ReviewFormOutcome {
        let dialog = ReviewFormDialog(form: form, publish: publish)
        let writingTime = Task { [weak dialog] in
            try? await Task.sleep(for: .seconds(ReviewDraft.Limits.writingSeconds))
            dialog?.hasSpentWritingTime = true
            dialog?.update()
        }
        defer { writingTime.cancel() }
        let published = await dialog.run(
            title: form.title, message: form.consent, cancelButton: form.cancelButton,
            submitButton: form.publishButton, parent: parent)
        return published ? .submitted : .cancelled
    }

    // MARK: Building

    /// The fields, one under the other, each label above its field and each counter under it, so
    /// the form stays narrow in every language.
    private func buildFields() {
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
        add(label: form.ratingLabel, field: starRow)

        let summaryEntry = gtk_entry_new()!
        summary = cast(summaryEntry)
        gtk_entry_set_activates_default(summary, 1)
        Signal.connect(UnsafeMutableRawPointer(summaryEntry), "changed") { [weak self] in self?.edited() }
        summaryCounter = add(label: form.summaryLabel, field: summaryEntry, hasCounter: true)

        Signal.connect(UnsafeMutableRawPointer(review.buffer), "changed") { [weak self] in self?.edited() }
        gtk_widget_set_vexpand(review.scrolledWindow, 1)
        descriptionCounter = add(
            label: form.descriptionLabel, field: review.scrolledWindow, hasCounter: true,
            mnemonicTarget: review.textView, growsTaller: true)

        let nameEntry = gtk_entry_new()!
        name = cast(nameEntry)
        gtk_entry_set_text(name, form.suggestedName)
        gtk_entry_set_activates_default(name, 1)
        Signal.connect(UnsafeMutableRawPointer(nameEntry), "changed") { [weak self] in self?.edited() }
        add(label: form.nameLabel, field: nameEntry)

        // The status says why Publish waits, or the service's refusal.
        gtk_label_set_max_width_chars(status, 50)
        gtk_label_set_xalign(status, 0)
    }

    /// Adds a field to the form: its label above it, and a character counter under it when asked for.
    /// Only a field that `growsTaller` takes the height the form gains when someone enlarges it.
    @discardableResult
    private func add(
        label text: String, field: UnsafeMutablePointer<GtkWidget>,
        hasCounter: Bool = false, mnemonicTarget: UnsafeMutablePointer<GtkWidget>? = nil, growsTaller: Bool = false
    ) -> UnsafeMutablePointer<GtkLabel>? {
        let group = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        let label = gtk_label_new_with_mnemonic(text)!
        gtk_label_set_xalign(cast(label), 0)
        gtk_label_set_mnemonic_widget(cast(label), mnemonicTarget ?? field)
        gtk_box_pack_start(cast(group), label, 0, 0, 0)
        gtk_box_pack_start(cast(group), field, growsTaller ? 1 : 0, 1, 0)
        gtk_box_pack_start(cast(fields), group, growsTaller ? 1 : 0, 1, 0)
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
        ReviewDraft(
            stars: rating,
            summary: gtk_entry_get_text(summary).map { String(cString: $0) } ?? "",
            description: review.text,
            displayName: gtk_entry_get_text(name).map { String(cString: $0) } ?? "")
    }

    /// Updates the stars, counters and status, and enables Publish only for a draft that can go.
    override func update() {
        guard !isDestroyed else { return }
        isUpdatingStars = true
        for (index, star) in stars.enumerated() {
            gtk_toggle_button_set_active(star, index < rating ? 1 : 0)
            gtk_button_set_label(cast(star), index < rating ? "★" : "☆")
        }
        isUpdatingStars = false
        gtk_label_set_text(ratingDescription, form.ratingDescription(forStars: rating))

        let check = form.check(draft, refusal: refusal, hasSpentWritingTime: hasSpentWritingTime)
        show(check.summaryCounter, in: summaryCounter)
        show(check.descriptionCounter, in: descriptionCounter)
        gtk_label_set_text(status, check.reason ?? "")
        styleAsError(status, if: check.reasonIsRefusal)
        gtk_widget_set_sensitive(submitButton, check.canPublish && !isSubmitting ? 1 : 0)
        gtk_widget_set_tooltip_text(submitButton, check.reason)
    }

    private func show(_ count: CharacterCount, in counter: UnsafeMutablePointer<GtkLabel>) {
        gtk_label_set_text(counter, count.text)
        styleAsError(counter, if: count.isOverLimit)
    }

    // MARK: Publishing

    /// Publishes the draft.
    override func submitDraft() async -> String? {
        await publish(draft)
    }

    /// Shows the refusal until the next edit.
    override func showFailure(_ failure: String) {
        refusal = failure
    }
}
