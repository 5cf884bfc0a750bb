import Glibc
public import Logging
import Synchronization

import struct FoundationEssentials.Date

/// The default store: one human-readable key file per app, safe against crashes and against
/// several processes of the app writing at once.
///
/// The file is `$XDG_STATE_HOME/<appID>/armchair.ini` (see `StateDirectory`), in GLib's key-file
/// format, mode 0600:
///
/// ```
/// # Armchair for Linux: when to ask for a rating, and what the user answered.
/// [State]
/// org.example.Notes.first-use-date=2026-11-02T09:14:03.000Z
/// org.example.Notes.use-count=12
///
/// [Format]
/// version=1
/// ```
///
/// - Every write is atomic: a temporary file is written, flushed with `fsync` and renamed over the
///   old one, so a crash or `SIGKILL` leaves the old file or the new one, never a mix.
/// - Every ``update(_:)`` holds an exclusive lock on `armchair.ini.lock` while it reads, changes
///   and writes, so two running instances of an app never lose each other's counts. A lock held
///   for more than ``lockTimeout`` seconds fails the update instead of hanging the app.
/// - Every ``read()`` and ``update(_:)`` reads the file again, since other processes write it, but
///   parses it only when its bytes differ from those this store last read or wrote; reading it
///   leaves the access times of the file and its folder alone where the user owns them
///   (`O_NOATIME`), so that the write after it does not have to store them.
/// - A file that cannot be used (empty, not a key file, cut short, a folder) is moved aside to
///   `armchair.ini.unusable-<time>` — never deleted — and counting starts again; a warning names
///   both files.
/// - A file that exists but cannot be read now (permissions after a `sudo` run, an I/O error on a
///   network home) is left untouched, and the session works in memory: a passing problem must not
///   cost the user's answers.
/// - A file from a newer format is left untouched: reads and writes fail with
///   ``StoreError/Kind/newerFormat`` and the engine works in memory, so downgrading an app never
///   destroys what its newer version recorded.
public final class KeyFileStore: KeyValueStore {
    /// The path of the state file.
    public let path: String
    /// The path of the lock file: beside the state file, unless the store was given another.
    public let lockPath: String
    /// The format version this code writes.
    package static let formatVersion = 1
    /// The longest Armchair waits for another process to release the lock, in seconds.
    public let lockTimeout: Double

    private static let stateGroup = "State"
    private static let formatGroup = "Format"
    private static let sizeLimit = 1 << 20
    /// The [Format] group every write ends with, made once.
    private static let format = (name: formatGroup, entries: [(key: "version", value: String(formatVersion))])
    /// The comment a state file starts with.
    private static let stateComment = [
        "Armchair for Linux: when to ask for a rating, and what the user answered.",
        "Written by the app. Deleting this file starts the counting again.",
    ]
    /// The comment every write starts with.
    private let comment: [String]
    /// What the file is, in warnings: "rating state file".
    private let name: String
    /// What starting without the file's values means, in warnings: "started counting again".
    private let startingAgain: String
    private let logger: Logger
    private let clock: any WallClock
    /// Serialises this process's threads, so they queue here instead of polling the file lock.
    private let inProcess = Mutex(TemporaryFileCleanup.pending)
    /// The file's bytes as this store last read or wrote them, and the values they hold: the file
    /// is still read for every read and update, since other processes write it, but bytes that
    /// did not change since are compared, not parsed again.
    private let lastSeen = Mutex<(bytes: [UInt8], values: [String: String])?>(nil)

    private enum TemporaryFileCleanup { case pending, done }

    /// Creates the store for `appID` at its XDG location.
    ///
    /// Nothing is read or created until the first ``read()`` or ``update(_:)``.
    ///
    /// - Parameters:
    ///   - appID: The application ID; it names the folder.
    ///   - environment: The environment to read the XDG variables from; default: this process's.
    ///   - logger: Where recovered errors are reported as warnings.
    public convenience init(
        appID: String,
        environment: [String: String]? = nil,
        logger: Logger = Logger(label: "armchair")
    ) {
        self.init(
            path: StateDirectory.stateFilePath(
                appID: appID, environment: environment ?? ProcessEnvironment.current,
                homeDirectory: FileSystem.homeDirectoryFromUserDatabase()),
            logger: logger)
    }

    /// Creates a store at an explicit path.
    ///
    /// - Parameters:
    ///   - path: The state file; its folder is created (mode 0700) on the first write.
    ///   - lockTimeout: The longest to wait for another process's lock, in seconds.
    ///   - logger: Where recovered errors are reported as warnings.
    ///   - clock: Used to name files that are moved aside.
    ///   - lockPath: The lock file; default: beside the state file. ``SyncedFolderStore`` keeps it
    ///     out of the synced folder.
    public convenience init(
        path: String, lockTimeout: Double = 2, logger: Logger = Logger(label: "armchair"),
        clock: any WallClock = SystemWallClock(), lockPath: String? = nil
    ) {
        self.init(
            path: path, name: "rating state file", startingAgain: "started counting again",
            comment: Self.stateComment, lockTimeout: lockTimeout,
            logger: logger, clock: clock, lockPath: lockPath)
    }

    /// Creates a store for another kind of file in the same format, with the same care.
    ///
    /// - Parameters:
    ///   - name: What the file is, in warnings ("the desktop's prompt record").
    ///   - startingAgain: What starting without an unusable file's values means ("started a new record").
    ///   - comment: The lines every write starts with.
    package init(
        path: String, name: String, startingAgain: String, comment: [String], lockTimeout: Double = 2,
        logger: Logger = Logger(label: "armchair"), clock: any WallClock = SystemWallClock(), lockPath: String? = nil
    ) {
        self.name = name
        self.startingAgain = startingAgain
        self.comment = comment
        self.path = path
        self.lockPath = lockPath ?? path + ".lock"
        self.lockTimeout = lockTimeout
        self.logger = logger
        self.clock = clock
    }

    // MARK: KeyValueStore

    public func read() throws(StoreError) -> [String: String] {
        switch inspect() {
        case .missing: return [:]
        case .values(let values): return values
        case .newerFormat(let version): throw newerFormatError(version)
        case .unreadable(let reason): throw unreadableError(reason)
        case .unusable:
            // Only move the file aside while holding the lock, and only if it is still unusable:
            // another process may have just replaced it with a good one.
            return try inProcess.withLock { _ throws(StoreError) in
                try withFileLock { () throws(StoreError) in try loadForWriting() }
            }
        }
    }

    @discardableResult
    public func update(_ change: (inout [String: String]) -> Void) throws(StoreError) -> [String: String] {
        try inProcess.withLock { cleanup throws(StoreError) in
            try withFileLock { () throws(StoreError) in
                if cleanup == .pending {
                    FileSystem.removeTemporaryFiles(for: path)
                    cleanup = .done
                }
                var values = try loadForWriting()
                // What this store last saw is replaced below; dropped now, it no longer shares the
                // storage of `values`, so that `change` copies nothing.
                lastSeen.withLock { $0 = nil }
                change(&values)
                var file = KeyFile()
                file.append(group: Self.stateGroup, values)
                file.groups.append(Self.format)
                let (bytes, readsBack) = file.encoded(comment: comment)
                try write(bytes)
                lastSeen.withLock { $0 = readsBack ? (bytes, values) : nil }
                return values
            }
        }
    }

    // MARK: Inspecting without side effects

    /// What the state file holds, read without changing anything.
    package enum Contents: Sendable, Hashable {
        /// There is no state file yet.
        case missing
        /// The file's values.
        case values([String: String])
        /// The file cannot be used; `reason` says why.
        case unusable(reason: String)
        /// The file was written by a newer format.
        case newerFormat(version: Int)
        /// The file exists but cannot be read now (permissions, an I/O error); it is left alone.
        case unreadable(reason: String)
    }

    /// Reads the state file without moving, locking or creating anything, for tools that only look.
    package func inspect() -> Contents {
        let result: FileSystem.ReadResult
        do {
            result = try FileSystem.read(path, limit: Self.sizeLimit, updatingAccessTime: false)
        } catch {
            return .unreadable(reason: error.reason)
        }
        switch result {
        case .missing: return .missing
        case .directory: return .unusable(reason: "it is a folder, not a file")
        case .notRegularFile(let kind): return .unusable(reason: "it is \(kind), not a regular file")
        case .tooLarge: return .unusable(reason: "it is larger than \(Self.sizeLimit / 1024) KiB")
        case .contents(let bytes):
            if let known = lastSeen.withLock({ $0 }), Self.same(known.bytes, bytes) { return .values(known.values) }
            let contents = Self.contents(of: bytes)
            if case .values(let values) = contents { lastSeen.withLock { $0 = (bytes, values) } }
            return contents
        }
    }

    /// Whether `first` and `second` hold the same bytes, compared as one block of memory: the
    /// file is compared with what this store last saw at every read and update.
    private static func same(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        first.count == second.count
            && first.withUnsafeBytes { left in
                second.withUnsafeBytes { right in
                    guard let left = left.baseAddress, let right = right.baseAddress else { return true }
                    return memcmp(left, right, first.count) == 0
                }
            }
    }

    /// Interprets the bytes of a state file.
    static func contents(of bytes: [UInt8]) -> Contents {
        if bytes.isEmpty { return .unusable(reason: "it is empty") }
        let file: KeyFile
        do {
            file = try KeyFile(parsing: bytes)
        } catch {
            return .unusable(reason: "it is not a key file (\(error))")
        }
        // The [Format] group is written last: without it, the file was cut short.
        guard let format = file.values(in: formatGroup), let text = format["version"] else {
            return .unusable(reason: "it ends before its [Format] group, so it was cut short")
        }
        guard let version = Int(text), version >= 1 else {
            return .unusable(reason: "its format version \"\(text)\" is not a positive number")
        }
        if version > formatVersion { return .newerFormat(version: version) }
        return .values(file.values(in: stateGroup) ?? [:])
    }

    // MARK: Private

    /// Reads the file while holding the lock, moving an unusable one aside.
    private func loadForWriting() throws(StoreError) -> [String: String] {
        switch inspect() {
        case .missing: return [:]
        case .values(let values): return values
        case .newerFormat(let version): throw newerFormatError(version)
        case .unreadable(let reason): throw unreadableError(reason)
        case .unusable(let reason):
            let stamp = StoredText.text(of: clock.now).filter { $0.isNumber || $0 == "T" }.prefix(15)
            do {
                let aside = try FileSystem.moveAside(path, suffix: "unusable-\(stamp)")
                logger.warning(
                    "The \(name) \(path) could not be used: \(reason). Moved it to \(aside) and \(startingAgain)."
                )
            } catch {
                throw StoreError(
                    .unreadable, path: path,
                    "The \(name) \(path) could not be used (\(reason)) nor moved aside (\(error.reason)).")
            }
            return [:]
        }
    }

    /// Runs `body` holding the file lock, creating the lock's folder if it is missing.
    private func withFileLock<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try FileSystem.withExclusiveLock(
            lockPath, timeout: lockTimeout, makingFolder: { () throws(StoreError) in try makeFolder(for: lockPath) },
            body)
    }

    /// Replaces the state file with `bytes`, creating its folder if it is missing (the lock can be
    /// kept in another folder): the failed write tells, so the usual write costs no `stat`.
    private func write(_ bytes: [UInt8]) throws(StoreError) {
        func attempt() -> SystemError? {
            do throws(SystemError) {
                try FileSystem.writeAtomically(bytes, to: path)
                return nil
            } catch {
                return error
            }
        }
        var failure = attempt()
        if let code = failure?.code, code == ENOENT || code == ENOTDIR {
            try makeFolder(for: path)
            failure = attempt()
        }
        if let failure { throw StoreError(.unwritable, path: path, "Could not save \(path): \(failure.reason).") }
    }

    private func makeFolder(for file: String) throws(StoreError) {
        let folder = FileSystem.directory(of: file)
        do {
            try FileSystem.makeDirectories(folder)
        } catch {
            throw StoreError(.unwritable, path: path, "Could not create the folder for \(file): \(error.description).")
        }
    }

    private func unreadableError(_ reason: String) -> StoreError {
        StoreError(
            .unreadable, path: path,
            "\(path) cannot be read (\(reason)). It is left untouched; this session keeps its state in memory.")
    }

    private func newerFormatError(_ version: Int) -> StoreError {
        StoreError(
            .newerFormat, path: path,
            "\(path) was written by a newer version of Armchair (format \(version); this one reads \(Self.formatVersion)). It is left untouched; this session keeps its state in memory."
        )
    }
}
