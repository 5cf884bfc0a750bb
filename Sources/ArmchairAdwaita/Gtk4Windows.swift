import ArmchairCore
import ArmchairGLib
import CGLib
import CGtk4

/// What GTK 4 says of an application's windows, for its ``ApplicationLink``: focus, fullscreen,
/// modal dialogs, and the input in each window.
///
/// Input is observed through a `GtkEventControllerLegacy` in the capture phase, which sees each
/// event on its way to the widget it is for and, returning `FALSE`, consumes none: keys, pointer
/// buttons, touches and scrolling.
@MainActor
struct Gtk4Windows: ToolkitWindows {
    func openWindows(_ application: UnsafeMutableRawPointer) -> [UnsafeMutableRawPointer] {
        windows(of: application).map { UnsafeMutableRawPointer($0) }
    }

    func hasActiveWindow(_ application: UnsafeMutableRawPointer) -> Bool {
        windows(of: application).contains { gtk_window_is_active($0) != 0 }
    }

    func hasFullscreenWindow(_ application: UnsafeMutableRawPointer) -> Bool {
        windows(of: application).contains { gtk_window_is_fullscreen($0) != 0 }
    }

    func hasModalDialog() -> Bool {
        let toplevels = gtk_window_get_toplevels()
        for index in 0..<g_list_model_get_n_items(toplevels) {
            guard let item = g_list_model_get_item(toplevels, index) else { continue }
            defer { g_object_unref(item) }
            let window: UnsafeMutablePointer<GtkWindow>? = cast(item)
            if gtk_window_get_modal(window) != 0, gtk_widget_get_visible(cast(window)) != 0 { return true }
        }
        return false
    }

    func watch(
        _ window: UnsafeMutableRawPointer, input: @escaping @MainActor (UserInput) -> Void,
        fullscreenChanged: @escaping @MainActor () -> Void
    ) -> WindowWatch {
        let legacy = gtk_event_controller_legacy_new()
        gtk_event_controller_set_propagation_phase(legacy, GTK_PHASE_CAPTURE)
        gtk_event_controller_set_name(legacy, "armchair-input")
        // The window owns the controller from here; a reference of Armchair's keeps it until the
        // watch stops, so that it can be removed from a live window.
        let controller = UnsafeMutableRawPointer(g_object_ref(UnsafeMutableRawPointer(legacy)))!
        Signal.connect(controller, "event") { (event: UnsafeMutableRawPointer?) in
            if let event, let reported = Self.input(from: OpaquePointer(event)) { input(reported) }
        }
        gtk_widget_add_controller(cast(window), legacy)
        let stateHandler = Signal.connect(window, "notify::fullscreened") { (_: UnsafeMutableRawPointer?) in
            fullscreenChanged()
        }
        return WindowWatch { window in
            if let window {
                g_signal_handler_disconnect(window, stateHandler)
                // A window being disposed has let go of its controllers already.
                if UnsafeMutableRawPointer(gtk_event_controller_get_widget(OpaquePointer(controller))) == window {
                    gtk_widget_remove_controller(cast(window), OpaquePointer(controller))
                }
            }
            g_object_unref(controller)
        }
    }

    /// What `event` says a person did, if anything.
    private static func input(from event: OpaquePointer) -> UserInput? {
        switch gdk_event_get_event_type(event) {
        case GDK_KEY_PRESS: .pressed(.key(gdk_key_event_get_keycode(event)))
        case GDK_KEY_RELEASE: .released(.key(gdk_key_event_get_keycode(event)))
        case GDK_BUTTON_PRESS: .pressed(.pointerButton(gdk_button_event_get_button(event)))
        case GDK_BUTTON_RELEASE: .released(.pointerButton(gdk_button_event_get_button(event)))
        case GDK_TOUCH_BEGIN: .pressed(.touch(touchSequence(event)))
        case GDK_TOUCH_END, GDK_TOUCH_CANCEL: .released(.touch(touchSequence(event)))
        case GDK_SCROLL: .scrolled
        default: nil
        }
    }

    /// The identity of a touch event's sequence.
    private static func touchSequence(_ event: OpaquePointer) -> UInt {
        UInt(bitPattern: gdk_event_get_event_sequence(event))
    }

    /// `application`'s windows.
    private func windows(of application: UnsafeMutableRawPointer) -> [UnsafeMutablePointer<GtkWindow>] {
        var windows: [UnsafeMutablePointer<GtkWindow>] = []
        var node = gtk_application_get_windows(cast(application))
        while let current = node {
            if let window: UnsafeMutablePointer<GtkWindow> = cast(current.pointee.data) { windows.append(window) }
            node = current.pointee.next
        }
        return windows
    }
}
