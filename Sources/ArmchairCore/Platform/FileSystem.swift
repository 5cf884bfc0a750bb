package import Glibc

/// The few file operations the state file needs, on POSIX calls, in one place.
///
/// Everything else in the engine is free of platform code.
package enum FileSystem {
    /// What reading a file found.
    package enum ReadResult: Equatable {
        case contents([UInt8])
        case missing
        case directory
        /// A FIFO, a socket or a device: reading it could wait for ever.
        case notRegularFile(kind: String)
        case tooLarge
    }

    /// Reads a whole regular file of at most `limit` bytes.
    ///
    /// The file is opened without blocking, so a FIFO or a device at `path` is reported at once
    /// instead of holding the caller (and the app) until something writes to it.
    ///
    /// - Parameter updatingAccessTime: Whether the read may update the file's access time; see
    ///   `openKeepingAccessTime` for why a store's files are read without.
    package static func read(
        _ path: String, limit: Int, updatingAccessTime: Bool = true
    ) throws(SystemError) -> ReadResult {
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK
        let descriptor = updatingAccessTime ? open(path, flags) : openKeepingAccessTime(path, flags)
        if descriptor < 0 {
            if errno == ENOENT { return .missing }
            throw .last("open", path)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .last("stat", path) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .directory
        case S_IFIFO: return .notRegularFile(kind: "a FIFO")
        case S_IFSOCK: return .notRegularFile(kind: "a socket")
        case S_IFCHR, S_IFBLK: return .notRegularFile(kind: "a device")
        default: return .notRegularFile(kind: "a special file")
        }
        if status.st_size > limit { return .tooLarge }

        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16_384) { buffer throws(SystemError) in
            while true {
                let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw .last("read", path)
                }
                if count == 0 { return .contents(bytes) }
                bytes.append(contentsOf: buffer[..<count])
                if bytes.count > limit { return .tooLarge }
            }
        }
    }

    /// Whether anything (file, folder, link) exists at `path`.
    package static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Creates `path` and its missing parents, each with `mode`.
    package static func makeDirectories(_ path: String, mode: mode_t = 0o700) throws(SystemError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, mode) != 0 && errno != EEXIST { throw .last("create folder", prefix) }
        }
        var status = stat()
        guard stat(path, &status) == 0 else { throw .last("create folder", path) }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw SystemError(code: ENOTDIR, operation: "create folder", path: path)
        }
    }

    /// Replaces `path` with `bytes` so that readers see the old file or the new, never a mix.
    ///
    /// The bytes go to a temporary file in the same folder, are flushed to the disk with `fsync`,
    /// and the temporary file is renamed over `path`. A crash at any moment leaves either file
    /// whole (at worst a stray temporary file, removed by ``removeTemporaryFiles(for:)``).
    package static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws(SystemError) {
        let temporary = temporaryPrefix(for: path) + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw .last("create", temporary) }
        var failure: SystemError?
        var offset = 0
        while offset < bytes.count, failure == nil {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 {
                if errno != EINTR { failure = .last("write", path) }
            } else {
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = .last("flush to disk", path) }
        if close(descriptor) != 0, failure == nil { failure = .last("close", path) }
        if failure == nil, rename(temporary, path) != 0 { failure = .last("replace", path) }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    /// The size of the file at `path` in bytes, or `nil` if there is none.
    package static func size(of path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Int(status.st_size)
    }

    /// The names in `folder` (without `.` and `..`); empty when it cannot be read.
    ///
    /// - Parameter updatingAccessTime: Whether listing may update the folder's access time; see
    ///   `openKeepingAccessTime` for why a store's folders are listed without.
    package static func entries(of folder: String, updatingAccessTime: Bool = true) -> [String] {
        guard let stream = openDirectory(folder, updatingAccessTime: updatingAccessTime) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            // Read the name where it lies: a record is only as long as its name, so copying the
            // whole `dirent` (or its 256-byte `d_name`) can read past the end of the buffer.
            let name = String(
                cString: (UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!)
                    .assumingMemoryBound(to: CChar.self))
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Runs `body` holding an exclusive `flock` on `lockPath` if no other process holds it;
    /// returns `nil` at once, without running `body`, if one does.
    package static func ifUnlocked<T>(_ lockPath: String, _ body: () async -> T) async -> T? {
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return nil }
        return await body()
    }

    /// Renames `path` to a new name beside it that ends in `suffix`, adding a number if taken.
    ///
    /// - Returns: The new path.
    package static func moveAside(_ path: String, suffix: String) throws(SystemError) -> String {
        var target = "\(path).\(suffix)"
        var attempt = 1
        while exists(target) {
            attempt += 1
            target = "\(path).\(suffix)-\(attempt)"
        }
        guard rename(path, target) == 0 else { throw .last("move aside", path) }
        return target
    }

    /// Runs `body` while holding an exclusive `flock` on `lockPath`, waiting at most `timeout`
    /// seconds for another process to let go.
    ///
    /// `flock` locks end with the process that holds them, so a killed process never leaves the
    /// file locked.
    ///
    /// - Parameter makeFolder: Creates the lock's folder; called only when it is missing, which
    ///   the failed `open` of the lock file tells, so the usual case costs no `stat`.
    package static func withExclusiveLock<T>(
        _ lockPath: String, timeout: Double, makingFolder makeFolder: () throws(StoreError) -> Void,
        _ body: () throws(StoreError) -> T
    ) throws(StoreError) -> T {
        var descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor < 0, errno == ENOENT || errno == ENOTDIR {
            try makeFolder()
            descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        }
        guard descriptor >= 0 else {
            throw StoreError(.unwritable, path: lockPath, SystemError.last("open lock file", lockPath).description)
        }
        defer { close(descriptor) }
        let deadline = monotonicSeconds() + timeout
        var pause: UInt32 = 500
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw StoreError(.unwritable, path: lockPath, SystemError.last("lock", lockPath).description)
            }
            guard monotonicSeconds() < deadline else {
                throw StoreError(
                    .locked, path: lockPath,
                    "another process has held the lock for more than \(Number.short(timeout)) seconds")
            }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Opens `path` with `flags` so that reading it does not update its access time, where this
    /// user owns it (`O_NOATIME`), else as usual.
    ///
    /// The stores read the state file and list its folder before writing, and under `relatime`
    /// the first read after a change updates the access time: the `fsync` of the write then stores
    /// that inode too. On ext4 on a virtual disk, a listing that updates the folder's access time
    /// added 50 µs to a 300 µs write; one that does not, 10 µs.
    static func openKeepingAccessTime(_ path: String, _ flags: Int32) -> Int32 {
        let descriptor = open(path, flags | noAccessTime)
        return descriptor < 0 && errno == EPERM ? open(path, flags) : descriptor
    }

    /// `O_NOATIME`, a GNU extension Swift's Glibc module leaves out: the value of Linux's
    /// `asm-generic/fcntl.h`, which every architecture Swift runs on uses.
    private static let noAccessTime: Int32 = 0o1_000_000

    private static func openDirectory(_ path: String, updatingAccessTime: Bool) -> OpaquePointer? {
        if updatingAccessTime { return opendir(path) }
        let descriptor = openKeepingAccessTime(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        guard let stream = fdopendir(descriptor) else {
            close(descriptor)
            return nil
        }
        return stream
    }

    /// The folder `path` is in: `.` for a bare name, `/` for a name at the root.
    ///
    /// The slash is looked for in the UTF-8 bytes, not character by character: the stores ask on
    /// every write.
    package static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The start of the names of the temporary files of `path`, such as `.armchair.ini.tmp.`.
    static func temporaryNamePrefix(for path: String) -> String {
        ".\(path[nameStart(of: path)...]).tmp."
    }

    /// The start of the paths of the temporary files of `path`, such as `/folder/.armchair.ini.tmp.`.
    private static func temporaryPrefix(for path: String) -> String {
        let start = nameStart(of: path)
        return "\(path[..<start]).\(path[start...]).tmp."
    }

    /// Where the file's name starts in `path`: after its last `/`.
    private static func nameStart(of path: String) -> String.Index {
        path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8.index(after: $0) } ?? path.startIndex
    }

    private static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

extension FileSystem {
    /// The current user's home folder from the user database, for when `HOME` is unset.
    package static func homeDirectoryFromUserDatabase() -> String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }
}
