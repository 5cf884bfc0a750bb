import Foundation
import Glibc
import TestProcesses
import TestServers
import Testing

@testable import ArmchairCore
@testable import ArmchairDelivery

/// HTTP through libcurl, against real sockets on loopback: the request as a server sees it, the
/// answers it copes with, and every way an exchange ends without one.
@Suite("HTTP session", .serialized)
struct HTTPSessionTests {
    let probe: LoopbackServer
    let root: String

    init() throws {
        probe = try LoopbackServer.httpProbe()
        root = probe.root
    }

    private func post(
        _ path: String, body: [UInt8] = Array(#"{"a":1}"#.utf8), headers: [(name: String, value: String)] = [],
        within seconds: Double = 10, responseLimit: Int = HTTPSession.responseLimit
    ) async -> HTTPResponse? {
        await Self.post(root + path, body: body, headers: headers, within: seconds, responseLimit: responseLimit)
    }

    private static func post(
        _ url: String, body: [UInt8] = Array(#"{"a":1}"#.utf8), headers: [(name: String, value: String)] = [],
        within seconds: Double = 10, responseLimit: Int = HTTPSession.responseLimit
    ) async -> HTTPResponse? {
        await HTTPSession.exchange(
            HTTPRequest(url: url, headers: headers, body: body), within: seconds, responseLimit: responseLimit)
    }

    /// The request as `http_probe.py` saw it.
    private struct Echo: Decodable {
        var method: String
        var path: String
        var headers: [String: String]
        var length: Int
        var sha1: String
    }

    private static func echo(_ response: HTTPResponse?) throws -> Echo {
        let response = try #require(response)
        #expect(response.status == 200)
        return try JSONDecoder().decode(Echo.self, from: Data(response.body))
    }

    @Test("a POST arrives as URLSession sent it: its headers and body, a length, no 100-continue wait")
    func requestOnTheWire() async throws {
        let body = Array(#"{"id":"m-1","text":"Exporting loses the margins."}"#.utf8)
        let seen = try Self.echo(
            await post(
                "/echo", body: body, headers: [("Content-Type", "application/json"), ("Idempotency-Key", "m-1")]))
        #expect(seen.method == "POST" && seen.path == "/echo")
        #expect(seen.headers["content-type"] == "application/json")
        #expect(seen.headers["idempotency-key"] == "m-1")
        #expect(seen.headers["content-length"] == String(body.count))
        #expect(seen.length == body.count && seen.sha1 == SHA1.hexDigest(body))
        #expect(seen.headers["expect"] == nil)
        #expect(seen.headers["accept"] == "*/*")
        #expect(seen.headers["accept-encoding"]?.contains("gzip") == true)
        let agent = try #require(seen.headers["user-agent"])
        #expect(agent.hasPrefix("\(ProcessInfo.processInfo.processName) (unknown version) curl/"))
        #expect(seen.headers["cookie"] == nil && seen.headers["authorization"] == nil)
    }

    @Test("a header with a line break or NUL is never sent: no second header can be smuggled in")
    func headerInjection() async throws {
        for value in ["m-1\r\nX-Injected: 1", "m-1\nX-Injected: 1", "m-1\u{0}X"] {
            #expect(await post("/echo", headers: [("Idempotency-Key", value)]) == nil)
        }
        #expect(
            try Self.echo(await post("/echo", headers: [("Idempotency-Key", "m-1")])).headers["idempotency-key"]
                == "m-1")
    }

    @Test("a body of 3 MiB goes whole, without Expect: 100-continue")
    func largeBody() async throws {
        let body = (0..<3 << 20).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let seen = try Self.echo(await post("/echo", body: body))
        #expect(seen.length == body.count)
        #expect(seen.sha1 == SHA1.hexDigest(body))
        #expect(seen.headers["expect"] == nil)
    }

    @Test("an answer up to the limit arrives whole; a longer one counts as a failure")
    func largeResponse() async throws {
        let whole = try #require(await post("/large/\(HTTPSession.responseLimit)"))
        #expect(whole.status == 200)
        #expect(whole.body.count == HTTPSession.responseLimit && whole.body.allSatisfy { $0 == UInt8(ascii: "x") })
        #expect(await post("/large/\(HTTPSession.responseLimit + 1)") == nil)
        let tiny = await post("/large/100", responseLimit: 99)
        #expect(tiny == nil)
    }

    @Test("a gzip answer is decoded")
    func gzipAnswer() async throws {
        let response = try #require(await post("/gzip"))
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"compressed": true}"#)
    }

    @Test(
        "redirects: 307 and 308 send the POST again with its body, 301, 302 and 303 turn it into a GET",
        arguments: [(307, "POST"), (308, "POST"), (301, "GET"), (302, "GET"), (303, "GET")])
    func redirects(code: Int, method: String) async throws {
        let body = Array("redirected body".utf8)
        let seen = try Self.echo(await post("/redirect/\(code)", body: body))
        #expect(seen.path == "/echo")
        #expect(seen.method == method)
        #expect(seen.length == (method == "POST" ? body.count : 0))
    }

    @Test("a server that accepts the connection and never answers is given up after the timeout")
    func stalledServer() async throws {
        let listener = try #require(Listener(listening: true))
        let start = ContinuousClock.now
        let response = await HTTPSession.exchange(
            HTTPRequest(url: "http://127.0.0.1:\(listener.port)/feedback", headers: [], body: []), within: 1)
        let waited = ContinuousClock.now - start
        #expect(response == nil)
        #expect(waited >= .milliseconds(900) && waited < .seconds(3), "waited \(waited)")

        let stallStart = ContinuousClock.now
        #expect(await post("/stall", within: 1) == nil)
        let stalled = ContinuousClock.now - stallStart
        #expect(stalled >= .milliseconds(900) && stalled < .seconds(3), "waited \(stalled)")
    }

    @Test("a refused connection fails at once")
    func refused() async throws {
        let closed = try #require(Listener(listening: false))
        let start = ContinuousClock.now
        let response = await HTTPSession.exchange(
            HTTPRequest(url: "http://127.0.0.1:\(closed.port)/feedback", headers: [], body: []), within: 30)
        #expect(response == nil)
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test("cancelling the task ends the exchange at once, well before its timeout")
    func cancelled() async throws {
        let start = ContinuousClock.now
        let root = root
        let task = Task { await Self.post(root + "/stall", within: 60) }
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        #expect(await task.value == nil)
        #expect(ContinuousClock.now - start < .seconds(2))

        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await Self.post(root + "/echo", within: 60)
        }
        #expect(await early.value == nil)
    }

    @Test("many exchanges at once each get their own answer")
    func concurrent() async throws {
        let root = root
        let lengths = await withTaskGroup(of: Int?.self) { group in
            for index in 0..<24 {
                group.addTask {
                    let response = await Self.post(root + "/echo", body: Array(repeating: 1, count: index))
                    return try? Self.echo(response).length
                }
            }
            return await group.reduce(into: [Int?]()) { $0.append($1) }
        }
        #expect(lengths.compactMap { $0 }.sorted() == Array(0..<24))
    }

    @Test(
        "https: a certificate the system does not trust is refused, though the server answers a client that trusts it")
    func untrustedCertificate() async throws {
        let folder = try TemporaryFolder()
        let (certificate, key) = (folder.file("cert.pem"), folder.file("key.pem"))
        let made = try ChildProcess.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate,
            ])
        try #require(made.status == 0, "openssl: \(made.errors)")
        let secure = try LoopbackServer.httpProbe(["--tls", certificate, key])
        let url = "https://127.0.0.1:\(secure.port)/echo"
        let trusting = """
            import ssl, sys, urllib.request
            context = ssl.create_default_context(cafile=sys.argv[2])
            request = urllib.request.Request(sys.argv[1], data=b"{}", method="POST")
            print(urllib.request.urlopen(request, context=context).status)
            """
        #expect(try ChildProcess.run("/usr/bin/python3", ["-c", trusting, url, certificate]).output == "200\n")
        #expect(await Self.post(url) == nil)
    }

    @Test("the timeout is kept within 1 to 3600 seconds, NaN as 30")
    func usableTimeout() {
        #expect(HTTPSession.usableTimeout(.nan) == 30)
        #expect(HTTPSession.usableTimeout(0) == 1)
        #expect(HTTPSession.usableTimeout(-.infinity) == 1)
        #expect(HTTPSession.usableTimeout(.infinity) == 3_600)
        #expect(HTTPSession.usableTimeout(12.5) == 12.5)
    }
}

/// A TCP socket on loopback that listens and never accepts (the kernel still completes the
/// connection), or that is bound without listening, so a connection to it is refused.
private final class Listener {
    let descriptor: Int32
    let port: Int

    init?(listening: Bool) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard descriptor >= 0, bound, !listening || listen(descriptor, 8) == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}
