/// Where the engine keeps its state: text values under string keys.
///
/// This is the `ArmchairDefaultsObject` analogue, reduced to what a safe store needs: a snapshot
/// read and an atomic read-modify-write. Every write the engine makes goes through
/// ``update(_:)`` of the one store it was given, so counters from two processes add up instead of
/// overwriting each other.
///
/// Armchair ships ``KeyFileStore`` (the default: a file under `$XDG_STATE_HOME`) and
/// ``InMemoryStore``. To keep the state elsewhere, implement these two methods; keys and values
/// are plain text, and keys that are not Armchair's must be left alone.
public protocol KeyValueStore: Sendable {
    /// Returns every stored value.
    ///
    /// - Throws: ``StoreError`` when the values cannot be read; the engine then works on defaults.
    func read() throws(StoreError) -> [String: String]

    /// Reads the latest values, lets `change` modify them, and saves the result, all as one
    /// atomic step with respect to every other writer of the same store.
    ///
    /// - Returns: The values as saved.
    /// - Throws: ``StoreError`` when nothing was saved; the store is then unchanged.
    @discardableResult
    func update(_ change: (inout [String: String]) -> Void) throws(StoreError) -> [String: String]
}

/// Why a store could not read or save.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, broadly.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The values could not be read (permissions, I/O error).
        case unreadable
        /// The values could not be saved (full or read-only disk, permissions).
        case unwritable
        /// Another process held the store's lock for too long.
        case locked
        /// The file was written by a newer version of Armchair; it is left untouched.
        case newerFormat
    }

    /// What went wrong, broadly.
    public var kind: Kind
    /// The file involved, for file-based stores.
    public var path: String?
    /// What happened, in words, naming the file.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, path: String?, _ message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    public var description: String { message }
}
