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
