import Foundation

/// Runs the `StoreWriter` helper, built beside the test bundle, as a separate process.
enum StoreWriterProcess {
    /// The helper's path: SwiftPM builds executables into the same folder as the test binary.
    static var path: String {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return testBinary.deletingLastPathComponent().appendingPathComponent("StoreWriter").path
    }

    /// Starts the helper counting `uses` launches into `stateFile` (0 = until killed).
    ///
    /// - Parameter asUser: Runs it as this user ID through `setpriv` (for permission tests as root).
    static func start(stateFile: String, uses: Int, asUser: UInt32? = nil) throws -> Process {
        let process = Process()
        if let user = asUser {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", path, stateFile, String(uses)]
        } else {
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = [stateFile, String(uses)]
        }
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs the helper to the end and returns its exit status.
    static func run(stateFile: String, uses: Int, asUser: UInt32? = nil) throws -> Int32 {
        let process = try start(stateFile: stateFile, uses: uses, asUser: asUser)
        process.waitUntilExit()
        return process.terminationStatus
    }
}
