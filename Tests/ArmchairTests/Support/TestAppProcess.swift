import Foundation

/// Runs the `TestApp` helper, built beside the test binary, as a separate process.
struct TestAppProcess {
    let process: Process
    private let input: Pipe
    private let output: Pipe

    /// The helper's path: SwiftPM builds executables into the same folder as the test binary.
    static var path: String {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return testBinary.deletingLastPathComponent().appendingPathComponent("TestApp").path
    }

    /// Starts `TestApp <mode> <state-file> <argument>`.
    ///
    /// - Parameters:
    ///   - asUser: Runs it as this user ID through `setpriv` (for permission tests as root).
    ///   - environment: Variables set for it, over the test's own (the language ones removed).
    init(
        _ mode: String, stateFile: String, _ argument: String, asUser: UInt32? = nil,
        environment: [String: String]? = nil
    ) throws {
        process = Process()
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.filter {
                !["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"].contains($0.key)
            }.merging(environment) { $1 }
        }
        let arguments = [mode, stateFile, argument]
        if let user = asUser {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", Self.path] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: Self.path)
            process.arguments = arguments
        }
        input = Pipe()
        output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Runs the helper to the end and returns what it printed, without the final newline.
    static func run(
        _ mode: String, stateFile: String, _ argument: String, asUser: UInt32? = nil,
        environment: [String: String]? = nil
    ) throws -> String {
        let helper = try TestAppProcess(mode, stateFile: stateFile, argument, asUser: asUser, environment: environment)
        return helper.finish()
    }

    /// The first line the helper printed, waiting for it.
    func firstLine() -> String {
        var bytes: [UInt8] = []
        while let byte = try? output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") {
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Lets a waiting helper go on, waits for it to end, and returns the rest of what it printed.
    func finish() -> String {
        try? input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    /// Kills the helper with SIGKILL, as a crash or the kernel's out-of-memory killer would.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
