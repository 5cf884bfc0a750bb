import CGtk

/// F11 makes the window fullscreen and back, as in GNOME's apps: the automatic prompt waits while
/// it is (try it with `--debug`).
@MainActor
enum FullscreenAction {
    /// Adds the `win.fullscreen` action to `window`, on F11.
    static func add(to window: UnsafeMutablePointer<GtkWidget>, of application: UnsafeMutablePointer<GtkApplication>) {
        guard let action = g_simple_action_new("fullscreen", nil) else { return }
        DemoSignal.onActivate(action) {
            let gtkWindow = OpaquePointer(window).map { UnsafeMutablePointer<GtkWindow>($0) }
            let state = gtk_widget_get_window(window).map { gdk_window_get_state($0).rawValue } ?? 0
            if state & GDK_WINDOW_STATE_FULLSCREEN.rawValue != 0 {
                gtk_window_unfullscreen(gtkWindow)
            } else {
                gtk_window_fullscreen(gtkWindow)
            }
        }
        g_action_map_add_action(OpaquePointer(window), action)
        g_object_unref(UnsafeMutableRawPointer(action))
        "F11".withCString { key in
            var accelerators: [UnsafePointer<CChar>?] = [key, nil]
            gtk_application_set_accels_for_action(application, "win.fullscreen", &accelerators)
        }
    }
}
