import ArmchairGLib
import CGLib
import CGtk4

/// A picture of one of Armchair's libadwaita windows, rendered from its widgets as they are now
/// (reading the screen's pixels could catch a frame GTK has not painted yet): what
/// `armchair preview --toolkit gtk4 --pictures` saves.
@MainActor
package enum DialogPicture {
    /// Saves what `window` (a `GtkWindow *`) shows as a PNG at `path`, making its folder first.
    package static func save(_ window: UnsafeMutableRawPointer, to path: String) {
        let widget: UnsafeMutablePointer<GtkWidget>? = cast(window)
        let width = gtk_widget_get_width(widget)
        let height = gtk_widget_get_height(widget)
        guard width > 0, height > 0, let paintable = gtk_widget_paintable_new(widget) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return }
        defer { gsk_render_node_unref(node) }
        guard let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native),
            let texture = gsk_renderer_render_texture(renderer, node, nil)
        else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        if let folder = g_path_get_dirname(path) {
            g_mkdir_with_parents(folder, 0o755)
            g_free(folder)
        }
        gdk_texture_save_to_png(texture, path)
    }
}
