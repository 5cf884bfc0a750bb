import ArmchairCore
import ArmchairGLib
import CGtk4

/// The "Write a review" form, checked live as GNOME Software checks its own: the consent saying
/// what is published where, five star toggle buttons with a description of the rating, a summary
/// and a review with character counters, and the name to publish under. Publish stays
/// insensitive, with the reason shown under the fields, until the draft can be published and a few
/// seconds were spent writing; a refusal is shown there too, keeping everything the user wrote.
@MainActor
final class ReviewFormWindow: FormWindow {
    private let form: ReviewForm
    private let publish: @MainActor (ReviewDraft) async -> String?
    private var stars: [(button: UnsafeMutablePointer<GtkWidget>?, image: UnsafeMutablePointer<GtkWidget>?)] = []
    private let ratingDescription = FormWindow.wrappingLabel(nil)
    private let summary = gtk_entry_new()
    private var summaryCounter: UnsafeMutablePointer<GtkWidget>?
    private let review = TextArea(height: 120)
    private var descriptionCounter: UnsafeMutablePointer<GtkWidget>?
    private let name = gtk_entry_new()
    private var rating = 0
    private var isUpdatingStars = false
    private var hasSpentWritingTime = false
    /// The service's refusal of the draft as it was; cleared by any edit.
    private var refusal: String?

    private init(form: ReviewForm, publish: @escaping @MainActor (ReviewDraft) async -> String?) {
        self.form = form
        self.publish = publish
        super.init()
        buildFields()
    }

    /// Shows `form` over `parent` until the user publishes it (`publish` returns no refusal) or
    /// cancels.
    static func present(
        _ form: ReviewForm, parent: UnsafeMutablePointer<GtkWindow>?,
        publish: @escaping @MainActor (ReviewDraft) async -> String?
    ) async -> ReviewFormOutcome {
        let window = ReviewFormWindow(form: form, publish: publish)
        MainLoopTimer.after(ReviewDraft.Limits.writingSeconds) { [weak window] in
            window?.hasSpentWritingTime = true
            window?.update()
        }
        let published = await window.run(
            title: form.title, message: form.consent, cancelButton: form.cancelButton,
            submitButton: form.publishButton, focus: window.summary, parent: parent)
        return published ? .submitted : .cancelled
    }

    // MARK: Building

    /// The fields, one under the other, each label above its field and each counter under it, so
    /// the form stays narrow in every language.
    private func buildFields() {
        let starRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        let starStyle = Self.starStyle()
        defer { g_object_unref(starStyle) }
        for value in 1...5 {
            let button = gtk_toggle_button_new()
            let image = gtk_image_new_from_icon_name("non-starred-symbolic")
            gtk_button_set_child(cast(button), image)
            gtk_widget_add_css_class(button, "flat")
            gtk_widget_add_css_class(button, "circular")
            gtk_style_context_add_provider(
                gtk_widget_get_style_context(button), cast(starStyle), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            gtk_widget_set_tooltip_text(button, form.starName(forStars: value))
            // "4 stars, Like it": the name, and what the rating says (after the tooltip, which
            // would be the description otherwise).
            Accessible.setLabel(button, form.starName(forStars: value))
            Accessible.setDescription(button, form.ratingDescription(forStars: value))
            Signal.connect(button, "toggled") { [weak self] in self?.starToggled(value) }
            gtk_box_append(cast(starRow), button)
            stars.append((button, image))
        }
        gtk_widget_set_margin_start(ratingDescription, 8)
        gtk_widget_set_hexpand(ratingDescription, 1)
        gtk_widget_set_valign(ratingDescription, GTK_ALIGN_CENTER)
        gtk_box_append(cast(starRow), ratingDescription)
        add(label: form.ratingLabel, field: starRow)

        gtk_entry_set_activates_default(cast(summary), 1)
        Signal.connect(summary, "changed") { [weak self] in self?.edited() }
        summaryCounter = add(label: form.summaryLabel, field: summary, hasCounter: true)

        Signal.connect(review.buffer, "changed") { [weak self] in self?.edited() }
        descriptionCounter = add(
            label: form.descriptionLabel, field: review.scrolledWindow, hasCounter: true,
            mnemonicTarget: review.textView, growsTaller: true)

        gtk_editable_set_text(cast(name), form.suggestedName)
        gtk_entry_set_activates_default(cast(name), 1)
        Signal.connect(name, "changed") { [weak self] in self?.edited() }
        add(label: form.nameLabel, field: name)
    }

    /// The stars' own style, for their buttons only: a chosen star is drawn filled, not pressed in.
    private static func starStyle() -> UnsafeMutablePointer<GtkCssProvider>? {
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, "button:checked { background: none; }", -1)
        return provider
    }

    /// Adds a field to the form: its label above it (labelling it, or `mnemonicTarget`, for screen
    /// readers), and a character counter under it when asked for, which it returns. Only a field
    /// that `growsTaller` takes the height the form gains when someone enlarges its window.
    @discardableResult
    private func add(
        label text: String, field: UnsafeMutablePointer<GtkWidget>?, hasCounter: Bool = false,
        mnemonicTarget: UnsafeMutablePointer<GtkWidget>? = nil, growsTaller: Bool = false
    ) -> UnsafeMutablePointer<GtkWidget>? {
        let group = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        gtk_widget_set_vexpand(field, growsTaller ? 1 : 0)
        let label = Self.fieldLabel(text, for: mnemonicTarget ?? field)
        gtk_box_append(cast(group), label)
        gtk_box_append(cast(group), field)
        gtk_box_append(cast(fields), group)
        guard hasCounter else { return nil }
        let counter = Self.counterLabel()
        gtk_widget_set_tooltip_text(counter, form.counterExplanation)
        Accessible.setDescription(counter, form.counterExplanation)
        gtk_box_append(cast(group), counter)
        return counter
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
            summary: gtk_editable_get_text(cast(summary)).map { String(cString: $0) } ?? "",
            description: review.text,
            displayName: gtk_editable_get_text(cast(name)).map { String(cString: $0) } ?? "")
    }

    /// Updates the stars, counters and status, and enables Publish only for a draft that can go.
    override func update() {
        guard !isDestroyed else { return }
        isUpdatingStars = true
        for (index, star) in stars.enumerated() {
            gtk_toggle_button_set_active(cast(star.button), index < rating ? 1 : 0)
            gtk_image_set_from_icon_name(cast(star.image), index < rating ? "starred-symbolic" : "non-starred-symbolic")
        }
        isUpdatingStars = false
        gtk_label_set_text(cast(ratingDescription), form.ratingDescription(forStars: rating))

        let check = form.check(draft, refusal: refusal, hasSpentWritingTime: hasSpentWritingTime)
        show(check.summaryCounter, in: summaryCounter)
        show(check.descriptionCounter, in: descriptionCounter)
        showStatus(isSubmitting ? nil : check.reason, isError: check.reasonIsRefusal)
        gtk_widget_set_sensitive(submitButton, check.canPublish && !isSubmitting ? 1 : 0)
        gtk_widget_set_tooltip_text(submitButton, check.reason)
    }

    // MARK: Publishing

    /// Publishes the draft.
    override func submitDraft() async -> String? {
        await publish(draft)
    }

    /// Shows the refusal until the next edit.
    override func showFailure(_ failure: String) {
        refusal = failure
        update()
        bringStatusIntoView()
    }
}
