import ArgumentParser
import Armchair
import Foundation

/// `armchair desktop`: the settings every app on this desktop follows, who set each, and which
/// apps asked when; changes the person's own settings.
struct Desktop: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show or change what every app on this desktop may ask, and see which apps asked when.",
        discussion: """
            Your settings are kept in $XDG_CONFIG_HOME/armchair/desktop.conf (~/.config/armchair/desktop.conf); \
            apps read it and never write it. Your distribution may ship defaults, and an administrator \
            settings that only make things stricter, in armchair/desktop.conf of $XDG_CONFIG_DIRS \
            (/etc/xdg) or in $ARMCHAIR_DESKTOP_POLICY: an administrator's "off" holds whatever you choose.

            --off stops every app's prompts, including those an app shows on its own at launch; what \
            you start yourself (an app's "Rate this app" item, the review page) still works, and \
            developers' debug mode and previews still show. --quiet-days sets how long no app asks \
            after another app did (0: apps do not wait for each other; default 7).

            The record of which app asked when is $XDG_STATE_HOME/armchair/desktop.ini. It names apps by \
            opaque tokens, so that no app learns which other apps you use; this command matches them \
            with the apps' state files.

            Examples:
              armchair desktop
              armchair desktop --off
              armchair desktop --on --quiet-days 14
              armchair desktop --reviews-and-feedback off
            """
    )

    enum Switch: String, ExpressibleByArgument {
        case on, off
    }

    @Flag(help: "Stop every app's prompts.")
    var off = false

    @Flag(help: "Allow apps to prompt again (unless the administrator turned prompts off).")
    var on = false

    @Option(help: ArgumentHelp("Days no app asks after another app did, from 0 to 365.", valueName: "days"))
    var quietDays: Int?

    @Option(help: ArgumentHelp("Allow or stop in-app reviews and feedback from every app.", valueName: "on|off"))
    var reviewsAndFeedback: Switch?

    @Flag(help: "Print JSON for scripts.")
    var json = false

    func validate() throws {
        if on && off { throw ValidationError("Give --on or --off, not both.") }
        if let quietDays, !(0...DesktopPolicy.maximumQuietDays).contains(quietDays) {
            throw ValidationError(
                "--quiet-days must be a whole number of days from 0 to \(DesktopPolicy.maximumQuietDays).")
        }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let locations = DesktopLocations(
            environment: environment, homeDirectory: FileSystem.homeDirectoryFromUserDatabase(), sandbox: nil)
        let change = DesktopPolicy.PersonChange(
            prompts: on ? true : off ? false : nil, reviewsAndFeedback: reviewsAndFeedback.map { $0 == .on },
            quietDays: quietDays)
        if !change.isEmpty {
            do {
                try DesktopPolicy.changePersonFile(at: locations.personFile, change)
            } catch {
                throw ToolError(error.description, kind: .storage)
            }
        }
        let report = try DesktopReport(locations: locations, environment: environment, now: Date())
        if json {
            print(try JSONOutput.text(of: report))
            return
        }
        let terminal = Terminal.current
        if !change.isEmpty { print("Saved your settings in \(locations.personFile).") }
        print(report.text(terminal: terminal, change: change))
    }
}
