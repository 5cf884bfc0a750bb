import Foundation

/// Runs the built `armchair` tool as a user would, in a folder and environment of the test's.
struct ToolProcess {
    /// What one run printed and how it ended.
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    /// The tool's path: SwiftPM builds it beside the test binary.
    static var path: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("armchair").path
    }

    /// The folder the tool runs in (where it looks for `data/<app-id>.armchair`).
    let folder: String
    /// The environment, without the test process's own XDG, colour and display variables.
    var environment: [String: String]

    init(folder: String) {
        self.folder = folder
        environment = [
            "PATH": "/usr/bin:/bin", "HOME": folder + "/home", "XDG_STATE_HOME": folder + "/state",
            "XDG_DATA_HOME": folder + "/share", "XDG_DATA_DIRS": folder + "/system-share", "TZ": "UTC",
            "LANG": "C.UTF-8",
        ]
    }

    /// The state file of `appID` where the tool and the app look first.
    func statePath(_ appID: String) -> String { "\(folder)/state/\(appID)/armchair.ini" }

    /// Runs `armchair <arguments>` to its end.
    ///
    /// - Parameters:
    ///   - launcher: A program and its arguments that start the tool (`setpriv …`).
    ///   - direct: Whether `arguments` go to the launcher alone, which starts the tool itself (`script -c …`).
    @discardableResult
    func run(_ arguments: [String], launcher: [String] = [], direct: Bool = false) throws -> Result {
        let process = Process()
        let command = launcher + (direct ? [] : [Self.path]) + arguments
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let (output, errors) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The tool's messages are short: standard error fits in the pipe while output is read.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }
}
