import CArmchairSupport
import Glibc

/// The process environment as a dictionary, read from the C library.
package enum ProcessEnvironment {
    /// The environment now; empty when the app has cleared it (`clearenv()` leaves `environ` null).
    ///
    /// Each entry is split at its first `=` byte, as `getenv` does, and its halves are copied from
    /// the C string as they are: looking for `=` character by character would cost more than the
    /// rest of an engine's start, on a desktop session's long variables (`LS_COLORS`).
    package static var current: [String: String] {
        guard let entries = armchair_environment() else { return [:] }
        var count = 0
        while entries[count] != nil { count += 1 }
        var result = [String: String](minimumCapacity: count)
        for case let entry? in UnsafeBufferPointer(start: entries, count: count) {
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(entry).assumingMemoryBound(to: UInt8.self), count: strlen(entry))
            guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { continue }
            result[String(decoding: bytes[..<equals], as: UTF8.self)] = String(
                decoding: bytes[(equals + 1)...], as: UTF8.self)
        }
        return result
    }
}
