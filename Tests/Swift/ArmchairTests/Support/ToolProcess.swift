import TestProcesses

/// Runs the built `armchair` tool as a user would, in a folder and environment of the test's.
struct ToolProcess {
    /// The tool's path.
    static var path: String { BuiltExecutable.path("armchair") }

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
    func run(_ arguments: [String], launcher: [String] = [], direct: Bool = false) throws -> ChildProcess.Result {
        let command = launcher + (direct ? [] : [Self.path]) + arguments
        return try ChildProcess.run(command[0], Array(command.dropFirst()), environment: environment, folder: folder)
    }
}
