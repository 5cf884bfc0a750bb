import Foundation

/// Reads a pipe to its end on a thread of its own, so the program writing into it never waits for
/// the test to make room.
final class PipeDrain: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    /// Written once by the reading thread before it signals ``finished``; read only after.
    private var data = Data()

    /// Starts reading `handle`.
    init(_ handle: FileHandle) {
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            finished.signal()
        }.start()
    }

    /// Everything the pipe carried, as UTF-8, waiting until the writer closed it. Call it once.
    func text() -> String {
        finished.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
