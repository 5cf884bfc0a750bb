import Logging

import struct Foundation.Date

/// Keeps the engine's state in step with its store, and keeps changes the store refused.
///
/// Every change is a small function applied inside one atomic ``KeyValueStore/update(_:)``, on top
/// of whatever the store holds at that moment, so changes from other processes are never
/// overwritten. When the store refuses a write (full disk, read-only folder, lock timeout), the
/// change stays queued in memory, the state in memory includes it, and the next write saves it
/// together with everything after it: an answer the user gave is never lost while the app runs.
final class StateKeeper {
    typealias Change = (inout RatingState) -> Void

    /// The latest state: what the store holds plus changes it has not accepted yet.
    private(set) var state = RatingState()

    /// Whether some changes are waiting for the store to accept them.
    var hasUnsavedChanges: Bool { !unsaved.isEmpty }

    /// At most this many unsaved changes are kept; older ones are dropped with an error, so a disk
    /// that stays full cannot make memory grow without end.
    static let unsavedLimit = 10_000

    private let store: any KeyValueStore
    private let codec: StateCodec
    private let logger: Logger
    private let prepare: (inout RatingState) -> AppUpdate?
    private var unsaved: [Change] = []
    private var reported: Set<String> = []
    /// The values last read or written and the state they hold, so that unchanged values are not
    /// decoded again (when no other process wrote in between, which is nearly always).
    private var known: (values: [String: String], state: RatingState)?

    /// - Parameter prepare: Run at the start of every change on the stored state; it starts
    ///   tracking the running version and returns the update it detected.
    init(
        store: any KeyValueStore, codec: StateCodec, logger: Logger,
        prepare: @escaping (inout RatingState) -> AppUpdate?
    ) {
        self.store = store
        self.codec = codec
        self.logger = logger
        self.prepare = prepare
    }

    /// Reads the store again, to see what other processes recorded.
    ///
    /// Unsaved changes are written first, so they are never hidden by the re-read.
    func refresh() {
        if hasUnsavedChanges {
            _ = save()
            return
        }
        do {
            state = decode(try store.read()).state
            reported.remove("store")
        } catch {
            report(error, key: "store")
        }
    }

    /// Applies `change` and saves it with any earlier unsaved ones.
    ///
    /// - Returns: The update detected on the way, if any.
    @discardableResult
    func apply(_ change: @escaping Change) -> AppUpdate? {
        if unsaved.count >= Self.unsavedLimit {
            unsaved.removeFirst()
            logger.error("More than \(Self.unsavedLimit) rating-state changes could not be saved; dropping the oldest.")
        }
        unsaved.append(change)
        let optimistic = prepare(&state)
        change(&state)
        return save() ?? optimistic
    }

    /// Tries to save the unsaved changes now, as the app quits, for example.
    ///
    /// - Returns: Whether nothing is left unsaved.
    @discardableResult
    func flush() -> Bool {
        if hasUnsavedChanges { _ = save() }
        return !hasUnsavedChanges
    }

    /// Saves every unsaved change in one atomic update.
    ///
    /// - Returns: The update detected while saving; `nil` also when saving failed.
    private func save() -> AppUpdate? {
        var saved = RatingState()
        var update: AppUpdate?
        do {
            try store.update { values in
                let (stored, clean) = decode(values)
                saved = stored
                update = prepare(&saved)
                for change in unsaved { change(&saved) }
                // Rewrite only what changed, unless a stored value was unreadable and must be replaced.
                codec.encode(saved, into: &values, unchangedSince: clean ? stored : nil)
                known = (values, saved)
            }
        } catch {
            report(error, key: "store")
            rebuildFromStore()
            return nil
        }
        unsaved.removeAll()
        state = saved
        if reported.remove("store") != nil {
            logger.notice("The rating state is saved again; nothing was lost.")
        }
        return update
    }

    /// After a failed save: the latest state the store can still be read for, plus every unsaved
    /// change, so that a session whose first write fails never works on a blank state while the
    /// store holds the user's answers.
    private func rebuildFromStore() {
        guard let values = try? store.read() else { return }
        var rebuilt = decode(values).state
        _ = prepare(&rebuilt)
        for change in unsaved { change(&rebuilt) }
        state = rebuilt
    }

    /// The state the values hold, and whether every value could be read.
    private func decode(_ values: [String: String]) -> (state: RatingState, clean: Bool) {
        if let known, known.values == values { return (known.state, true) }
        let (decoded, unreadable) = codec.decode(values)
        for value in unreadable where !reported.contains(value.key) {
            reported.insert(value.key)
            logger.warning("Ignoring the unreadable rating-state value \(value); using its default.")
        }
        if unreadable.isEmpty { known = (values, decoded) }
        return (decoded, unreadable.isEmpty)
    }

    /// Logs a store error once until the store works again, so a full disk does not flood the log.
    private func report(_ error: StoreError, key: String) {
        guard !reported.contains(key) else { return }
        reported.insert(key)
        logger.warning("\(error.message) Rating-state changes are kept in memory and saved when the store works again.")
    }
}

/// A value a state change reports back to the caller; changes may run again when an earlier save
/// failed, and the last run is the one that counts.
final class Flag {
    var value = false
}
