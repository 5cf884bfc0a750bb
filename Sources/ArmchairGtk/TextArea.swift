import ArmchairGLib
import CGtk

/// A field for a long text, as the feedback and review forms have: a text view that wraps between
/// words and leaves Tab for moving the focus, in a framed window that scrolls only vertically.
@MainActor
struct TextArea {
    /// The text view: the target of its label's mnemonic.
    let textView: UnsafeMutablePointer<GtkWidget>
    /// The scrolled window around the text view: the widget to pack.
    let scrolledWindow: UnsafeMutablePointer<GtkWidget>
    /// The text, which emits `changed` on every edit.
    let buffer: UnsafeMutablePointer<GtkTextBuffer>

    /// Makes the field 380 pixels wide and at least `height` pixels tall.
    init(height: Int32) {
        textView = gtk_text_view_new()!
        gtk_text_view_set_wrap_mode(cast(textView), GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_accepts_tab(cast(textView), 0)
        gtk_text_view_set_left_margin(cast(textView), 6)
        gtk_text_view_set_right_margin(cast(textView), 6)
        buffer = gtk_text_view_get_buffer(cast(textView))
        scrolledWindow = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(cast(scrolledWindow), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_shadow_type(cast(scrolledWindow), GTK_SHADOW_IN)
        gtk_widget_set_size_request(scrolledWindow, 380, height)
        gtk_container_add(cast(scrolledWindow), textView)
    }

    /// Starts the area with `text` (the feedback form's body), the cursor at its end.
    func start(with text: String) {
        gtk_text_buffer_set_text(buffer, text, -1)
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        gtk_text_buffer_place_cursor(buffer, &end)
    }

    /// The text as typed.
    var text: String {
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        let text = gtk_text_buffer_get_text(buffer, &start, &end, 0)
        defer { g_free(text) }
        return text.map { String(cString: $0) } ?? ""
    }
}
