import Foundation

/// What the calling thread reads, from the kernel's I/O accounting (`/proc/thread-self/io`): how
/// tests see that a change reads the state file once and nothing else.
enum ThreadReads {
    private static let path = "/proc/thread-self/io"

    /// Whether the kernel counts each thread's reads.
    static let areCounted = FileManager.default.isReadableFile(atPath: path)

    /// The bytes the calling thread read (`read`, `pread` and their kin) while `body` ran.
    static func bytes(during body: () throws -> Void) throws -> Int {
        let (before, look) = try readCharacters()
        try body()
        // The counter after `body` includes the bytes of the first look at it.
        return try readCharacters().count - before - look
    }

    /// The thread's `rchar` counter, and the bytes read to see it.
    private static func readCharacters() throws -> (count: Int, look: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CocoaError(.fileReadUnknown) }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let length = read(descriptor, &buffer, buffer.count)
        guard length > 0 else { throw CocoaError(.fileReadUnknown) }
        let text = String(decoding: buffer[..<length], as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("rchar:") }),
            let count = Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces))
        else { throw CocoaError(.fileReadCorruptFile) }
        return (count, length)
    }
}
