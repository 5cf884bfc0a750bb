import CGtk
import Foundation
import Testing

/// Fills in the feedback form's fields as typing would.
@MainActor
enum FormDriver {
    static func type(_ text: String, in form: UnsafeMutablePointer<GtkWidget>) {
        guard let view = first(ofType: gtk_text_view_get_type(), in: form) else {
            Issue.record("the form has no text view")
            return
        }
        gtk_text_buffer_set_text(
            gtk_text_view_get_buffer(OpaquePointer(view).map { UnsafeMutablePointer<GtkTextView>($0) }), text, -1)
        DialogDriver.pump()
    }

    /// The text in the form's text view.
    static func text(in form: UnsafeMutablePointer<GtkWidget>) -> String? {
        guard let view = first(ofType: gtk_text_view_get_type(), in: form) else { return nil }
        let buffer = gtk_text_view_get_buffer(OpaquePointer(view).map { UnsafeMutablePointer<GtkTextView>($0) })
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        let text = gtk_text_buffer_get_text(buffer, &start, &end, 0)
        defer { g_free(text) }
        return text.map { String(cString: $0) }
    }

    static func typeEmail(_ text: String, in form: UnsafeMutablePointer<GtkWidget>) {
        guard let entry = first(ofType: gtk_entry_get_type(), in: form) else {
            Issue.record("the form has no entry")
            return
        }
        gtk_entry_set_text(OpaquePointer(entry).map { UnsafeMutablePointer<GtkEntry>($0) }, text)
        DialogDriver.pump()
    }

    static func tickSystemDetails(in form: UnsafeMutablePointer<GtkWidget>) {
        guard let check = first(ofType: gtk_check_button_get_type(), in: form) else {
            Issue.record("the form has no check box")
            return
        }
        gtk_toggle_button_set_active(OpaquePointer(check).map { UnsafeMutablePointer<GtkToggleButton>($0) }, 1)
        DialogDriver.pump()
    }

    static func waitForLabel(_ text: String, in form: UnsafeMutablePointer<GtkWidget>) async throws {
        for _ in 0..<200 {
            await Task.yield()
            DialogDriver.pump()
            if DialogDriver.labels(in: form).contains(text) { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("the label \"\(text)\" did not appear")
    }

    /// Whether the form is busy sending, as its user sees it: its spinner turns.
    static func isBusy(_ form: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let spinner = first(ofType: gtk_spinner_get_type(), in: form) else { return false }
        var value = GValue()
        g_value_init(&value, GType(5 << 2))  // G_TYPE_BOOLEAN, a macro Swift cannot import
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutableRawPointer(spinner).assumingMemoryBound(to: GObject.self), "active", &value)
        return g_value_get_boolean(&value) != 0
    }

    /// The first widget of `type` in `widget`, depth first.
    static func first(ofType type: GType, in widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<
        GtkWidget
    >? {
        let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
        if g_type_check_instance_is_a(instance, type) != 0 { return widget }
        guard g_type_check_instance_is_a(instance, gtk_container_get_type()) != 0 else { return nil }
        let list = gtk_container_get_children(OpaquePointer(widget).map { UnsafeMutablePointer<GtkContainer>($0) })
        defer { g_list_free(list) }
        var node = list
        while let current = node {
            if let found = first(ofType: type, in: current.pointee.data.assumingMemoryBound(to: GtkWidget.self)) {
                return found
            }
            node = current.pointee.next
        }
        return nil
    }
}

/// Fills in the "Write a review" form as a user would: a star, the summary, the review, Publish.
@MainActor
enum ReviewFormDriver {
    static func fill(_ form: UnsafeMutablePointer<GtkWidget>, stars: Int, summary: String, review: String) async throws
    {
        let starButtons = FormDriver.all(ofType: gtk_toggle_button_get_type(), in: form)
        try #require(starButtons.count == 5, "the form has \(starButtons.count) stars")
        gtk_button_clicked(OpaquePointer(starButtons[stars - 1]).map { UnsafeMutablePointer<GtkButton>($0) })
        let summaryEntry = try #require(FormDriver.field(labelled: "_Summary", in: form), "the form has no summary")
        gtk_entry_set_text(OpaquePointer(summaryEntry).map { UnsafeMutablePointer<GtkEntry>($0) }, summary)
        FormDriver.type(review, in: form)
    }

    /// Waits for Publish to be enabled (after the writing time), then presses it.
    static func publish(_ form: UnsafeMutablePointer<GtkWidget>) async throws {
        let publish = try #require(DialogDriver.buttons(of: form).first { $0.label == "_Publish" }?.widget)
        for _ in 0..<800 where gtk_widget_get_sensitive(publish) == 0 {
            DialogDriver.pump()
            try await Task.sleep(for: .milliseconds(10))
        }
        DialogDriver.click("_Publish", in: form)
    }
}

extension FormDriver {
    /// The field that the label with the mnemonic text `label` (such as `_Summary`) names.
    static func field(labelled label: String, in form: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<
        GtkWidget
    >? {
        for widget in all(ofType: gtk_label_get_type(), in: form) {
            let pointer = OpaquePointer(widget).map { UnsafeMutablePointer<GtkLabel>($0) }
            if let text = gtk_label_get_label(pointer), String(cString: text) == label {
                return gtk_label_get_mnemonic_widget(pointer)
            }
        }
        return nil
    }

    /// Every widget of `type` in `widget`, depth first.
    static func all(ofType type: GType, in widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>]
    {
        let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
        if g_type_check_instance_is_a(instance, type) != 0 { return [widget] }
        guard g_type_check_instance_is_a(instance, gtk_container_get_type()) != 0 else { return [] }
        let list = gtk_container_get_children(OpaquePointer(widget).map { UnsafeMutablePointer<GtkContainer>($0) })
        defer { g_list_free(list) }
        var result: [UnsafeMutablePointer<GtkWidget>] = []
        var node = list
        while let current = node {
            result += all(ofType: type, in: current.pointee.data.assumingMemoryBound(to: GtkWidget.self))
            node = current.pointee.next
        }
        return result
    }
}
