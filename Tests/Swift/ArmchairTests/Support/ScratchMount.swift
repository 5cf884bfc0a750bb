import Foundation
import TestProcesses
import Testing

/// A small tmpfs mounted for one test, to make a disk full or read-only for real.
///
/// Mounting needs root; ``isAvailable`` tells whether this machine allows it, so such tests are
/// skipped (not faked) elsewhere.
final class ScratchMount {
    let folder: TemporaryFolder
    var path: String { folder.path }

    /// Mounts a tmpfs of `kilobytes` over a new temporary folder.
    init(kilobytes: Int) throws {
        folder = try TemporaryFolder()
        try Self.mount(["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0755", "tmpfs", folder.path])
    }

    deinit { try? Self.mount(["-u", folder.path], command: "/bin/umount") }

    /// Makes the file system read-only, or writable again.
    func setReadOnly(_ readOnly: Bool) throws {
        try Self.mount(["-o", "remount,\(readOnly ? "ro" : "rw")", folder.path])
    }

    /// Fills the file system until it has no space left, in `filler`.
    func fill(filler: String = "filler") {
        let handle = fopen(path + "/" + filler, "w")
        defer { if let handle { fclose(handle) } }
        let block = [UInt8](repeating: 0x2A, count: 4096)
        while let handle, fwrite(block, 1, block.count, handle) == block.count, fflush(handle) == 0 {}
    }

    /// Why a test that needs one is skipped where ``isAvailable`` is false.
    static let unavailable: Comment = "needs root, to mount a small tmpfs (made full or read-only)"

    static let isAvailable: Bool = {
        guard geteuid() == 0, let probe = try? ScratchMount(kilobytes: 64) else { return false }
        return FileManager.default.isWritableFile(atPath: probe.path)
    }()

    private static func mount(_ arguments: [String], command: String = "/bin/mount") throws {
        let result = try ChildProcess.run(command, command.hasSuffix("umount") ? [arguments[1]] : arguments)
        guard result.status == 0 else { throw CocoaError(.fileWriteNoPermission) }
    }
}
