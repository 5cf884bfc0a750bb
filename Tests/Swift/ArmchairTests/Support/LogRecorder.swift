import Logging
import Synchronization

/// A swift-log backend that keeps every message, so tests can check what was reported.
final class LogRecorder: Sendable {
    struct Entry: Sendable {
        var level: Logger.Level
        var message: String
    }

    private let storage = Mutex<[Entry]>([])

    var entries: [Entry] { storage.withLock { $0 } }

    /// Messages at `level` or above.
    func messages(atLeast level: Logger.Level) -> [String] {
        entries.filter { $0.level >= level }.map(\.message)
    }

    var logger: Logger {
        var logger = Logger(label: "armchair") { _ in Handler(recorder: self) }
        logger.logLevel = .trace
        return logger
    }

    fileprivate func append(_ entry: Entry) { storage.withLock { $0.append(entry) } }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            recorder.append(Entry(level: event.level, message: event.message.description))
        }
    }
}
