import CGLib

/// A GObject held weakly, through a `GWeakRef`: it never keeps the object alive, and it reads
/// `nil` from the moment the object starts to go (before its `dispose`), on any thread.
///
/// Whatever Armchair keeps of an app's objects (its application, its windows) it keeps this way,
/// so that an app may drop them in any order.
package final class WeakObject: @unchecked Sendable {
    // GLib moves a GWeakRef's memory between its lists: it must never move, so it lives on the heap.
    private let reference: UnsafeMutablePointer<GWeakRef>

    /// Holds `object` (a `GObject *`, or `nil`) weakly.
    package init(_ object: UnsafeMutableRawPointer?) {
        reference = .allocate(capacity: 1)
        reference.initialize(to: GWeakRef())
        g_weak_ref_init(reference, object)
    }

    deinit {
        g_weak_ref_clear(reference)
        reference.deallocate()
    }

    /// Runs `body` with the object, which holds a reference of its own for the call; `nil` when the
    /// object is gone.
    package func withObject<Result>(_ body: (UnsafeMutableRawPointer) throws -> Result) rethrows -> Result? {
        guard let object = g_weak_ref_get(reference) else { return nil }
        defer { g_object_unref(object) }
        return try body(object)
    }

    /// Whether the object is still alive.
    package var isAlive: Bool { withObject { _ in true } ?? false }

    /// Whether this holds `object`, which the caller keeps alive.
    package func holds(_ object: UnsafeMutableRawPointer?) -> Bool {
        withObject { $0 == object } ?? false
    }
}
