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
            let ownState = codec.decode(values).state
            let before = DeviceMerge.view(own: ownState, others: others)
            var view = values
            codec.encode(before, into: &view)
            change(&view)
            let after = codec.decode(view).state
            // Keys that are not Armchair's belong to this device: keep the change's version of them.
            values = view
            codec.encode(DeviceMerge.contribution(own: ownState, before: before, after: after), into: &values)
            result = combined(values, others: others)
        }
        return result
    }

    // MARK: Private

    /// This device's values with the combined state in place of its own.
    private func combined(_ values: [String: String], others: [RatingState]) -> [String: String] {
        var result = values
        codec.encode(DeviceMerge.view(own: codec.decode(values).state, others: others), into: &result)
        return result
    }

    /// The states in the other devices' files that can be read now.
    private func othersStates() -> [RatingState] {
        let ownName = "\(Self.filePrefix)\(deviceID).ini"
        return FileSystem.entries(of: folder, updatingAccessTime: false).filter {
            $0 != ownName && $0.hasPrefix(Self.filePrefix) && $0.hasSuffix(".ini")
        }.compactMap { name -> RatingState? in
            let path = "\(folder)/\(name)"
            let contents: KeyFileStore.Contents
            do throws(SystemError) {
                switch try FileSystem.read(path, limit: 1 << 20, updatingAccessTime: false) {
                case .contents(let bytes): contents = KeyFileStore.contents(of: bytes)
                case .missing: return nil
                case .directory, .notRegularFile, .tooLarge: contents = .unusable(reason: "it is not a state file")
                }
            } catch {
                contents = .unreadable(reason: error.reason)
            }
            guard case .values(let values) = contents else {
                reportOnce(path, "Skipping the other device's rating state \(path) for now: \(contents).")
                return nil
            }
            reported.withLock { _ = $0.remove(path) }
            return codec.decode(values).state
        }
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
