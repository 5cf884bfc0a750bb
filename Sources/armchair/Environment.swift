import Glibc

/// The process environment and file checks the commands share.
enum Environment {
    /// This process's environment.
    static var current: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    /// Whether a file exists at `path`.
    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
}
