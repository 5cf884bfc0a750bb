import Armchair
import Foundation
import Testing

@testable import ArmchairCore
@testable import ArmchairDelivery

/// Several processes of one app at once, and writers killed mid-write: no count is lost and the
/// file is always readable.
@Suite("Concurrent writers", .serialized)
struct ConcurrentWriterTests {
    @Test("Four processes counting at once end with the exact total")
    func concurrentProcesses() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/org.example.Notes/armchair.ini"
        let processes = try (0..<4).map { _ in try TestAppProcess("count", stateFile: path, "150") }
        #expect(try processes.map { try $0.finish() } == ["saved", "saved", "saved", "saved"])
        #expect(try useCount(at: path) == 600)
    }

    @Test("Threads of one process counting at once end with the exact total")
    func concurrentThreads() async throws {
        let folder = try TemporaryFolder()
        let store = KeyFileStore(path: folder.path + "/state.ini")
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<50 {
                        _ = try? store.update { values in
                            values["count"] = String((Int(values["count"] ?? "0") ?? 0) + 1)
                        }
                    }
                }
            }
        }
        #expect(try store.read()["count"] == "200")
    }

    @Test("A writer killed with SIGKILL at any moment never leaves an unreadable file")
    func killedWriters() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/org.example.Notes/armchair.ini"
        var generator = SystemRandomNumberGenerator()
        var lastCount = 0
        var killedWhileRunning = 0
        for _ in 0..<40 {
            let writer = try TestAppProcess("count", stateFile: path, "0")
            // Kill it while it writes: once it has made progress, at a random moment after.
            for _ in 0..<500 where (try? useCount(at: path)).flatMap({ $0 }) ?? 0 <= lastCount {
                usleep(2_000)
            }
            usleep(UInt32.random(in: 0...15_000, using: &generator))
            if writer.process.isRunning { killedWhileRunning += 1 }
            writer.kill()

            switch KeyFileStore(path: path).inspect() {
            case .missing:
                #expect(lastCount == 0, "the file disappeared after \(lastCount) uses")
            case .values(let values):
                let count = try #require(values["org.example.Notes.use-count"].flatMap { Int($0) })
                #expect(count >= lastCount, "uses went back from \(lastCount) to \(count)")
                lastCount = count
            case let other:
                Issue.record("after a SIGKILL the file reads as \(other)")
                return
            }
        }
        #expect(killedWhileRunning == 40)
        #expect(lastCount > 0)
        // The next normal writer clears any temporary file a killed one left.
        #expect(try TestAppProcess.run("count", stateFile: path, "1") == "saved")
        #expect((folder.path + "/org.example.Notes").folderEntries == ["armchair.ini", "armchair.ini.lock"])
        #expect(try useCount(at: path) == lastCount + 1)
    }

    func useCount(at path: String) throws -> Int? {
        guard case .values(let values) = KeyFileStore(path: path).inspect() else { return nil }
        return values["org.example.Notes.use-count"].flatMap { Int($0) }
    }
}
