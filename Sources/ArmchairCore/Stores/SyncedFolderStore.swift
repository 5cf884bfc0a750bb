public import Logging
import Synchronization

/// A store that follows the user across their computers: one file per device in a folder the
/// user syncs with a sync engine of their choice (Syncthing, Nextcloud, Dropbox…), merged on read.
///
/// The app chooses the folder, usually one the user picked in its preferences:
///
/// ```swift
/// let store = try SyncedFolderStore(folder: syncedFolder, configuration: configuration)
/// let engine = try RatingEngine(configuration: configuration, store: store, presenter: presenter)
/// ```
///
/// - Each device writes only its own file, `armchair-<device ID>.ini` (a ``KeyFileStore`` file:
///   atomic, crash-safe), so the sync engine never sees two writers of one file and never makes a
///   conflict copy. The lock stays in the device's own state folder, out of the synced folder.
/// - Every read combines the device's file with the others' (<doc:InAppReviews>): rating or
///   declining on one computer silences the prompt on the others, usage adds up without counting
///   anything twice, and the yearly cap counts prompts on every computer.
/// - Another device's file that is half-synced, damaged or from a newer format is skipped with a
///   warning and never touched; the next sync brings a good copy.
public final class SyncedFolderStore: KeyValueStore {
    /// The synced folder.
    public let folder: String
    /// This device's ID: it names this device's file.
    public let deviceID: String
    /// This device's file.
    public var path: String { own.path }

    private let own: KeyFileStore
    private let codec: StateCodec
    private let logger: Logger
    private let reported = Mutex<Set<String>>([])
    /// The other devices' files that could be read last time, by path: their bytes and the state
    /// they hold. Each file is read again at every read and update, since the sync engine may
    /// have brought a new copy, but one it did not change is compared, not parsed again.
    private let othersSeen = Mutex<[String: (bytes: [UInt8], state: RatingState)]>([:])

    /// Creates the store.
    ///
    /// - Parameters:
    ///   - folder: The synced folder; created (mode 0700) on the first write.
    ///   - configuration: The app's configuration, for its state keys.
    ///   - deviceID: This device's ID (letters, digits, `-` and `_`). Default: derived from the
    ///     machine ID and the user name, never revealing either (``DeviceIdentity``).
    ///   - environment: For the local state folder that keeps the lock. Default: this process's.
    ///   - logger: Where skipped files and recovered errors are reported.
    public init(
        folder: String, configuration: Configuration, deviceID: String? = nil, environment: [String: String]? = nil,
        logger: Logger = Logger(label: "armchair")
    ) {
        let environment = environment ?? ProcessEnvironment.current
        let deviceID = DeviceIdentity.fileSafe(deviceID ?? DeviceIdentity.current(environment: environment))
        let localState = FileSystem.directory(
            of: StateDirectory.stateFilePath(
                appID: configuration.appID, environment: environment,
                homeDirectory: FileSystem.homeDirectoryFromUserDatabase()))
        self.folder = folder
        self.deviceID = deviceID
        self.own = KeyFileStore(
            path: "\(folder)/\(Self.filePrefix)\(deviceID).ini", logger: logger,
            lockPath: "\(localState)/synced-\(deviceID).lock")
        self.codec = StateCodec(configuration: configuration)
        self.logger = logger
    }

    static let filePrefix = "armchair-"

    // MARK: KeyValueStore

    public func read() throws(StoreError) -> [String: String] {
        let values = try own.read()
        return combined(values, others: othersStates())
    }

    @discardableResult
    public func update(_ change: (inout [String: String]) -> Void) throws(StoreError) -> [String: String] {
        let others = othersStates()
        var result: [String: String] = [:]
        try own.update { values in
            // Each encoding rewrites only the values that differ from the state the values hold,
            // when every value could be read: re-formatting every date costs more than the merge.
            let (ownState, ownUnreadable) = codec.decode(values)
            let before = DeviceMerge.view(own: ownState, others: others)
            var view = values
            codec.encode(before, into: &view, unchangedSince: ownUnreadable.isEmpty ? ownState : nil)
            change(&view)
            let (after, afterUnreadable) = codec.decode(view)
            // Keys that are not Armchair's belong to this device: keep the change's version of them.
            values = view
            codec.encode(
                DeviceMerge.contribution(own: ownState, before: before, after: after), into: &values,
                unchangedSince: afterUnreadable.isEmpty ? after : nil)
            result = combined(values, others: others)
        }
        return result
    }

    // MARK: Private

    /// This device's values with the combined state in place of its own.
    private func combined(_ values: [String: String], others: [RatingState]) -> [String: String] {
        var result = values
        let (own, unreadable) = codec.decode(values)
        codec.encode(
            DeviceMerge.view(own: own, others: others), into: &result, unchangedSince: unreadable.isEmpty ? own : nil)
        return result
    }

    /// The states in the other devices' files that can be read now.
    private func othersStates() -> [RatingState] {
        let ownName = "\(Self.filePrefix)\(deviceID).ini"
        let names = FileSystem.entries(of: folder, updatingAccessTime: false).filter {
            $0 != ownName && $0.hasPrefix(Self.filePrefix) && $0.hasSuffix(".ini")
        }
        let previous = othersSeen.withLock { $0 }
        var seen: [String: (bytes: [UInt8], state: RatingState)] = [:]
        let states = names.compactMap { name -> RatingState? in
            let path = "\(folder)/\(name)"
            guard let read = otherState(at: path, previous: previous[path]) else { return nil }
            seen[path] = read
            return read.state
        }
        othersSeen.withLock { $0 = seen }
        return states
    }

    /// The bytes of another device's file and the state they hold, or `nil` (reported once) when
    /// it cannot be used now.
    ///
    /// - Parameter previous: What the file held when it was last read, if it could be used then.
    private func otherState(
        at path: String, previous: (bytes: [UInt8], state: RatingState)?
    ) -> (bytes: [UInt8], state: RatingState)? {
        let contents: KeyFileStore.Contents
        do throws(SystemError) {
            switch try FileSystem.read(path, limit: 1 << 20, updatingAccessTime: false) {
            case .contents(let bytes):
                if let previous, previous.bytes == bytes { return previous }
                contents = KeyFileStore.contents(of: bytes)
                if case .values(let values) = contents {
                    reported.withLock { _ = $0.remove(path) }
                    return (bytes, codec.decode(values).state)
                }
            case .missing: return nil
            case .directory, .notRegularFile, .tooLarge: contents = .unusable(reason: "it is not a state file")
            }
        } catch {
            contents = .unreadable(reason: error.reason)
        }
        reportOnce(path, "Skipping the other device's rating state \(path) for now: \(contents).")
        return nil
    }

    private func reportOnce(_ key: String, _ message: String) {
        let isNew = reported.withLock { $0.insert(key).inserted }
        if isNew { logger.warning("\(message)") }
    }
}

/// The default device ID of ``SyncedFolderStore``.
public enum DeviceIdentity {
    /// 16 hexadecimal digits of the SHA-1 of this computer's machine ID and the user's name: the
    /// same for every app of this user on this computer, different for another user or computer,
    /// and revealing neither. Without a machine ID, the host name stands in for it.
    public static func current(environment: [String: String]? = nil) -> String {
        let user = Account.current(environment: environment ?? ProcessEnvironment.current).userName
        var machine: [UInt8] = []
        if case .contents(let bytes)? = try? FileSystem.read("/etc/machine-id", limit: 4_096) { machine = bytes }
        if machine.isEmpty, case .contents(let bytes)? = try? FileSystem.read("/etc/hostname", limit: 4_096) {
            machine = bytes
        }
        return String(SHA1.hexDigest(Array("armchair-device[\(user):".utf8) + machine + Array("]".utf8)).prefix(16))
    }

    /// `id` with every character but ASCII letters, digits, `-` and `_` replaced by `_`, so that
    /// it names a file in the synced folder and nowhere else.
    static func fileSafe(_ id: String) -> String {
        String(id.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
    }
}
