import ArmchairGLib
import ArmchairGtk
import CGtk
import Foundation
import Synchronization
import Testing

/// Finds Armchair's dialogs among the toplevel windows and works them as a user would: reading
/// their labels, clicking their buttons, pressing Escape, typing.
@MainActor
enum DialogDriver {
    /// Lets GTK handle pending events.
    static func pump() {
        while gtk_events_pending() != 0 { gtk_main_iteration_do(0) }
    }

    /// Waits (up to `timeout` seconds) for a visible dialog titled `title` and returns it.
    static func dialog(titled title: String, timeout: Double = 5) async throws -> UnsafeMutablePointer<GtkWidget> {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            await Task.yield()
            pump()
            if let found = visibleDialogs().first(where: { windowTitle($0) == title }) { return found }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("no dialog titled \"\(title)\" appeared; visible: \(visibleDialogs().map(windowTitle))")
        throw CancellationError()
    }

    /// The visible dialogs, but those of LibArmchairTests: its suites run at the same time in this
    /// test process, and title their dialogs with the app name "Library Notes".
    static func visibleDialogs() -> [UnsafeMutablePointer<GtkWidget>] {
        var result: [UnsafeMutablePointer<GtkWidget>] = []
        let list = gtk_window_list_toplevels()
        var node = list
        while let current = node {
            let widget = current.pointee.data.assumingMemoryBound(to: GtkWidget.self)
            if g_type_check_instance_is_a(
                UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), gtk_dialog_get_type())
                != 0,
                gtk_widget_get_visible(widget) != 0, !windowTitle(widget).contains("Library Notes")
            {
                result.append(widget)
            }
            node = current.pointee.next
        }
        g_list_free(list)
        return result
    }

    static func windowTitle(_ window: UnsafeMutablePointer<GtkWidget>) -> String {
        gtk_window_get_title(OpaquePointer(window).map { UnsafeMutablePointer<GtkWindow>($0) }).map {
            String(cString: $0)
        } ?? ""
    }

    /// The dialog's buttons, in their order on screen, with their labels (mnemonic underscores kept):
    /// the visible buttons that send the dialog a response.
    static func buttons(of dialog: UnsafeMutablePointer<GtkWidget>) -> [(
        label: String, widget: UnsafeMutablePointer<GtkWidget>
    )] {
        let gtkDialog = OpaquePointer(dialog).map { UnsafeMutablePointer<GtkDialog>($0) }
        return FormDriver.all(ofType: gtk_button_get_type(), in: dialog).compactMap { widget in
            let label = gtk_button_get_label(OpaquePointer(widget).map { UnsafeMutablePointer<GtkButton>($0) })
            guard gtk_dialog_get_response_for_widget(gtkDialog, widget) != GTK_RESPONSE_NONE.rawValue,
                gtk_widget_get_visible(widget) != 0, let label
            else { return nil }
            return (String(cString: label), widget)
        }
    }

    /// Clicks the button labelled `label` (with its mnemonic underscore) in `dialog`.
    static func click(_ label: String, in dialog: UnsafeMutablePointer<GtkWidget>) {
        guard let button = buttons(of: dialog).first(where: { $0.label == label })?.widget else {
            Issue.record("no button \"\(label)\" in \(buttons(of: dialog).map(\.label))")
            return
        }
        // A question's buttons are disabled for its first second (ActivationGuard); a user waits.
        let deadline = Date().addingTimeInterval(2)
        while gtk_widget_is_sensitive(button) == 0, Date() < deadline {
            pump()
            usleep(10_000)
        }
        guard gtk_widget_is_sensitive(button) != 0 else {
            Issue.record("the button \"\(label)\" is disabled; a user could not click it")
            return
        }
        gtk_button_clicked(OpaquePointer(button).map { UnsafeMutablePointer<GtkButton>($0) })
        pump()
    }

    /// Presses Escape in `dialog`: runs the dialog's key binding for Escape, as GTK does on the key
    /// press.
    static func pressEscape(in dialog: UnsafeMutablePointer<GtkWidget>) {
        let handled = gtk_bindings_activate(
            UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: GObject.self), guint(GDK_KEY_Escape),
            GdkModifierType(rawValue: 0))
        #expect(handled != 0, "the dialog has no binding for Escape")
        pump()
    }

    /// Closes `dialog` as the window's close button does.
    static func closeWindow(_ dialog: UnsafeMutablePointer<GtkWidget>) {
        gtk_window_close(OpaquePointer(dialog).map { UnsafeMutablePointer<GtkWindow>($0) })
        pump()
    }

    /// The texts of every label in `widget`, depth first.
    static func labels(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        var result: [String] = []
        if g_type_check_instance_is_a(
            UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), gtk_label_get_type()) != 0
        {
            result.append(
                String(cString: gtk_label_get_text(OpaquePointer(widget).map { UnsafeMutablePointer<GtkLabel>($0) })))
        }
        if g_type_check_instance_is_a(
            UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), gtk_container_get_type()) != 0
        {
            let list = gtk_container_get_children(OpaquePointer(widget).map { UnsafeMutablePointer<GtkContainer>($0) })
            var node = list
            while let current = node {
                result += labels(in: current.pointee.data.assumingMemoryBound(to: GtkWidget.self))
                node = current.pointee.next
            }
            g_list_free(list)
        }
        return result
    }

    /// Saves what `window` shows as a PNG at `path`, as a person sees it once it takes clicks: a
    /// question's buttons are disabled for its first second (``ActivationGuard``), a form's Cancel
    /// never is.
    static func screenshot(_ window: UnsafeMutablePointer<GtkWidget>, to path: String) {
        let deadline = Date().addingTimeInterval(ActivationGuard.seconds + 2)
        while !buttons(of: window).contains(where: { gtk_widget_is_sensitive($0.widget) != 0 }), Date() < deadline {
            pump()
            usleep(10_000)
        }
        // Let the frame clock run a few frames, so style, focus and layout changes are applied.
        for _ in 0..<15 {
            pump()
            usleep(10_000)
        }
        DialogPicture.save(UnsafeMutableRawPointer(window), to: path)
    }
}

extension DialogDriver {
    /// The outcome of a prompting task, or `nil` if it has not ended within `timeout` seconds — so
    /// a dialog that failed to close fails its test instead of hanging the whole run.
    static func outcome<Value: Sendable>(of task: Task<Value, Never>, timeout: Double = 10) async -> Value? {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
            let resumed = Mutex(false)
            @Sendable func finish(_ value: Value?) {
                guard
                    resumed.withLock({ done in
                        defer { done = true }
                        return !done
                    })
                else { return }
                continuation.resume(returning: value)
            }
            Task { finish(await task.value) }
            Task {
                try? await Task.sleep(for: .seconds(timeout))
                finish(nil)
            }
        }
        if result == nil { Issue.record("the prompt did not end within \(timeout) seconds") }
        return result
    }
}
