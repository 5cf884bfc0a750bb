import Foundation

/// A program a test started, with its standard input, output and error connected to the test.
///
/// Most tests need only what a program printed and how it ended: they call
/// ``run(_:_:environment:folder:errors:timeout:)``. Tests that work with a program while it runs
/// start it with ``init(_:_:environment:folder:errors:)``, read what it says with ``readLine()``,
/// and then let it end with ``finish(timeout:)`` or stop it with ``kill()``.
///
/// Standard input is a pipe that stays open until ``finish(timeout:)``, so a program can take its
/// end as the sign to go on. Standard error is read as it comes, so a program never waits for the
/// test to make room in it.
///
/// ```swift
/// let compile = try ChildProcess.run("/usr/bin/msgfmt", ["-o", "de.mo", "de.po"])
/// #expect(compile.status == 0, "\(compile.errors)")
/// ```
public final class ChildProcess: Sendable {
    private let program: String
    private let process: Process
    private let input: Pipe
    private let output: Pipe
    /// Standard error as it is read; `nil` when it goes into ``output``.
    private let errors: PipeDrain?
    /// Signalled once, when the program has ended.
    private let exited: DispatchSemaphore

    /// Starts a program.
    ///
    /// - Parameters:
    ///   - program: The path of the program.
    ///   - arguments: Its arguments, without its own name.
    ///   - environment: Its whole environment; `nil` gives it the test process's.
    ///   - folder: The folder it runs in; `nil` for the test process's.
    ///   - errors: Whether standard error is read apart from standard output or with it.
    /// - Throws: The error of starting it, such as a program that does not exist.
    public init(
        _ program: String, _ arguments: [String] = [], environment: [String: String]? = nil, folder: String? = nil,
        errors: ErrorOutput = .separate
    ) throws {
        let process = Process()
        let (input, output, errorPipe) = (Pipe(), Pipe(), Pipe())
        let exited = DispatchSemaphore(value: 0)
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors == .mergedIntoOutput ? output : errorPipe
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        self.program = program
        self.process = process
        self.input = input
        self.output = output
        self.exited = exited
        self.errors = errors == .mergedIntoOutput ? nil : PipeDrain(errorPipe.fileHandleForReading)
    }

    /// Runs a program to its end.
    ///
    /// Its standard input is closed at once, so a program that reads it finds it empty.
    ///
    /// - Parameters:
    ///   - program: The path of the program.
    ///   - arguments: Its arguments, without its own name.
    ///   - environment: Its whole environment; `nil` gives it the test process's.
    ///   - folder: The folder it runs in; `nil` for the test process's.
    ///   - errors: Whether standard error is read apart from standard output or with it.
    ///   - timeout: How long it may take; a program still running then is killed.
    /// - Returns: Its exit status and what it printed.
    /// - Throws: The error of starting it, or ``TimedOut``.
    public static func run(
        _ program: String, _ arguments: [String] = [], environment: [String: String]? = nil, folder: String? = nil,
        errors: ErrorOutput = .separate, timeout: Duration = .seconds(300)
    ) throws -> Result {
        try ChildProcess(program, arguments, environment: environment, folder: folder, errors: errors)
            .finish(timeout: timeout)
    }

    /// Writes `line` and a newline to the program's standard input.
    public func send(_ line: String) {
        try? input.fileHandleForWriting.write(contentsOf: Array((line + "\n").utf8))
    }

    /// Whether the program has not ended yet.
    public var isRunning: Bool { process.isRunning }

    /// The next line the program printed, waiting for it.
    ///
    /// It reads byte by byte, so what follows the line is left for the next call or for
    /// ``finish(timeout:)``.
    ///
    /// - Returns: The line without its newline; at the end of the output, what is left (maybe nothing).
    public func readLine() -> String {
        var line: [UInt8] = []
        while let byte = try? output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") {
            line.append(byte)
        }
        return String(decoding: line, as: UTF8.self)
    }

    /// Closes the program's standard input and waits for the program to end.
    ///
    /// Call it once; after ``kill()`` there is nothing left to wait for.
    ///
    /// - Parameter timeout: How long the program may take; one still running then is killed.
    /// - Returns: Its exit status, and what it printed that ``readLine()`` did not read.
    /// - Throws: ``TimedOut`` if it was still running after `timeout`.
    public func finish(timeout: Duration = .seconds(300)) throws -> Result {
        try? input.fileHandleForWriting.close()
        let printed = PipeDrain(output.fileHandleForReading)
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
        guard exited.wait(timeout: .now() + seconds) == .success else {
            kill()
            throw TimedOut(program: program, timeout: timeout)
        }
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: printed.text(), errors: errors?.text() ?? "")
    }

    /// Kills the program, as a crash or the kernel's out-of-memory killer would, and waits until it
    /// is gone.
    ///
    /// It sends SIGKILL, which cannot be blocked: the test process's threads block SIGTERM, and a
    /// program inherits that mask.
    public func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
