import Armchair
import ArmchairGtk
import CGtk

/// The demo's window: buttons that feed the engine, and a live view of its counters and reasons.
@MainActor
final class DemoWindow {
    private let binding: ApplicationBinding
    private let window: UnsafeMutablePointer<GtkWidget>
    private let status: UnsafeMutablePointer<GtkLabel>

    init(application: UnsafeMutablePointer<GtkApplication>, binding: ApplicationBinding) {
        self.binding = binding
        window = gtk_application_window_new(application)
        gtk_window_set_title(OpaquePointer(window).map { UnsafeMutablePointer<GtkWindow>($0) }, "Armchair Demo")
        gtk_window_set_default_size(OpaquePointer(window).map { UnsafeMutablePointer<GtkWindow>($0) }, 640, 520)
        FullscreenAction.add(to: window, of: application)

        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_container_set_border_width(OpaquePointer(box).map { UnsafeMutablePointer<GtkContainer>($0) }, 18)
        let intro = gtk_label_new(
            "This app embeds Armchair. Use it a little, then see when and why it asks for a rating.")!
        gtk_label_set_line_wrap(OpaquePointer(intro).map { UnsafeMutablePointer<GtkLabel>($0) }, 1)
        gtk_box_pack_start(OpaquePointer(box).map { UnsafeMutablePointer<GtkBox>($0) }, intro, 0, 0, 0)

        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        let statusWidget = gtk_label_new(nil)!
        status = OpaquePointer(statusWidget).map { UnsafeMutablePointer<GtkLabel>($0) }!
        let engine = binding.engine
        func addButton(_ label: String, _ action: @escaping @MainActor () -> Void) {
            let button = gtk_button_new_with_mnemonic(label)!
            DemoSignal.onClicked(button) { [weak self] in
                action()
                self?.refresh()
            }
            gtk_box_pack_start(OpaquePointer(buttons).map { UnsafeMutablePointer<GtkBox>($0) }, button, 0, 0, 0)
        }
        addButton("Do Something _Significant") { engine.userDidSignificantEvent() }
        addButton("Show the _Prompt Now") { engine.showPrompt() }
        addButton("Rate _This App…") { engine.rateApp() }
        gtk_box_pack_start(OpaquePointer(box).map { UnsafeMutablePointer<GtkBox>($0) }, buttons, 0, 0, 0)

        gtk_label_set_selectable(status, 1)
        gtk_label_set_xalign(status, 0)
        gtk_label_set_yalign(status, 0)
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_container_add(OpaquePointer(scrolled).map { UnsafeMutablePointer<GtkContainer>($0) }, statusWidget)
        gtk_box_pack_start(OpaquePointer(box).map { UnsafeMutablePointer<GtkBox>($0) }, scrolled, 1, 1, 0)
        gtk_container_add(OpaquePointer(window).map { UnsafeMutablePointer<GtkContainer>($0) }, box)
        atk_object_set_name(gtk_widget_get_accessible(statusWidget), "Engine state")

        binding.engine.callbacks.didOptToRate = { [weak self] in self?.refresh() }
        binding.engine.callbacks.didDeclineToRate = { [weak self] in self?.refresh() }
        binding.engine.callbacks.didOptToRemindLater = { [weak self] in self?.refresh() }
        binding.engine.callbacks.didSendFeedback = { [weak self] _ in self?.refresh() }
        DemoSignal.every(seconds: 2) { [weak self] in self?.refresh() }
    }

    func present() {
        gtk_widget_show_all(window)
        gtk_window_present(OpaquePointer(window).map { UnsafeMutablePointer<GtkWindow>($0) })
        refresh()
    }

    /// Shows the counters and the decision with its reasons.
    func refresh() {
        let state = binding.engine.state
        let decision = binding.engine.decision()
        let text = """
            Uses: \(state.useCount)    Significant events: \(state.significantEventCount)    \
            Active minutes: \(Int(state.activeUsageSeconds / 60))
            Rated this version: \(state.ratedThisVersion)    Declined: \(state.declinedAnyVersion)    \
            Prompts shown: \(state.promptDates.count)

            \(decision)
            \(decision.stillNeeded.map { "Still needed: \($0)." } ?? "")
            """
        let escaped = g_markup_escape_text(text, -1)!
        gtk_label_set_markup(status, "<tt>\(String(cString: escaped))</tt>")
        g_free(escaped)
    }
}
