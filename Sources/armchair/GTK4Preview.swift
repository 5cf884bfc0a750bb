import Armchair
import Foundation

/// `armchair preview --toolkit gtk4`: runs `armchair-preview-gtk4`, the program beside this one
/// that links GTK 4 and libadwaita (this one links GTK 3, and a process cannot load both), with the
/// same steps, app and settings; the language goes through the environment.
enum GTK4Preview {
    /// The helper's name, beside `armchair` in the build folder and in an installation's `bin/`.
    static let programName = "armchair-preview-gtk4"

    /// Runs the helper and waits for it; its answers go straight to this program's output.
    static func run(
        steps: [PreviewStep], appID: String, settingsFile: String?, appName: String?, together: Bool,
        picturesFolder: String?
    ) throws(ToolError) {
        let running =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        let program = URL(fileURLWithPath: running).deletingLastPathComponent().appendingPathComponent(programName).path
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw ToolError(
                "\(programName) is not beside armchair (\(program)); build it with "
                    + "`swift build --product \(programName)`.", kind: .input)
        }
        var arguments = ["--app-id", appID]
        if let settingsFile { arguments += ["--config", settingsFile] }
        if let appName { arguments += ["--app-name", appName] }
        if together { arguments.append("--together") }
        if let picturesFolder { arguments += ["--pictures", picturesFolder] }
        arguments += steps.map(\.rawValue)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        do {
            try process.run()
        } catch {
            throw ToolError("\(programName) could not start: \(error.localizedDescription)", kind: .input)
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolError("\(programName) failed (exit status \(process.terminationStatus)).", kind: .input)
        }
    }
}
