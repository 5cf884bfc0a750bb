import Armchair

/// Changes an app's state file as the app does: read, change and write under the app's lock.
enum StateChange {
    /// Applies `change` to the state in `store` and returns the state written.
    ///
    /// - Throws: ``ToolError`` naming the file and what to do when it is locked, read-only, full,
    ///   unreadable or from a newer Armchair.
    static func apply(
        to store: KeyFileStore, codec: StateCodec, _ change: (inout RatingState) -> Void
    ) throws(ToolError) -> RatingState {
        var written = RatingState()
        do {
            _ = try store.update { values in
                var state = codec.decode(values).state
                change(&state)
                codec.encode(state, into: &values)
                written = state
            }
        } catch {
            throw ToolError(message(for: error, path: store.path), kind: kindOfError(error))
        }
        return written
    }

    private static func kindOfError(_ error: StoreError) -> ToolError.Kind {
        switch error.kind {
        case .locked, .unwritable: .storage
        default: .input
        }
    }

    private static func message(for error: StoreError, path: String) -> String {
        switch error.kind {
        case .locked:
            return """
                The state file \(path) is locked: a running instance of the app is saving to it, or is stuck.
                Nothing was changed. Try again in a moment; if it stays locked, quit the app first.
                """
        case .unwritable:
            return "The state file \(path) cannot be written: \(error.message)\nNothing was changed."
        case .newerFormat:
            return """
                The state file \(path) was written by a newer Armchair; this tool reads format \(KeyFileStore.formatVersion).
                Use the armchair tool of the same version as the app. Nothing was changed.
                """
        default:
            return "The state file \(path) cannot be read: \(error.message)\nNothing was changed."
        }
    }
}
