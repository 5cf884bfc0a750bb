import CArmchairSupport

/// The process environment as a dictionary, read from the C library.
package enum ProcessEnvironment {
    /// The environment now; empty when the app has cleared it (`clearenv()` leaves `environ` null).
    package static var current: [String: String] {
        var result: [String: String] = [:]
        var entry = armchair_environment()
        while let pointer = entry?.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry = entry.map { $0 + 1 }
        }
        return result
    }
}
