// armchair-demo: a small GtkApplication that embeds Armchair with one call, to try it as a user.
//
//     armchair-demo [--debug] [--satisfaction]
//
// --debug         prompt on every launch (debug mode, explicitly allowed in this build)
//                 (ARMCHAIR_DEBUG=1 does the same in a debug build, and logs each decision)
// --satisfaction  ask "Are you enjoying Armchair Demo?" first
import Armchair
import ArmchairGtk
import CGtk
import Glibc

let applicationID = "io.github.armchairlinux.Demo"
let options = Set(CommandLine.arguments.dropFirst())
let known: Set = ["--debug", "--satisfaction", "--help"]
if options.contains("--help") || !options.isSubset(of: known) {
    print("usage: armchair-demo [--debug] [--satisfaction]")
    exit(options.contains("--help") ? 0 : 2)
}

// The settings file: the project's copy when run from the project folder (swift run), else the
// installed one. The thresholds live there, so `armchair explain` sees the same ones.
let projectSettings = "data/\(applicationID).armchair"
var configuration: Configuration
do {
    configuration = try Configuration(
        appID: applicationID, appVersion: "1.0",
        file: access(projectSettings, R_OK) == 0 ? .path(projectSettings) : .installed)
} catch {
    // A broken settings file must not stop the app: say why, and go on with the defaults.
    print(error)
    configuration = Configuration(appID: applicationID, appName: "Armchair Demo", appVersion: "1.0")
}
configuration.asksSatisfactionFirst = options.contains("--satisfaction")
configuration.debugEnabled = options.contains("--debug")
configuration.allowsDebugInReleaseBuilds = options.contains("--debug")

g_set_application_name("Armchair Demo")
let application = gtk_application_new(applicationID, G_APPLICATION_DEFAULT_FLAGS)!
let binding: ApplicationBinding
do {
    binding = try ApplicationBinding.attach(to: UnsafeMutableRawPointer(application), configuration: configuration)
} catch {
    print(error)
    exit(2)
}

var demoWindow: DemoWindow?
let activate: @convention(c) (gpointer?, gpointer?) -> Void = { _, _ in
    MainActor.assumeIsolated {
        if demoWindow == nil { demoWindow = DemoWindow(application: application, binding: binding) }
        demoWindow?.present()
    }
}
g_signal_connect_data(
    UnsafeMutableRawPointer(application), "activate", unsafeBitCast(activate, to: GCallback.self), nil, nil,
    GConnectFlags(rawValue: 0))
let status = g_application_run(
    OpaquePointer(application).map { UnsafeMutablePointer<GApplication>($0) }, 1, CommandLine.unsafeArgv)
g_object_unref(UnsafeMutableRawPointer(application))
exit(status)
