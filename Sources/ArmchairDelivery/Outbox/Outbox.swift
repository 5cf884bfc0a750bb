public import ArmchairCore
import Glibc
public import Logging

public import struct FoundationEssentials.Date

/// Messages that are never lost: every message is written to disk before it is sent, and leaves
/// only when the receiver confirms it. ``FeedbackOutbox`` holds feedback, ``ReviewOutbox`` reviews.
///
/// The outbox is a folder, by default `$XDG_STATE_HOME/<appID>/outbox/` for feedback (and
/// `review-outbox/` for reviews), with one JSON file per message, `<message-id>.json`, mode 0600,
/// written atomically (temporary file, `fsync`, rename):
///
/// - ``enqueue(_:now:)`` writes the message before any try, so a crash, a `SIGKILL` or a power cut
///   at any later moment loses nothing.
/// - ``deliverDue(now:includingNotDue:send:)`` sends each message that is due, holding a lock on
///   `<message-id>.lock` so two processes of the app never send the same message at once. The
///   file is removed only after the sender returns. A crash between the receiver's confirmation
///   and the removal sends the message again later with the same ID, which a receiver that
///   honours the ID drops: it is never received twice.
/// - A failure that may pass (network, timeout, server error) schedules the next try by
///   ``RetrySchedule``; a refusal (``DeliveryResult/refused(_:)``) moves the file to `failed/`,
///   kept for the developer, never deleted.
/// - The outbox holds at most ``OutboxLimits/maximumMessages`` messages and ``OutboxLimits/maximumBytes``
///   bytes; ``enqueue(_:now:)`` then throws ``OutboxError/Kind/full`` instead of dropping anything.
public final class Outbox<Message: OutboxMessage>: Sendable {
    /// How much the outbox may hold.
    public typealias Limits = OutboxLimits

    /// The outbox folder.
    public let folder: String
    /// How much it may hold.
    public let limits: Limits
    private let logger: Logger

    /// Creates an outbox in `folder`; nothing is created until the first message.
    public init(folder: String, limits: Limits = Limits(), logger: Logger = Logger(label: "armchair")) {
        self.folder = folder
        self.limits = limits
        self.logger = logger
    }

    /// Creates the outbox of `appID`, in the folder of its state file.
    public convenience init(
        appID: String, environment: [String: String]? = nil, limits: Limits = Limits(),
        logger: Logger = Logger(label: "armchair")
    ) {
        let state = StateDirectory.stateFilePath(
            appID: appID, environment: environment ?? ProcessEnvironment.current,
            homeDirectory: FileSystem.homeDirectoryFromUserDatabase())
        self.init(folder: FileSystem.directory(of: state) + "/" + Message.folderName, limits: limits, logger: logger)
    }

    /// The folder that keeps messages the receiver refused.
    public var failedFolder: String { folder + "/failed" }

    // MARK: Queueing

    /// Writes `message` to the outbox, due at once. A message with the same ID already there is
    /// left as it is.
    ///
    /// - Throws: ``OutboxError`` when the outbox is full or cannot be written; the message is
    ///   then not queued, and the caller still has it.
    public func enqueue(_ message: Message, now: Date) throws(OutboxError) {
        guard let path = path(of: message.id) else {
            throw OutboxError(
                kind: .invalidID, folder: folder,
                reason: "the message ID \"\(message.id)\" is not 1 to \(Self.maximumIDLength) letters, digits, "
                    + "\".\", \"-\" and \"_\", starting with a letter or digit")
        }
        if FileSystem.exists(path) { return }
        let entry = OutboxEntry(message: message, attempts: 0, nextAttempt: now, lastError: nil)
        let bytes = Self.encode(entry)
        let waiting = FileSystem.entries(of: folder).filter { $0.hasSuffix(".json") }.map { "\(folder)/\($0)" }
        let waitingBytes = waiting.reduce(0) { $0 + (FileSystem.size(of: $1) ?? 0) }
        if waiting.count + 1 > limits.maximumMessages || waitingBytes + bytes.count > limits.maximumBytes {
            logger.warning("The \(Message.kindName) outbox \(folder) is full; message \(message.id) was not queued.")
            throw OutboxError(
                kind: .full, folder: folder,
                reason: "\(waiting.count) messages (\(waitingBytes) bytes) are waiting to be sent; "
                    + "the limits are \(limits.maximumMessages) messages and \(limits.maximumBytes) bytes")
        }
        do {
            try FileSystem.makeDirectories(folder)
            try FileSystem.writeAtomically(bytes, to: path)
        } catch {
            throw OutboxError(kind: .unwritable, folder: folder, reason: error.description)
        }
    }

    /// The messages waiting, oldest first. Files that cannot be read are moved aside with a
    /// warning, never deleted.
    public func pending() -> [OutboxEntry<Message>] { waiting().map(\.entry) }

    /// Why the receiver refused message `id`, if it did: its last error, kept in `failed/`.
    public func refusal(of id: String) -> String? {
        guard Self.isUsableID(id) else { return nil }
        return read("\(failedFolder)/\(id).json")?.lastError
    }

    // MARK: Delivering

    /// Sends every message whose next try is due (or every message, with `includingNotDue`).
    ///
    /// Call it at launch and when the network comes back; the GTK binding does.
    ///
    /// - Parameters:
    ///   - now: The time that decides which messages are due.
    ///   - includingNotDue: Whether to send the messages not due yet too.
    ///   - send: Delivers one message and says how it went.
    public func deliverDue(
        now: Date, includingNotDue: Bool = false, send: (Message) async -> DeliveryResult
    ) async -> OutboxDelivery {
        var report = OutboxDelivery()
        for (path, entry) in waiting() where includingNotDue || entry.nextAttempt <= now {
            await deliver(file: path, id: entry.message.id, now: now, send: send, into: &report)
        }
        return report
    }

    /// Sends one queued message now, whatever its schedule.
    public func deliver(_ id: String, now: Date, send: (Message) async -> DeliveryResult) async -> OutboxDelivery {
        var report = OutboxDelivery()
        if let path = path(of: id) { await deliver(file: path, id: id, now: now, send: send, into: &report) }
        return report
    }

    /// Sends the message in the outbox file at `path`. The file's own name, never the ID written
    /// in it, names its lock and its copy in `failed/`, so nothing is ever written outside the
    /// outbox.
    private func deliver(
        file path: String, id: String, now: Date, send: (Message) async -> DeliveryResult,
        into report: inout OutboxDelivery
    ) async {
        let kind = Message.kindName
        let name = String(path.dropFirst(folder.count + 1).dropLast(".json".count))
        let lockPath = "\(folder)/\(name).lock"
        let outcome: Outcome? = await FileSystem.ifUnlocked(lockPath) {
            // Read again under the lock: another process may have sent it in the meantime.
            guard var entry = read(path) else { return .gone }
            switch await send(entry.message) {
            case .delivered:
                unlink(path)
                return .delivered
            case .refused(let reason):
                entry.recordFailure(reason)
                do {
                    try FileSystem.makeDirectories(failedFolder)
                    try FileSystem.writeAtomically(Self.encode(entry), to: "\(failedFolder)/\(name).json")
                    unlink(path)
                } catch {
                    logger.error("Could not move refused \(kind) \(id) to \(failedFolder): \(error)")
                }
                logger.error("The receiver refused \(kind) \(id): \(reason); kept in \(failedFolder).")
                return .refused
            case .failed(let reason):
                entry.recordFailure(reason)
                entry.nextAttempt = now.addingTimeInterval(RetrySchedule.delay(afterFailures: entry.attempts))
                try? FileSystem.writeAtomically(Self.encode(entry), to: path)
                logger.notice("The \(kind) \(id) could not be sent (try \(entry.attempts)); trying again later.")
                return .retrying
            }
        }
        switch outcome {
        case .delivered: report.delivered.append(id)
        case .retrying: report.retrying.append(id)
        case .refused: report.refused.append(id)
        case nil: report.busy.append(id)
        case .gone: break
        }
        unlink(lockPath)
    }

    private enum Outcome { case delivered, retrying, refused, gone }

    // MARK: Files

    /// The longest message ID; UUIDs have 36 characters.
    static var maximumIDLength: Int { 128 }

    /// Whether `id` can name a file in the outbox as it is: 1 to ``maximumIDLength`` ASCII letters,
    /// digits, `.`, `-` and `_`, starting with a letter or digit, so it can never name a path
    /// elsewhere or a hidden file, and two IDs never share a file.
    static func isUsableID(_ id: String) -> Bool {
        guard let first = id.utf8.first, id.utf8.count <= maximumIDLength, isLetterOrDigit(first) else { return false }
        return id.utf8.allSatisfy {
            isLetterOrDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
        }
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// The file of message `id`, or `nil` for an ID that cannot name one.
    private func path(of id: String) -> String? { Self.isUsableID(id) ? "\(folder)/\(id).json" : nil }

    /// The messages waiting, oldest first, with their files.
    private func waiting() -> [(path: String, entry: OutboxEntry<Message>)] {
        FileSystem.entries(of: folder).filter { $0.hasSuffix(".json") }
            .compactMap { name in
                let path = "\(folder)/\(name)"
                return read(path).map { (path, $0) }
            }
            .sorted { ($0.entry.message.date, $0.entry.message.id) < ($1.entry.message.date, $1.entry.message.id) }
    }

    private func read(_ path: String) -> OutboxEntry<Message>? {
        guard case .contents(let bytes)? = try? FileSystem.read(path, limit: limits.maximumBytes) else { return nil }
        if let entry = try? JSONValueDecoder().decode(OutboxEntry<Message>.self, from: bytes), entry.version <= 1 {
            return entry
        }
        if let aside = try? FileSystem.moveAside(path, suffix: "unreadable") {
            logger.warning("The \(Message.kindName) file \(path) could not be read; moved it to \(aside).")
        }
        return nil
    }

    /// An entry as its file holds it: pretty-printed JSON with sorted keys and ISO 8601 dates,
    /// for people who look into the outbox.
    private static func encode(_ entry: OutboxEntry<Message>) -> [UInt8] {
        (try? JSONValueEncoder(layout: .prettyPrinted).encode(entry)) ?? []
    }
}
