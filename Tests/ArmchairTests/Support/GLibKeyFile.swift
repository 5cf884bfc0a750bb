import Foundation

/// Reads a key file with GLib itself (through the system Python's GObject bindings), to prove
/// the state file is the real GKeyFile format and not just something like it.
enum GLibKeyFile {
    static let python = "/usr/bin/python3"

    static let isAvailable: Bool =
        (try? run(["-c", "import gi; gi.require_version('GLib', '2.0'); from gi.repository import GLib"])) != nil

    /// The value of `key` in `group`, as `g_key_file_get_string()` returns it.
    static func value(in path: String, group: String, key: String) throws -> String {
        try run([
            "-c",
            """
            import sys, gi
            gi.require_version('GLib', '2.0')
            from gi.repository import GLib
            file = GLib.KeyFile()
            file.load_from_file(sys.argv[1], GLib.KeyFileFlags.NONE)
            sys.stdout.write(file.get_string(sys.argv[2], sys.argv[3]))
            """,
            path, group, key,
        ])
    }

    private static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadCorruptFile) }
        return String(decoding: data, as: UTF8.self)
    }
}
