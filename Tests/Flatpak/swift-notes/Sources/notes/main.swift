// Notes: a GTK 3 window, and Armchair attached to its application in one call.
import Armchair
import ArmchairGtk
import CNotesGtk
import Glibc

let application = gtk_application_new("org.example.Notes", G_APPLICATION_DEFAULT_FLAGS)!
let rating = try ApplicationBinding.attach(
    to: UnsafeMutableRawPointer(application),
    configuration: Configuration(appID: "org.example.Notes", appVersion: "1.0", file: .installed))

let activate: @convention(c) (UnsafeMutablePointer<GtkApplication>?, gpointer?) -> Void = { application, _ in
    let window = gtk_application_window_new(application)!
    let raw = UnsafeMutableRawPointer(window)
    gtk_window_set_title(raw.assumingMemoryBound(to: GtkWindow.self), "Notes")
    gtk_window_set_default_size(raw.assumingMemoryBound(to: GtkWindow.self), 480, 320)
    gtk_widget_show_all(window)
}
g_signal_connect_data(
    UnsafeMutableRawPointer(application), "activate", unsafeBitCast(activate, to: GCallback.self), nil, nil,
    GConnectFlags(rawValue: 0))
let status = g_application_run(
    UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self), CommandLine.argc,
    CommandLine.unsafeArgv)
withExtendedLifetime(rating) {}
exit(status)
