import ArgumentParser
import Glibc

/// `armchair`: look at an app's rating-prompt state and see why the prompt would or would not
/// appear, without starting the app.
@main
struct ArmchairTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "armchair",
        abstract: "Explain when an app embedding Armchair will ask for a rating.",
        discussion: """
            Reads the same state file the app writes ($XDG_STATE_HOME/<app-id>/armchair.ini) and never \
            changes it.

            Exit status: 0 on success, 2 for an invalid argument or an unusable state file.
            """,
        subcommands: [Explain.self],
        defaultSubcommand: Explain.self
    )

    /// Runs the tool, mapping argument errors to exit status 2.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as ToolError {
            printError(error.message)
            Glibc.exit(2)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                printError(fullMessage(for: error))
                Glibc.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// An error the tool explains in one message, with exit status 2.
struct ToolError: Error {
    var message: String
}

/// Writes `message` and a newline to standard error.
func printError(_ message: String) {
    var text = message + "\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
