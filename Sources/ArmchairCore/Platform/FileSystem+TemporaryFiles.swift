import CArmchairSupport
import Glibc

extension FileSystem {
    /// Removes temporary files that writers of `path` left behind when they were killed.
    ///
    /// Call it only while holding the file's lock: then no writer is between creating and
    /// renaming a temporary file.
    package static func removeTemporaryFiles(for path: String) {
        let folder = openKeepingAccessTime(directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return }
        defer { close(folder) }
        // Listed in C with getdents64 and a small buffer: this runs at every start of an app.
        armchairsupport_remove_entries(folder, temporaryNamePrefix(for: path))
    }
}
