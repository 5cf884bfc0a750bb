// armchair-demo-gtk4: the GTK 4 + libadwaita twin of armchair-demo; an AdwApplication that embeds
// Armchair with one call.
//
//     armchair-demo-gtk4 [--debug] [--satisfaction] [--dark] [--rtl] [--width N] [--show-prompt]
//
// --debug         prompt on every launch (debug mode, explicitly allowed in this build)
//                 (ARMCHAIR_DEBUG=1 does the same in a debug build, and logs each decision)
// --satisfaction  ask "Are you enjoying Armchair Demo?" first
// --dark          force libadwaita's dark style (AdwStyleManager)
// --rtl           lay the widgets out right to left
// --width N       the window's width in pixels (default 640; 360 for a phone)
// --show-prompt   show the rating prompt as soon as the window is up
// --gtk-application  a plain GtkApplication instead of an AdwApplication
import Armchair
import ArmchairAdwaita
import CGtk4
import Glibc

let applicationID = "io.github.armchairlinux.Demo"
var arguments = Array(CommandLine.arguments.dropFirst())
var width: Int32 = 640
if let index = arguments.firstIndex(of: "--width"), index + 1 < arguments.count, let value = Int32(arguments[index + 1])
{
    width = value
    arguments.removeSubrange(index...index + 1)
}
let options = Set(arguments)
let known: Set = ["--debug", "--satisfaction", "--dark", "--rtl", "--show-prompt", "--gtk-application", "--help"]
if options.contains("--help") || !options.isSubset(of: known) {
    print(
        "usage: armchair-demo-gtk4 [--debug] [--satisfaction] [--dark] [--rtl] [--width N] [--show-prompt]"
            + " [--gtk-application]")
    exit(options.contains("--help") ? 0 : 2)
}

let projectSettings = "data/\(applicationID).armchair"
var configuration: Configuration
do {
    configuration = try Configuration(
        appID: applicationID, appVersion: "1.0",
        file: access(projectSettings, R_OK) == 0 ? .path(projectSettings) : .installed)
} catch {
    print(error)
    configuration = Configuration(appID: applicationID, appName: "Armchair Demo", appVersion: "1.0")
}
configuration.asksSatisfactionFirst = options.contains("--satisfaction")
configuration.debugEnabled = options.contains("--debug")
configuration.allowsDebugInReleaseBuilds = options.contains("--debug")

g_set_application_name("Armchair Demo")
// --gtk-application: a plain GtkApplication, as a GTK 4 app without libadwaita of its own has;
// the binding then starts libadwaita itself.
let application: UnsafeMutablePointer<AdwApplication> =
    options.contains("--gtk-application")
    ? cast(gtk_application_new(applicationID, G_APPLICATION_DEFAULT_FLAGS))!
    : adw_application_new(applicationID, G_APPLICATION_DEFAULT_FLAGS)!
let binding: ApplicationBinding
do {
    binding = try ApplicationBinding.attach(to: UnsafeMutableRawPointer(application), configuration: configuration)
} catch {
    print(error)
    exit(2)
}

var demoWindow: DemoWindow?
DemoSignal.connect(UnsafeMutableRawPointer(application), "activate") {
    // AdwApplication's startup ran adw_init(): the style manager exists from here on.
    if options.contains("--dark") {
        adw_style_manager_set_color_scheme(adw_style_manager_get_default(), ADW_COLOR_SCHEME_FORCE_DARK)
    }
    if options.contains("--rtl") { gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL) }
    if demoWindow == nil { demoWindow = DemoWindow(application: application, binding: binding, width: width) }
    demoWindow?.present()
    if options.contains("--show-prompt") { binding.engine.showPrompt() }
}
let status = g_application_run(cast(application), 1, CommandLine.unsafeArgv)
g_object_unref(UnsafeMutableRawPointer(application))
exit(status)
