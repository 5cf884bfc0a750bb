/// A Swift object's reference as C holds it, named by what happens to its ownership.
///
/// C keeps Swift objects as `void *` user data (a GLib callback's, a signal's, a libcurl
/// request's) or as a handle of its own type (`ArmchairSwiftEngine *`). Each crossing is one of
/// four verbs, and each says who owns the reference afterwards:
///
/// - ``retain(_:)``: Swift hands C a new reference, which C owns until it gives it back;
/// - ``borrow(_:as:)``: Swift uses the object C holds, for the length of a call; C still owns it;
/// - ``take(_:as:)``: C gives its reference back, and Swift owns it from then on;
/// - ``release(_:as:)``: C gives its reference back and Swift drops it at once.
///
/// ```swift
/// let data = CReference.retain(handler)                           // C's, until its destroy notify
/// CReference.borrow(data, as: Handler.self).run()                 // in the callback
/// CReference.release(data, as: Handler.self)                      // in the destroy notify
/// ```
package enum CReference {
    /// A new reference to `object` for C, which owns it until it gives it back with ``take(_:as:)``
    /// or ``release(_:as:)``.
    package static func retain(_ object: some AnyObject) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(object).toOpaque()
    }

    /// The object behind `pointer`, which C still owns; valid while C keeps it.
    package static func borrow<Object: AnyObject>(_ pointer: UnsafeRawPointer, as type: Object.Type) -> Object {
        Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The object behind `pointer`, whose reference C gives back: Swift owns it now.
    package static func take<Object: AnyObject>(_ pointer: UnsafeRawPointer, as type: Object.Type) -> Object {
        Unmanaged<Object>.fromOpaque(pointer).takeRetainedValue()
    }

    /// Drops the reference C held to the object behind `pointer`.
    package static func release<Object: AnyObject>(_ pointer: UnsafeRawPointer, as type: Object.Type) {
        Unmanaged<Object>.fromOpaque(pointer).release()
    }
}
