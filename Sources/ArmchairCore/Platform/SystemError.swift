import Glibc

/// A failed system call: what was attempted, on which path, and the system's reason.
package struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `errno` value.
    public var code: Int32
    /// What was attempted, such as "rename".
    public var operation: String
    /// The file or folder involved.
    public var path: String

    /// The reason in words, from the C library.
    public var reason: String { String(cString: strerror(code)) }

    public var description: String { "\(operation) \(path): \(reason)" }

    /// Whether the disk or the file system refused to store more (full, read-only, over quota).
    public var isOutOfSpaceOrReadOnly: Bool {
        [ENOSPC, EROFS, EDQUOT, EFBIG].contains(code)
    }

    static func last(_ operation: String, _ path: String) -> SystemError {
        SystemError(code: errno, operation: operation, path: path)
    }
}
