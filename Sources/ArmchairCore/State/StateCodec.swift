import struct FoundationEssentials.Date

/// Turns a ``RatingState`` into store values and back, under the configured key names.
///
/// Values are text, as in a GKeyFile: integers and numbers in C notation, `true`/`false`, dates
/// as ISO 8601 in UTC, lists separated by `;`. Reading keeps going past a value it cannot use: that
/// value falls back to its default and is reported, so one bad line never costs the others.
/// Writing replaces only Armchair's own keys and leaves every other key in the store alone.
///
/// Tools use it to read a state file without an engine:
///
/// ```swift
/// if case .values(let values) = KeyFileStore(appID: id).inspect() {
///     let (state, _) = StateCodec(configuration: configuration).decode(values)
///     print(PromptRules.evaluate(configuration, state, now: Date()))
/// }
/// ```
package struct StateCodec: Sendable {
    /// The full store key of each ``StateKey``, at its ``StateKey/position``.
    private let names: [String]
    private let eventPrefix: String

    /// Creates the codec for the key prefix and key names of `configuration`.
    public init(configuration: Configuration) {
        let prefix = configuration.effectiveKeyPrefix + "."
        let names = StateKey.allCases.map { prefix + (configuration.keyNames[$0] ?? $0.rawValue) }
        self.names = names
        self.eventPrefix = names[StateKey.eventCounts.position] + "."
    }

    /// The full store key of `key`, such as `org.example.Notes.use-count`.
    public func name(of key: StateKey) -> String { names[key.position] }

    /// A value that could not be read, and the key it was stored under.
    public struct UnreadableValue: Sendable, Hashable, CustomStringConvertible {
        /// The full store key.
        public var key: String
        /// The text that could not be read.
        public var value: String
        public var description: String { "\(key)=\(value)" }
    }

    /// Reads a state from store values.
    ///
    /// - Returns: The state, and each value that was present but unusable (it took its default).
    public func decode(_ values: [String: String]) -> (state: RatingState, unreadable: [UnreadableValue]) {
        var state = RatingState()
        var unreadable: [UnreadableValue] = []
        func read<T>(_ key: StateKey, _ parse: (String) -> T?) -> T? {
            guard let raw = values[name(of: key)] else { return nil }
            if let value = parse(raw) { return value }
            unreadable.append(.init(key: name(of: key), value: raw))
            return nil
        }
        state.trackedVersion = read(.trackedVersion) { $0.isEmpty ? nil : $0 }
        state.firstUseDate = read(.firstUseDate, StoredText.date)
        state.useCount = read(.useCount, StoredText.count) ?? 0
        state.significantEventCount = read(.significantEventCount, StoredText.count) ?? 0
        state.activeUsageSeconds = read(.activeUsageSeconds, StoredText.amount) ?? 0
        state.declinedThisVersion = read(.declinedThisVersion, StoredText.bool) ?? false
        state.ratedThisVersion = read(.ratedThisVersion, StoredText.bool) ?? false
        state.lastRemindedDate = read(.lastRemindedDate, StoredText.date)
        state.declinedAnyVersion = read(.declinedAnyVersion, StoredText.bool) ?? false
        state.ratedAnyVersion = read(.ratedAnyVersion, StoredText.bool) ?? false
        state.lastVersionRated = read(.lastVersionRated) { $0.isEmpty ? nil : $0 }
        state.lastVersionDeclined = read(.lastVersionDeclined) { $0.isEmpty ? nil : $0 }
        state.lastDeclinedDate = read(.lastDeclinedDate, StoredText.date)
        state.lastRatedDate = read(.lastRatedDate, StoredText.date)
        state.promptDates = (read(.promptDates, StoredText.dates) ?? []).sorted()
        state.sessions = read(.sessions, StoredText.sessions) ?? []
        state.lastCrashDate = read(.lastCrashDate, StoredText.date)
        state.promptHold = read(.promptHold, StoredText.promptHold)
        state.desktopToken = read(.desktopToken) { DesktopRecord.isToken($0) ? $0 : nil }
        for (key, raw) in values where key.hasPrefix(eventPrefix) {
            let event = String(key.dropFirst(eventPrefix.count))
            if EventName.problem(with: event) == nil, let count = StoredText.count(raw) {
                state.eventCounts[event] = count
            } else {
                unreadable.append(.init(key: key, value: raw))
            }
        }
        return (state, unreadable.sorted { $0.key < $1.key })
    }

    /// Writes `state` into `values`, replacing Armchair's keys and keeping all others.
    ///
    /// - Parameters:
    ///   - state: The state to write.
    ///   - values: The store values to update.
    ///   - previous: The state `values` already hold, if known: then only what differs from it is
    ///     written, which saves formatting every date on every change.
    public func encode(
        _ state: RatingState, into values: inout [String: String], unchangedSince previous: RatingState? = nil
    ) {
        func write<Value: Equatable>(_ key: StateKey, _ field: KeyPath<RatingState, Value>, _ text: (Value) -> String?)
        {
            let value = state[keyPath: field]
            if let previous, previous[keyPath: field] == value { return }
            values[name(of: key)] = text(value)
        }
        write(.trackedVersion, \.trackedVersion) { $0 }
        write(.firstUseDate, \.firstUseDate) { $0.map(StoredText.text(of:)) }
        write(.useCount, \.useCount) { String($0) }
        write(.significantEventCount, \.significantEventCount) { String($0) }
        write(.activeUsageSeconds, \.activeUsageSeconds) { StoredText.text(of: $0) }
        write(.declinedThisVersion, \.declinedThisVersion) { String($0) }
        write(.ratedThisVersion, \.ratedThisVersion) { String($0) }
        write(.lastRemindedDate, \.lastRemindedDate) { $0.map(StoredText.text(of:)) }
        write(.declinedAnyVersion, \.declinedAnyVersion) { String($0) }
        write(.ratedAnyVersion, \.ratedAnyVersion) { String($0) }
        write(.lastVersionRated, \.lastVersionRated) { $0 }
        write(.lastVersionDeclined, \.lastVersionDeclined) { $0 }
        write(.lastDeclinedDate, \.lastDeclinedDate) { $0.map(StoredText.text(of:)) }
        write(.lastRatedDate, \.lastRatedDate) { $0.map(StoredText.text(of:)) }
        write(.promptDates, \.promptDates) { $0.isEmpty ? nil : StoredText.text(of: $0) }
        write(.sessions, \.sessions) { $0.isEmpty ? nil : StoredText.text(of: $0) }
        write(.lastCrashDate, \.lastCrashDate) { $0.map(StoredText.text(of:)) }
        write(.promptHold, \.promptHold) { $0.map(StoredText.text(of:)) }
        write(.desktopToken, \.desktopToken) { $0 }
        if let previous, previous.eventCounts == state.eventCounts { return }
        for key in values.keys where key.hasPrefix(eventPrefix) {
            values[key] = nil
        }
        for (event, count) in state.eventCounts {
            values[eventPrefix + event] = String(count)
        }
    }
}
