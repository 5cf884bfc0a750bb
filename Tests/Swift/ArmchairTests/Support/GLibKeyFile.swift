import Foundation
import TestProcesses

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
        let result = try ChildProcess.run(python, arguments)
        guard result.status == 0 else { throw CocoaError(.fileReadCorruptFile) }
        return result.output
    }
}
