import Armchair
import ArmchairAdwaita
import CGtk4
import Foundation
import Glibc

/// The demo's window: an `AdwApplicationWindow` with a header bar, buttons that feed the engine,
/// and a live view of its counters and reasons.
@MainActor
final class DemoWindow {
    private let binding: ApplicationBinding
    private let window: UnsafeMutablePointer<GtkWidget>
    private let status: OpaquePointer
    /// Whether the window is gone (closed while a prompt was open, whose answer still arrives).
    private var isDestroyed = false

    init(application: UnsafeMutablePointer<AdwApplication>, binding: ApplicationBinding, width: Int32) {
        self.binding = binding
        window = adw_application_window_new(cast(application))
        gtk_window_set_title(cast(window), "Armchair Demo")
        gtk_window_set_default_size(cast(window), width, 520)
        FullscreenAction.add(to: window, of: cast(application)!)

        // libadwaita's window has no title bar of its own: the header bar is part of the content.
        let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let header = adw_header_bar_new()!
        adw_header_bar_set_title_widget(cast(header), adw_window_title_new("Armchair Demo", "GTK 4 + libadwaita"))
        gtk_box_append(cast(page), header)

        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        for margin in [
            gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
            gtk_widget_set_margin_end,
        ] { margin(box, 18) }
        let intro = gtk_label_new(
            "This app embeds Armchair. Use it a little, then see when and why it asks for a rating.")!
        gtk_label_set_wrap(cast(intro), 1)
        gtk_label_set_xalign(cast(intro), 0)
        gtk_box_append(cast(box), intro)

        // A flow box, so that the buttons wrap on a narrow window.
        let buttons = gtk_flow_box_new()!
        gtk_flow_box_set_selection_mode(cast(buttons), GTK_SELECTION_NONE)
        gtk_flow_box_set_column_spacing(cast(buttons), 6)
        gtk_flow_box_set_row_spacing(cast(buttons), 6)
        let statusWidget = gtk_label_new(nil)!
        status = cast(statusWidget)!
        let engine = binding.engine
        func addButton(_ label: String, suggested: Bool = false, _ action: @escaping @MainActor () -> Void) {
            let button = gtk_button_new_with_mnemonic(label)!
            // GTK 4.8 would name it "Show the _Prompt Now Show the Prompt Now" (see
            // ArmchairAdwaita's Accessible.nameButtons).
            setAccessibleLabel(button, label.replacingOccurrences(of: "_", with: ""))
            gtk_accessible_reset_relation(cast(button), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
            if suggested { gtk_widget_add_css_class(button, "suggested-action") }
            DemoSignal.connect(UnsafeMutableRawPointer(button), "clicked") { [weak self] in
                action()
                self?.refresh()
            }
            gtk_flow_box_append(cast(buttons), button)
        }
        addButton("Do Something _Significant") { engine.userDidSignificantEvent() }
        addButton("Show the _Prompt Now", suggested: true) { engine.showPrompt() }
        addButton("Rate _This App…") { engine.rateApp() }
        gtk_box_append(cast(box), buttons)

        gtk_label_set_selectable(status, 1)
        gtk_label_set_wrap(status, 1)
        gtk_label_set_xalign(status, 0)
        gtk_label_set_yalign(status, 0)
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(cast(scrolled), statusWidget)
        gtk_widget_set_vexpand(scrolled, 1)
        gtk_box_append(cast(box), scrolled)
        gtk_box_append(cast(page), box)
        adw_application_window_set_content(cast(window), page)
        setAccessibleLabel(statusWidget, "Engine state")

        // Printed, so that a test or a person at a terminal sees each answer.
        binding.engine.callbacks.didOptToRate = { [weak self] in
            say("answer: rate")
            self?.refresh()
        }
        binding.engine.callbacks.didDeclineToRate = { [weak self] in
            say("answer: decline")
            self?.refresh()
        }
        binding.engine.callbacks.didOptToRemindLater = { [weak self] in
            say("answer: remind later or dismissed")
            self?.refresh()
        }
        binding.engine.callbacks.didSendFeedback = { [weak self] _ in
            say("answer: sent feedback")
            self?.refresh()
        }
        DemoSignal.every(seconds: 2) { [weak self] in self?.refresh() }
        DemoSignal.connect(UnsafeMutableRawPointer(window), "destroy") { [weak self] in self?.isDestroyed = true }
    }

    func present() {
        gtk_window_present(cast(window))
        refresh()
    }

    /// Shows the counters and the decision with its reasons.
    func refresh() {
        guard !isDestroyed else { return }
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

    /// Sets the name a screen reader reads for `widget` (the variadic
    /// `gtk_accessible_update_property` does not import; its `_value` form does).
    private func setAccessibleLabel(_ widget: UnsafeMutablePointer<GtkWidget>, _ text: String) {
        var properties = [GTK_ACCESSIBLE_PROPERTY_LABEL]
        var values = [GValue()]
        g_value_init(&values[0], armchair_gtk4_type_string())
        g_value_set_string(&values[0], text)
        gtk_accessible_update_property_value(cast(widget), 1, &properties, &values)
        g_value_unset(&values[0])
    }
}

/// Prints `line` at once, so that a test reading a pipe or a file sees it before the app ends.
@MainActor
func say(_ line: String) {
    print(line)
    fflush(nil)
}
