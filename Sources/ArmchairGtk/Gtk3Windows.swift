import ArmchairCore
import ArmchairGLib
import CGLib
import CGtk

/// What GTK 3 says of an application's windows, for its ``ApplicationLink``: focus, fullscreen,
/// modal dialogs, and the input in each window.
///
/// Input is observed without consuming anything: keys through a `GtkEventControllerKey` and
/// clicks and touches through a `GtkGestureMultiPress`, both in the capture phase, whose handlers
/// return `FALSE` and never claim a sequence. GTK 3's scroll controller would consume the scroll
/// events it sees, so scrolling is observed through an emission hook of `scroll-event` instead,
/// for widgets inside the window.
@MainActor
struct Gtk3Windows: ToolkitWindows {
    func openWindows(_ application: UnsafeMutableRawPointer) -> [UnsafeMutableRawPointer] {
        windows(of: application).map { UnsafeMutableRawPointer($0) }
    }

    func hasActiveWindow(_ application: UnsafeMutableRawPointer) -> Bool {
        windows(of: application).contains { gtk_window_is_active($0) != 0 }
    }

    func hasFullscreenWindow(_ application: UnsafeMutableRawPointer) -> Bool {
        windows(of: application).contains { window in
            guard let surface = gtk_widget_get_window(cast(window)) else { return false }
            return gdk_window_get_state(surface).rawValue & GDK_WINDOW_STATE_FULLSCREEN.rawValue != 0
        }
    }

    func hasModalDialog() -> Bool {
        let toplevels = gtk_window_list_toplevels()
        defer { g_list_free(toplevels) }
        var node = toplevels
        while let current = node {
            let window: UnsafeMutablePointer<GtkWindow>? = cast(current.pointee.data)
            if gtk_window_get_modal(window) != 0, gtk_widget_get_visible(cast(window)) != 0 { return true }
            node = current.pointee.next
        }
        return false
    }

    func watch(
        _ window: UnsafeMutableRawPointer, input: @escaping @MainActor (UserInput) -> Void,
        fullscreenChanged: @escaping @MainActor () -> Void
    ) -> WindowWatch {
        let widget: UnsafeMutablePointer<GtkWidget> = cast(window)!
        gtk_widget_add_events(widget, gint(GDK_SCROLL_MASK.rawValue | GDK_SMOOTH_SCROLL_MASK.rawValue))

        let keys = gtk_event_controller_key_new(widget)
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        let controller = UnsafeMutableRawPointer(keys)
        Signal.connect(controller, "key-pressed") { (_: UInt32, code: UInt32) in input(.pressed(.key(code))) }
        Signal.connect(controller, "key-released") { (_: UInt32, code: UInt32) in input(.released(.key(code))) }

        let gesture = UnsafeMutableRawPointer(gtk_gesture_multi_press_new(widget))
        gtk_gesture_single_set_button(OpaquePointer(gesture), 0)
        gtk_event_controller_set_propagation_phase(OpaquePointer(gesture), GTK_PHASE_CAPTURE)
        let button = PressedButton()
        Signal.connect(gesture, "pressed") {
            let pressed = gtk_gesture_single_get_current_button(OpaquePointer(gesture))
            button.number = pressed
            input(.pressed(.pointerButton(pressed)))
        }
        // A sequence another widget claims ends here with `cancel` and `end`, without a release.
        for name in ["released", "cancel", "end"] {
            Signal.connect(gesture, name) {
                guard let number = button.number else { return }
                button.number = nil
                input(.released(.pointerButton(number)))
            }
        }

        let target = UncheckedSendable(window)
        let isInWindow: @Sendable (UnsafeMutableRawPointer) -> Bool = { widget in
            UnsafeMutableRawPointer(gtk_widget_get_toplevel(cast(widget))) == target.value
        }
        let scrolls = Signal.addEmissionHook("scroll-event", of: gtk_widget_get_type(), matching: isInWindow) { _ in
            input(.scrolled)
        }

        let stateHandler = Signal.connect(window, "window-state-event") { (_: UnsafeMutableRawPointer?) in
            fullscreenChanged()
        }
        // GTK 3's controllers do not watch their widget: one released after its window is gone
        // would touch the freed window. So they go with the window's `destroy`, at the latest.
        let watched = WatchedControllers(controllers: [controller, gesture].compactMap { $0 }, scrolls: scrolls)
        let destroyHandler = Signal.connect(window, "destroy") { watched.release() }
        return WindowWatch { window in
            if let window {
                g_signal_handler_disconnect(window, stateHandler)
                g_signal_handler_disconnect(window, destroyHandler)
            }
            watched.release()
        }
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

/// A window's event controllers and scroll hook, released once.
@MainActor
private final class WatchedControllers {
    private var controllers: [UnsafeMutableRawPointer]
    private var scrolls: Signal.EmissionHook?

    init(controllers: [UnsafeMutableRawPointer], scrolls: Signal.EmissionHook) {
        self.controllers = controllers
        self.scrolls = scrolls
    }

    /// Lets go of the controllers, which leave the window, and removes the hook; later calls do nothing.
    func release() {
        for controller in controllers { g_object_unref(controller) }
        controllers = []
        if let scrolls { Signal.removeEmissionHook(scrolls) }
        scrolls = nil
    }
}

/// The pointer button a window's gesture saw go down, until it goes up.
@MainActor
private final class PressedButton {
    var number: UInt32?
}
