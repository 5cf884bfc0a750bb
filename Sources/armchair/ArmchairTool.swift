import ArgumentParser
import Glibc

/// `armchair`: look at and change an app's rating-prompt state, see why the prompt would or would
/// not appear, and preview the dialogs, without starting the app.
@main
struct ArmchairTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "armchair",
        abstract: "See when an app embedding Armchair will ask for a rating, and why.",
        discussion: """
            Works on the same files the app uses: its state file ($XDG_STATE_HOME/<app-id>/armchair.ini, \
            or the Flatpak sandbox's) and its settings file (data/<app-id>.armchair here, or \
            <prefix>/share/armchair/<app-id>.armchair).

            Output is coloured only on a terminal, and never when NO_COLOR is set.

            Exit status:
              0  success; for explain, the app would prompt now
              1  explain: the app would not prompt now
              2  a usage or input error: a bad argument, no state, an unusable file
              3  the state file could not be changed: locked, read-only, disk full;
                 for desktop, your settings file could not be written
              4  review submit: the review service refused the review
              5  review submit: the review service could not be reached; nothing was kept
                 unless --queue was given
            """,
        subcommands: [
            Status.self, Explain.self, Reset.self, Simulate.self, Preview.self, Review.self, Desktop.self,
            InstallData.self,
        ]
    )

    /// Runs the tool: every error is one message on standard error and a documented exit status,
    /// never a stack trace.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as ToolError {
            printError(error.message)
            Glibc.exit(error.exitStatus)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                printError(fullMessage(for: error))
                Glibc.exit(ExitStatus.inputError)
            }
            exit(withError: error)
        }
    }
}
