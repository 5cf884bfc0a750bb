import Glibc

/// The program this process runs, and the installation it belongs to.
///
/// An installed program lives in `<prefix>/bin` (or `sbin`, `libexec`) and finds its data in
/// `<prefix>/share`, as Meson, Debian packages and Flatpak (`/app`) lay programs out.
package enum RunningExecutable {
    /// The executable's absolute path, as the kernel knows it (`/proc/self/exe`); `nil` when that
    /// cannot be read.
    package static let path: String? = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let text = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // A program replaced on disk while it runs (a package upgrade) still reads from its old path.
        let deleted = " (deleted)"
        return text.hasSuffix(deleted) ? String(text.dropLast(deleted.count)) : text
    }()

    /// The installation prefix of the program at `path`: `<prefix>/bin/notes`,
    /// `<prefix>/sbin/notes`, `<prefix>/libexec/notes` and `<prefix>/libexec/notes/helper` all
    /// give `<prefix>`. `nil` for a program elsewhere, such as in a build folder.
    package static func installationPrefix(of path: String) -> String? {
        let folders = Array(path.split(separator: "/").dropLast())
        let prefixLength: Int
        if let last = folders.last, ["bin", "sbin", "libexec"].contains(last) {
            prefixLength = folders.count - 1
        } else if folders.count >= 2, folders[folders.count - 2] == "libexec" {
            prefixLength = folders.count - 2
        } else {
            return nil
        }
        // A program in /bin itself belongs to the system, whose data the XDG folders name.
        guard prefixLength > 0 else { return nil }
        return "/" + folders[..<prefixLength].joined(separator: "/")
    }

    /// The folder holding the program at `path`.
    static func folder(of path: String) -> String { FileSystem.directory(of: path) }
}
