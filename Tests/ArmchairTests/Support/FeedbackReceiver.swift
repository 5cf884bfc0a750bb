import Foundation
import FoundationNetworking

/// The loopback feedback receiver of `Tests/EndToEnd/feedback_receiver.py`, started for one test
/// and stopped when released.
final class FeedbackReceiver {
    let process: Process
    let port: Int
    var endpoint: String { "http://127.0.0.1:\(port)/feedback" }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("EndToEnd/feedback_receiver.py").path

    init() throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.script]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line: [UInt8] = []
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    deinit {
        // SIGKILL: the test process's threads block SIGTERM, and a child inherits that mask.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// How the next feedback requests are treated, in order (see the script).
    func plan(_ steps: [String]) throws {
        _ = try request("POST", "/plan", body: try JSONSerialization.data(withJSONObject: ["plan": steps]))
    }

    /// The IDs stored once each, and every ID that arrived.
    func received() throws -> (stored: [String], attempts: [String]) {
        let json = try JSONSerialization.jsonObject(with: try request("GET", "/received")) as! [String: [String]]
        return (json["stored"]!, json["attempts"]!)
    }

    private func request(_ method: String, _ path: String, body: Data? = nil) throws -> Data {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.httpBody = body
        let result = Mutexed<Data?>(nil)
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, _, _ in
            result.value = data
            done.signal()
        }.resume()
        done.wait()
        guard let data = result.value else { throw CocoaError(.fileReadUnknown) }
        return data
    }
}

/// A value shared with a callback on another thread.
final class Mutexed<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
