import Logging

import struct FoundationEssentials.Date

/// Keeps the engine's state in step with its store, and keeps changes the store refused.
///
/// Every change is a small function applied inside one atomic ``KeyValueStore/update(_:)``, on top
/// of whatever the store holds at that moment, so changes from other processes are never
/// overwritten. When the store refuses a write (full disk, read-only folder, lock timeout), the
/// change stays queued in memory, the state in memory includes it, and the next write saves it
/// together with everything after it: an answer the user gave is never lost while the app runs.
///
/// Version tracking is applied in one place, where stored values are decoded, so every state the
/// keeper holds is already the running version's; what must be repaired in the file (dates ahead
/// of the clock) is repaired where it is written.
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
    private let repair: (inout RatingState) -> Void
    private var unsaved: [Change] = []
    private var reported: Set<String> = []
    /// The values last read or written and the state they hold, so that unchanged values are not
    /// decoded again (when no other process wrote in between, which is nearly always).
    private var known: (values: [String: String], state: RatingState)?

    /// - Parameters:
    ///   - repair: Run on the stored state before each write, before the changes.
    ///   - prepare: Run on every decoded state; it starts tracking the running version and
    ///     returns the update it detected.
    init(
        store: any KeyValueStore, codec: StateCodec, logger: Logger,
        repair: @escaping (inout RatingState) -> Void,
        prepare: @escaping (inout RatingState) -> AppUpdate?
    ) {
        self.store = store
        self.codec = codec
        self.logger = logger
        self.repair = repair
        self.prepare = prepare
        state = decode([:]).state
    }

    /// Reads the store again, to see what other processes recorded.
    ///
    /// Unsaved changes are written first, so they are never hidden by the re-read. A state that
    /// needs repair (a date ahead of the clock) is repaired in the store at once, not at the next
    /// change: the time counted from the repaired date then runs from this moment, and what a
    /// decision says is still needed is enough even if the app records nothing until then.
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
            return
        }
        var repaired = state
        repair(&repaired)
        if repaired != state { _ = apply { _ in } }
    }

    /// Applies `change` and saves it with any earlier unsaved ones, in one locked write.
    ///
    /// - Returns: What the change returned on the state it was applied to last (the stored one,
    ///   or the one in memory when the store refused the write), and the update detected on the
    ///   way, if any.
    func apply<Result>(_ change: @escaping (inout RatingState) -> Result) -> (result: Result, update: AppUpdate?) {
        if unsaved.count >= Self.unsavedLimit {
            unsaved.removeFirst()
            logger.error("More than \(Self.unsavedLimit) rating-state changes could not be saved; dropping the oldest.")
        }
        var result = change(&state)
        unsaved.append { result = change(&$0) }
        let update = save()
        return (result, update)
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
                let decoded = decode(values)
                // `known` shares the storage of `values`; dropped, it leaves `values` the only
                // reference, so that writing the changed values into it copies nothing.
                known = nil
                saved = decoded.state
                update = decoded.update
                repair(&saved)
                for change in unsaved { change(&saved) }
                // Rewrite only what changed, unless a stored value was unreadable and must be replaced.
                codec.encode(saved, into: &values, unchangedSince: decoded.clean ? decoded.stored : nil)
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
        repair(&rebuilt)
        for change in unsaved { change(&rebuilt) }
        state = rebuilt
    }

    /// What `values` hold: the state as stored, the state prepared for the running version with
    /// the update that preparing detected, and whether every value could be read.
    private func decode(
        _ values: [String: String]
    ) -> (stored: RatingState, state: RatingState, update: AppUpdate?, clean: Bool) {
        let stored: RatingState
        let clean: Bool
        if let known, known.values == values {
            (stored, clean) = (known.state, true)
        } else {
            let (decoded, unreadable) = codec.decode(values)
            for value in unreadable where !reported.contains(value.key) {
                reported.insert(value.key)
                logger.warning("Ignoring the unreadable rating-state value \(value); using its default.")
            }
            if unreadable.isEmpty { known = (values, decoded) }
            (stored, clean) = (decoded, unreadable.isEmpty)
        }
        var state = stored
        let update = prepare(&state)
        return (stored, state, update, clean)
    }

    /// Logs a store error once until the store works again, so a full disk does not flood the log.
    private func report(_ error: StoreError, key: String) {
        guard !reported.contains(key) else { return }
        reported.insert(key)
        logger.warning("\(error.message) Rating-state changes are kept in memory and saved when the store works again.")
    }
}
