import Armchair
import ArmchairTesting
import Foundation
import Logging

/// A configuration with a valid ID and a version, for tests to adjust.
func configuration(
    _ adjust: (inout Configuration) -> Void = { _ in }
) -> Configuration {
    var configuration = Configuration(appID: "org.example.Notes", appVersion: "1.0")
    adjust(&configuration)
    return configuration
}

/// A state of version 1.0 that meets the default thresholds 30 days after `firstUse`: 20 uses.
func readyState(firstUse: Date) -> RatingState {
    var state = RatingState()
    state.firstUseDate = firstUse
    state.trackedVersion = "1.0"
    state.useCount = 20
    return state
}

/// An engine on an in-memory store with a manual clock and a recording presenter.
@MainActor
struct EngineFixture {
    let engine: RatingEngine
    let clock: ManualWallClock
    let store: any KeyValueStore
    let presenter: RecordingPresenter
    let log: LogRecorder

    init(
        _ configuration: Configuration = configuration(),
        store: any KeyValueStore = InMemoryStore(),
        clock: ManualWallClock = ManualWallClock(),
        presenter: RecordingPresenter = RecordingPresenter(),
        environment: [String: String] = [:],
        log: LogRecorder = LogRecorder()
    ) throws {
        self.clock = clock
        self.store = store
        self.presenter = presenter
        self.log = log
        self.engine = try RatingEngine(
            configuration: configuration, store: store, presenter: presenter, clock: clock,
            environment: environment, logger: log.logger)
    }

    /// Launches the app `count` times; call it while the thresholds are not met yet.
    func use(_ count: Int) {
        for _ in 0..<count {
            let prompting = engine.appLaunched()
            precondition(prompting == nil, "use(_:) is for counting before the thresholds are met")
        }
    }
}

/// The number of times `body` runs `callback`-style closures: a counter for callbacks.
@MainActor
final class CallCounter {
    private(set) var calls: [String] = []
    func record(_ name: String) { calls.append(name) }
    func count(_ name: String) -> Int { calls.count { $0 == name } }
}

/// A temporary folder removed when the value is released.
final class TemporaryFolder {
    let path: String

    init() throws {
        var template = Array("/tmp/armchair-test-XXXXXX".utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CocoaError(.fileWriteUnknown)
        }
        path = String(cString: created)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }
}

extension String {
    /// The contents of the file at this path, or nil.
    var fileContents: String? { FileManager.default.contents(atPath: self).map { String(decoding: $0, as: UTF8.self) } }

    /// Writes `text` to the file at this path.
    func write(_ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: self)) }

    /// The names in the folder at this path, sorted.
    var folderEntries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: self)) ?? []).sorted() }
}
