public import Foundation
import FoundationNetworking
import TestProcesses

/// A stand-in server on loopback from `Tests/StandIns` (the feedback receiver, the review service),
/// started for one test and stopped when released. Shared by the engine's and the GTK tests.
public final class LoopbackServer {
    private let server: ChildProcess
    public let port: Int
    public var root: String { "http://127.0.0.1:\(port)" }

    /// The feedback receiver of `feedback_receiver.py`.
    public static func feedbackReceiver() throws -> LoopbackServer {
        try LoopbackServer(script: "feedback_receiver.py")
    }
    /// The review service of `odrs_server.py`.
    public static func reviewService() throws -> LoopbackServer { try LoopbackServer(script: "odrs_server.py") }
    /// The request mirror and fault server of `http_probe.py`, with its `arguments`.
    public static func httpProbe(_ arguments: [String] = []) throws -> LoopbackServer {
        try LoopbackServer(script: "http_probe.py", arguments: arguments)
    }

    private init(script: String, arguments: [String] = []) throws {
        let path = ProjectFolder.file("Tests/StandIns/\(script)")
        server = try ChildProcess("/usr/bin/python3", [path] + arguments)
        guard let port = Int(server.readLine()) else {
            server.kill()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    deinit { server.kill() }

    /// How the next requests are treated, in order (see the script).
    public func plan(_ steps: [String]) throws {
        _ = try request("POST", "/plan", body: try JSONSerialization.data(withJSONObject: ["plan": steps]))
    }

    /// The JSON the server answers to `GET path`.
    public func json(_ path: String) throws -> Any {
        try JSONSerialization.jsonObject(with: try request("GET", path))
    }

    /// Sends a request to the server and returns the body of its answer.
    public func request(_ method: String, _ path: String, body: Data? = nil) throws -> Data {
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
public final class Mutexed<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    public init(_ value: Value) { stored = value }
    public var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

extension LoopbackServer {
    /// The feedback receiver's endpoint.
    public var endpoint: String { root + "/feedback" }

    /// The feedback IDs stored once each, and every ID that arrived.
    public func received() throws -> (stored: [String], attempts: [String]) {
        let json = try json("/received") as! [String: [String]]
        return (json["stored"]!, json["attempts"]!)
    }
}
