import ArmchairCore
import ArmchairGLib
import CGLib
import CGtk4

/// What the feedback and review forms share, the libadwaita way: an `AdwWindow` (role `dialog`,
/// modal, transient for the app's window) with a header bar, Cancel at its start and the suggested
/// submit button (Send, Publish) at its end, over a scrolling column that holds the form's heading,
/// its text, its fields and a status line; a spinner beside the submit button turns while it works.
///
/// The header bar has no close button: Cancel, Escape and the window manager's close all mean
/// "not now", never a decline. The submit button, enabled only for a draft that can go, starts
/// ``submitDraft()`` and keeps the form open. While it works, the fields and Cancel are
/// insensitive, the spinner turns, and nothing but the window's destruction closes the form; if
/// the window is destroyed then (its parent window went, the engine closed the prompt), the work's
/// task is cancelled, which a sender that waits on the app takes as "not delivered", and the
/// work's outcome is still the answer. Once the work succeeds the form closes; a failure goes to
/// ``showFailure(_:)``, and everything the user wrote stays.
///
/// A form subclasses it: it builds its fields into ``fields`` and overrides ``update()``,
/// ``submitDraft()`` and ``showFailure(_:)``.
@MainActor
class FormWindow {
    /// The column the form builds its fields into, one under the other.
    let fields = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18)
    /// The submit button, once the window is built.
    private(set) var submitButton: UnsafeMutablePointer<GtkWidget>?
    /// Whether the draft is being submitted.
    private(set) var isSubmitting = false
    /// Whether the window has been destroyed; its widgets must not be touched any more.
    private(set) var isDestroyed = false

    private var window: UnsafeMutablePointer<GtkWidget>?
    private var cancelButton: UnsafeMutablePointer<GtkWidget>?
    private var scrolledBody: UnsafeMutablePointer<GtkWidget>?
    private let spinner = gtk_spinner_new()
    private let status = FormWindow.wrappingLabel(nil)
    private var continuation: CheckedContinuation<Bool, Never>?
    /// The submission under way, cancelled when the window is destroyed during it.
    private var submission: Task<Void, Never>?

    init() {
        gtk_widget_set_visible(spinner, 0)
        showStatus(nil)
    }

    /// Shows the form until its draft is submitted or the user cancels; returns whether the draft
    /// was submitted.
    ///
    /// - Parameters:
    ///   - title: The window's title and the form's heading.
    ///   - message: The text under the heading.
    ///   - cancelButton: The Cancel button's label, with its mnemonic.
    ///   - submitButton: The submit button's label, with its mnemonic.
    ///   - focus: The field that has the focus first.
    ///   - parent: The window the form belongs to.
    func run(
        title: String, message: String, cancelButton cancelLabel: String, submitButton submitLabel: String,
        focus: UnsafeMutablePointer<GtkWidget>?, parent: UnsafeMutablePointer<GtkWindow>?
    ) async -> Bool {
        // libadwaita's style sheet: an AdwApplication started it; a plain GtkApplication did not.
        adw_init()
        let window = Self.makeDialogWindow()
        self.window = window
        gtk_window_set_title(cast(window), title)
        Accessible.setLabel(window, title)
        Accessible.setDescription(window, RatingPrompt.plain(message))
        gtk_window_set_modal(cast(window), 1)
        gtk_window_set_destroy_with_parent(cast(window), 1)
        if let parent {
            gtk_window_set_transient_for(cast(window), parent)
            // One of the app's windows, so that focusing it keeps the app active.
            if let application = gtk_window_get_application(parent) {
                gtk_window_set_application(cast(window), application)
            }
        }

        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_box_append(cast(content), makeHeaderBar(cancelLabel: cancelLabel, submitLabel: submitLabel))
        gtk_box_append(cast(content), makeBody(title: title, message: message))
        adw_window_set_content(cast(window), content)
        gtk_window_set_default_widget(cast(window), submitButton)
        closeOnEscape(window)
        connectClose(window)

        update()
        return await withCheckedContinuation { continuation in
            self.continuation = continuation
            if let window { PresentedWindows.add(UnsafeMutableRawPointer(window)) }
            gtk_window_present(cast(window))
            if let focus { gtk_widget_grab_focus(focus) }
        }
    }

    // MARK: What each form does

    /// Shows the state of the fields, and enables ``submitButton`` only for a draft that can go
    /// (never while ``isSubmitting``). Called once the window is built, when submitting starts, and
    /// after a failure; each form calls it on every edit too.
    func update() {}

    /// Submits what the form holds; returns `nil` once submitted, or the failure to show.
    func submitDraft() async -> String? { nil }

    /// Shows why the last submission failed: under the fields, in the error style.
    func showFailure(_ failure: String) {
        showStatus(failure, isError: true)
        bringStatusIntoView()
    }

    // MARK: For the forms

    /// Shows `text` in the status line under the fields (hidden when `nil` or empty), in the error
    /// style if `isError`.
    func showStatus(_ text: String?, isError: Bool = false) {
        guard !isDestroyed else { return }
        gtk_label_set_text(cast(status), text ?? "")
        styleAsError(status, if: isError)
        gtk_widget_set_visible(status, text?.isEmpty == false ? 1 : 0)
    }

    /// Makes the status line seen after it changed for something the user did (a failure): the
    /// window takes its content's natural size again (a mapped window keeps its size, and the line
    /// would be out of sight under the fields), and where the screen is too short for that, the
    /// column scrolls to its end once laid out anew.
    func bringStatusIntoView() {
        guard !isDestroyed else { return }
        if gtk_window_is_maximized(cast(window)) == 0 { gtk_window_set_default_size(cast(window), -1, -1) }
        MainLoopTimer.after(0.1) { [weak self] in
            guard let self, !isDestroyed else { return }
            let adjustment = gtk_scrolled_window_get_vadjustment(cast(scrolledBody))
            gtk_adjustment_set_value(
                adjustment, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
        }
    }

    /// Gives the submit button a new label (Retry), named for screen readers without its mnemonic.
    func relabelSubmitButton(_ label: String) {
        guard !isDestroyed else { return }
        gtk_button_set_label(cast(submitButton), label)
        Accessible.name(submitButton, byMnemonicLabel: label)
    }

    /// A character counter for under a field: small, dim, with figures of even width, at the
    /// field's end.
    static func counterLabel() -> UnsafeMutablePointer<GtkWidget>? {
        let counter = gtk_label_new(nil)
        gtk_widget_set_halign(counter, GTK_ALIGN_END)
        gtk_widget_add_css_class(counter, "dim-label")
        gtk_widget_add_css_class(counter, "numeric")
        return counter
    }

    /// Shows `count` in `counter`, in the error style past its limit.
    func show(_ count: CharacterCount, in counter: UnsafeMutablePointer<GtkWidget>?) {
        gtk_label_set_text(cast(counter), count.text)
        styleAsError(counter, if: count.isOverLimit)
    }

    /// Shows `widget` in the theme's error style if `isError`, else in its usual style.
    func styleAsError(_ widget: UnsafeMutablePointer<GtkWidget>?, if isError: Bool) {
        if isError {
            gtk_widget_add_css_class(widget, "error")
        } else {
            gtk_widget_remove_css_class(widget, "error")
        }
    }

    // MARK: Building

    /// An `AdwWindow` whose accessible role is `dialog`. The role can only be given at
    /// construction, and `g_object_new` is variadic: its `_with_properties` form takes arrays.
    private static func makeDialogWindow() -> UnsafeMutablePointer<GtkWidget>? {
        var role = GValue()
        g_value_init(&role, gtk_accessible_role_get_type())
        g_value_set_enum(&role, gint(truncatingIfNeeded: GTK_ACCESSIBLE_ROLE_DIALOG.rawValue))
        defer { g_value_unset(&role) }
        return "accessible-role".withCString { name in
            var names: [UnsafePointer<CChar>?] = [name]
            return cast(g_object_new_with_properties(adw_window_get_type(), 1, &names, &role))
        }
    }

    /// Cancel at the start and the suggested submit button at the end; no title (the heading is in
    /// the body, where it wraps in a narrow window) and no window buttons (a close button could
    /// only mean Cancel).
    private func makeHeaderBar(cancelLabel: String, submitLabel: String) -> UnsafeMutablePointer<GtkWidget>? {
        let headerBar = adw_header_bar_new()
        adw_header_bar_set_show_start_title_buttons(cast(headerBar), 0)
        adw_header_bar_set_show_end_title_buttons(cast(headerBar), 0)
        // An empty box: an empty label would be read out by its type name, "GtkLabel".
        adw_header_bar_set_title_widget(cast(headerBar), gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))

        cancelButton = gtk_button_new_with_mnemonic(cancelLabel)
        Accessible.name(cancelButton, byMnemonicLabel: cancelLabel)
        Signal.connect(cancelButton, "clicked") { [weak self] in self?.cancel() }
        adw_header_bar_pack_start(cast(headerBar), cancelButton)

        submitButton = gtk_button_new_with_mnemonic(submitLabel)
        gtk_widget_add_css_class(submitButton, "suggested-action")
        Accessible.name(submitButton, byMnemonicLabel: submitLabel)
        Signal.connect(submitButton, "clicked") { [weak self] in
            guard let self, !isSubmitting, !isDestroyed else { return }
            submission = Task { await self.submit() }
        }
        adw_header_bar_pack_end(cast(headerBar), submitButton)
        // Beside the submit button, where it is seen however far the column is scrolled.
        adw_header_bar_pack_end(cast(headerBar), spinner)
        return headerBar
    }

    /// The heading, the message, the fields and the status row, in a column no wider than a
    /// comfortable line that scrolls when the window is too short for it.
    private func makeBody(title: String, message: String) -> UnsafeMutablePointer<GtkWidget>? {
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
        gtk_widget_set_margin_top(column, 18)
        gtk_widget_set_margin_bottom(column, 24)
        gtk_widget_set_margin_start(column, 18)
        gtk_widget_set_margin_end(column, 18)
        // A line of the heading's larger type is about as wide as one of the text's.
        let heading = Self.wrappingLabel(title, charactersPerLine: 30)
        gtk_widget_add_css_class(heading, "title-2")
        gtk_box_append(cast(column), heading)
        gtk_box_append(cast(column), Self.wrappingLabel(message))
        gtk_widget_set_margin_top(fields, 6)
        gtk_box_append(cast(column), fields)
        gtk_box_append(cast(column), status)

        let clamp = adw_clamp_new()
        adw_clamp_set_maximum_size(cast(clamp), Self.maximumWidth)
        adw_clamp_set_tightening_threshold(cast(clamp), 400)
        adw_clamp_set_child(cast(clamp), column)

        let scrolled = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(cast(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        // The window takes the column's size, up to a height that fits a laptop's or a phone's screen.
        gtk_scrolled_window_set_propagate_natural_width(cast(scrolled), 1)
        gtk_scrolled_window_set_propagate_natural_height(cast(scrolled), 1)
        gtk_scrolled_window_set_max_content_width(cast(scrolled), Self.maximumWidth)
        gtk_scrolled_window_set_max_content_height(cast(scrolled), 640)
        gtk_widget_set_vexpand(scrolled, 1)
        gtk_scrolled_window_set_child(cast(scrolled), clamp)
        scrolledBody = scrolled
        return scrolled
    }

    /// The widest the column gets, margins included: lines a comfortable length to read.
    private static let maximumWidth: Int32 = 560

    /// The longest line a label asks for, in characters of its type. A window is as wide as its
    /// content asks, and a wrapping label asks for its whole text on one line: with 60, Greek's
    /// check-box label alone made the feedback form 647 pixels wide.
    static let charactersPerLine: Int32 = 40

    /// A label that wraps between words (or inside a word too long for the line), at most
    /// `charactersPerLine` long, aligned to the start of the line in either direction.
    static func wrappingLabel(_ text: String?, charactersPerLine: Int32 = charactersPerLine) -> UnsafeMutablePointer<
        GtkWidget
    >? {
        let label = gtk_label_new(text)
        wrap(label, charactersPerLine: charactersPerLine)
        return label
    }

    /// A field's label with its mnemonic, which focuses `target`, wrapping like
    /// ``wrappingLabel(_:charactersPerLine:)``.
    static func fieldLabel(_ text: String, for target: UnsafeMutablePointer<GtkWidget>?) -> UnsafeMutablePointer<
        GtkWidget
    >? {
        let label = gtk_label_new_with_mnemonic(text)
        wrap(label, charactersPerLine: charactersPerLine)
        gtk_label_set_mnemonic_widget(cast(label), target)
        return label
    }

    private static func wrap(_ label: UnsafeMutablePointer<GtkWidget>?, charactersPerLine: Int32) {
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_wrap_mode(cast(label), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_max_width_chars(cast(label), charactersPerLine)
        gtk_label_set_xalign(cast(label), 0)
        gtk_widget_set_halign(label, GTK_ALIGN_FILL)
    }

    // MARK: Closing

    /// Escape closes the window, as the window manager's close does (`window.close`); popovers
    /// and input methods see it first.
    private func closeOnEscape(_ window: UnsafeMutablePointer<GtkWidget>?) {
        let controller = gtk_shortcut_controller_new()
        let shortcut = gtk_shortcut_new(
            gtk_keyval_trigger_new(guint(GDK_KEY_Escape), GdkModifierType(rawValue: 0)),
            gtk_named_action_new("window.close"))
        gtk_shortcut_controller_add_shortcut(controller, shortcut)
        gtk_widget_add_controller(window, controller)
    }

    /// Closing the window is Cancel, except while submitting; its destruction ends the wait with
    /// "not now", or, while submitting, cancels the work's task and leaves the answer to the work's
    /// outcome.
    private func connectClose(_ window: UnsafeMutablePointer<GtkWidget>?) {
        WindowCloseRequest.connect(window) { [weak self] in self?.isSubmitting ?? false }
        Signal.connect(window, "destroy") { [weak self] in
            guard let self else { return }
            isDestroyed = true
            if isSubmitting {
                submission?.cancel()
            } else {
                finish(submitted: false)
            }
        }
    }

    /// Cancel: closes the window, which answers "not now".
    private func cancel() {
        guard !isSubmitting, !isDestroyed else { return }
        gtk_window_close(cast(window))
    }

    /// Ends the wait; later calls do nothing.
    private func finish(submitted: Bool) {
        continuation?.resume(returning: submitted)
        continuation = nil
    }

    // MARK: Submitting

    /// Submits the draft while the fields wait and the spinner turns; then closes the form, or
    /// shows the failure and gives the fields back.
    private func submit() async {
        isSubmitting = true
        // The focus leaves the fields before they turn insensitive (GTK 4.8 warns that an entry
        // "did not receive a focus-out event" otherwise), and comes back after a failure.
        let focus = gtk_window_get_focus(cast(window))
        gtk_window_set_focus(cast(window), nil)
        gtk_widget_set_sensitive(fields, 0)
        gtk_widget_set_sensitive(cancelButton, 0)
        gtk_widget_set_visible(spinner, 1)
        gtk_spinner_start(cast(spinner))
        update()
        let failure = await submitDraft()
        isSubmitting = false
        guard !isDestroyed else {
            finish(submitted: failure == nil)
            return
        }
        gtk_spinner_stop(cast(spinner))
        gtk_widget_set_visible(spinner, 0)
        gtk_widget_set_sensitive(fields, 1)
        gtk_widget_set_sensitive(cancelButton, 1)
        guard let failure else {
            finish(submitted: true)
            gtk_window_destroy(cast(window))
            return
        }
        showFailure(failure)
        update()
        restoreFocus(focus)
    }

    /// Gives the focus back to `widget`; an entry's text keeps its cursor instead of being
    /// selected, which the next key would replace.
    private func restoreFocus(_ widget: UnsafeMutablePointer<GtkWidget>?) {
        guard let widget, gtk_widget_is_sensitive(widget) != 0 else { return }
        if g_type_check_instance_is_a(cast(widget), gtk_text_get_type()) != 0 {
            gtk_text_grab_focus_without_selecting(cast(widget))
        } else {
            gtk_widget_grab_focus(widget)
        }
    }
}

/// Connects a window's `close-request`, whose handler returns whether the window stays open:
/// `Signal` handlers return nothing, so this one is a C callback of its own.
@MainActor
private enum WindowCloseRequest {
    private final class Handler {
        let keepsOpen: @MainActor () -> Bool
        init(_ keepsOpen: @escaping @MainActor () -> Bool) { self.keepsOpen = keepsOpen }
    }

    static func connect(_ window: UnsafeMutablePointer<GtkWidget>?, keepsOpen: @escaping @MainActor () -> Bool) {
        let callback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
            // GTK emits it on the thread that runs GTK; anywhere else, the window just closes.
            guard let data, MainThread.isOnMainActor else { return 0 }
            let handler = Unmanaged<Handler>.fromOpaque(data).takeUnretainedValue()
            return MainActor.assumeIsolated { handler.keepsOpen() } ? 1 : 0
        }
        g_signal_connect_data(
            window, "close-request", unsafeBitCast(callback, to: GCallback.self),
            Unmanaged.passRetained(Handler(keepsOpen)).toOpaque(),
            { data, _ in if let data { Unmanaged<AnyObject>.fromOpaque(data).release() } }, GConnectFlags(rawValue: 0))
    }
}
