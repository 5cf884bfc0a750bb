import ArmchairGLib
import CGtk4

/// A field for a long text, as the feedback and review forms have: a text view that wraps between
/// words and leaves Tab for moving the focus, in a framed window that scrolls only vertically.
///
/// It asks for no width of its own, so that the form fits a phone-wide window.
@MainActor
struct TextArea {
    /// The text view: the target of its label's mnemonic, and what a screen reader names.
    let textView: UnsafeMutablePointer<GtkWidget>?
    /// The scrolled window around the text view: the widget to pack.
    let scrolledWindow: UnsafeMutablePointer<GtkWidget>?
    /// The text, which emits `changed` on every edit.
    let buffer: UnsafeMutablePointer<GtkTextBuffer>?

    /// Makes the field at least `height` pixels tall.
    init(height: Int32) {
        textView = gtk_text_view_new()
        scrolledWindow = gtk_scrolled_window_new()
        let view: UnsafeMutablePointer<GtkTextView>? = cast(textView)
        gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_accepts_tab(view, 0)
        for margin in [gtk_text_view_set_left_margin, gtk_text_view_set_right_margin] { margin(view, 8) }
        for margin in [gtk_text_view_set_top_margin, gtk_text_view_set_bottom_margin] { margin(view, 6) }
        buffer = gtk_text_view_get_buffer(view)
        let scrolled: OpaquePointer? = cast(scrolledWindow)
        gtk_scrolled_window_set_policy(scrolled, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_has_frame(scrolled, 1)
        gtk_scrolled_window_set_min_content_height(scrolled, height)
        gtk_scrolled_window_set_child(scrolled, textView)
    }

    /// Starts the area with `text` (the feedback form's body), the cursor at its end.
    func start(with text: String) {
        guard let buffer else { return }
        gtk_text_buffer_set_text(buffer, text, -1)
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        gtk_text_buffer_place_cursor(buffer, &end)
    }

    /// The text as typed.
    var text: String {
        guard let buffer else { return "" }
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        let text = gtk_text_buffer_get_text(buffer, &start, &end, 0)
        defer { g_free(text) }
        return text.map { String(cString: $0) } ?? ""
    }
}
