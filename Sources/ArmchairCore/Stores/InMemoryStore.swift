import Synchronization

/// A store that keeps its values in memory, for tests and for apps that persist state themselves.
///
/// It is safe to use from several threads; ``update(_:)`` is atomic.
///
/// ```swift
/// let store = InMemoryStore()
/// let engine = try RatingEngine(configuration: configuration, store: store)
/// ```
public final class InMemoryStore: KeyValueStore {
    private let values: Mutex<[String: String]>

    /// Creates a store holding `values`.
    public init(_ values: [String: String] = [:]) {
        self.values = Mutex(values)
    }

    public func read() -> [String: String] {
        values.withLock { $0 }
    }

    @discardableResult
    public func update(_ change: (inout [String: String]) -> Void) -> [String: String] {
        values.withLock { stored in
            change(&stored)
            return stored
        }
    }
}
