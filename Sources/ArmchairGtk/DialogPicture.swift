import ArmchairGLib
import CGLib
import CGtk

/// A picture of one of Armchair's GTK 3 windows, drawn from its widgets as they are now (reading
/// the screen's pixels could catch a frame GTK has not painted yet): what
/// `armchair preview --pictures` saves.
@MainActor
package enum DialogPicture {
    /// Saves what `window` (a `GtkWindow *`) shows as a PNG at `path`, making its folder first.
    package static func save(_ window: UnsafeMutableRawPointer, to path: String) {
        let widget: UnsafeMutablePointer<GtkWidget>? = cast(window)
        let width = gtk_widget_get_allocated_width(widget)
        let height = gtk_widget_get_allocated_height(widget)
        guard width > 0, height > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
        else { return }
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)
        gtk_widget_draw(widget, context)
        cairo_destroy(context)
        if let folder = g_path_get_dirname(path) {
            g_mkdir_with_parents(folder, 0o755)
            g_free(folder)
        }
        cairo_surface_write_to_png(surface, path)
    }
}
