import Armchair
import ArmchairTesting
import Foundation
import TestServers
import Testing

@testable import ArmchairCore
@testable import ArmchairDelivery

/// Feedback that is never lost: the outbox on disk, and delivery over HTTP to a real receiver on
/// loopback that fails on demand.
@Suite("Feedback delivery", .serialized)
struct FeedbackDeliveryTests {
    let folder: TemporaryFolder
    let receiver: LoopbackServer
    let clock = ManualWallClock()

    init() throws {
        folder = try TemporaryFolder()
        receiver = try LoopbackServer.feedbackReceiver()
    }

    private var outboxFolder: String { folder.file("outbox") }

    private func message(_ id: String, text: String = "Exporting loses the margins.") -> FeedbackMessage {
        FeedbackMessage(
            id: id, appID: "org.example.Notes", appName: "Notes", appVersion: "2.4.1", locale: "de_DE", text: text,
            replyEmail: "ada@example.org", systemDetails: [SystemDetail(name: "Desktop", value: "GNOME")],
            date: Date(timeIntervalSince1970: 1_795_000_000))
    }

    private func sender(timeout: Double = 10, limits: FeedbackOutbox.Limits = .init()) throws -> OutboxFeedbackSender {
        OutboxFeedbackSender(
            outbox: FeedbackOutbox(folder: outboxFolder, limits: limits),
            sender: try HTTPFeedbackSender(endpoint: receiver.endpoint, timeout: timeout), clock: clock)
    }

    @Test("a message arrives as documented JSON, and leaves the outbox")
    func delivered() async throws {
        let sender = try sender()
        try await sender.send(message("m-1"))
        #expect(try receiver.received().stored == ["m-1"])
        #expect(sender.outbox.pending().isEmpty)
        #expect(!outboxFolder.folderEntries.contains { $0.hasSuffix(".json") })
    }

    @Test("the JSON body carries every field, and only what the user gave")
    func body() throws {
        let data = try JSONEncoder().encode(message("m-2"))
        let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        #expect(
            Set(json.keys) == [
                "id", "appID", "appName", "appVersion", "locale", "text", "replyEmail", "systemDetails", "date",
            ])
        var bare = message("m-3")
        (bare.replyEmail, bare.systemDetails) = (nil, nil)
        let bareJSON = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(bare)) as! [String: Any]
        #expect(bareJSON["replyEmail"] == nil && bareJSON["systemDetails"] == nil)
    }

    @Test("every message is on disk before the first try")
    func writtenFirst() async throws {
        let outbox = FeedbackOutbox(folder: outboxFolder)
        let seen = Mutexed<[String]>([])
        let checking = ClosureFeedbackSender { message throws(FeedbackError) in
            seen.value = outbox.pending().map(\.message.id)
            throw FeedbackError("offline")
        }
        let sender = OutboxFeedbackSender(outbox: outbox, sender: checking, clock: clock)
        try await sender.send(message("m-4"))  // waiting counts as sent for the user
        #expect(seen.value == ["m-4"])
        let entry = try #require(outbox.pending().first)
        #expect(entry.attempts == 1)
        #expect(entry.lastError == "offline")
        #expect(entry.nextAttempt == clock.now.addingTimeInterval(60))
    }

    @Test(
        "server errors, timeouts, resets and garbage are tried again later; the message arrives once",
        arguments: ["500", "slow", "reset", "malformed"])
    func transientFailures(fault: String) async throws {
        try receiver.plan([fault])
        let sender = try sender(timeout: 2)
        try await sender.send(message("m-\(fault)"))
        #expect(sender.outbox.pending().map(\.message.id) == ["m-\(fault)"])

        // Not due yet: nothing is sent.
        #expect(await sender.deliverPending().retrying.isEmpty)
        #expect(try receiver.received().attempts.count == 1)

        clock.advance(seconds: 61)
        let report = await sender.deliverPending()
        #expect(report.delivered == ["m-\(fault)"])
        #expect(sender.outbox.pending().isEmpty)
        let received = try receiver.received()
        #expect(received.stored == ["m-\(fault)"])  // a slow reply's message was stored the first time already
        #expect(received.attempts == ["m-\(fault)", "m-\(fault)"])
    }

    @Test("backoff doubles from one minute up to six hours")
    func backoff() {
        #expect(RetrySchedule.delay(afterFailures: 1) == 60)
        #expect(RetrySchedule.delay(afterFailures: 2) == 120)
        #expect(RetrySchedule.delay(afterFailures: 5) == 960)
        #expect(RetrySchedule.delay(afterFailures: 10) == 6 * 3_600)
        #expect(RetrySchedule.delay(afterFailures: 1_000) == 6 * 3_600)
    }

    @Test("a server that is down: the message waits, and goes once it is up")
    func serverDown() async throws {
        let outbox = FeedbackOutbox(folder: outboxFolder)
        let down = OutboxFeedbackSender(
            outbox: outbox, sender: try HTTPFeedbackSender(endpoint: "http://127.0.0.1:9/feedback", timeout: 2),
            clock: clock)
        try await down.send(message("m-down"))
        #expect(outbox.pending().first?.attempts == 1)
        clock.advance(seconds: 61)
        let report = await outbox.deliverDue(
            through: try HTTPFeedbackSender(endpoint: receiver.endpoint), now: clock.now)
        #expect(report.delivered == ["m-down"])
        #expect(try receiver.received().stored == ["m-down"])
    }

    @Test("a 4xx refusal is final: shown to the user, kept in failed/, never retried")
    func refused() async throws {
        try receiver.plan(["400"])
        let sender = try sender()
        do throws(FeedbackError) {
            try await sender.send(message("m-refused"))
            Issue.record("a refusal was taken for a delivery")
        } catch {
            #expect(error.isPermanent)
            #expect(error.message.contains("HTTP 400"))
        }
        #expect(sender.outbox.pending().isEmpty)
        #expect(FileManager.default.fileExists(atPath: outboxFolder + "/failed/m-refused.json"))
        clock.advance(seconds: 86_400)
        #expect(await sender.deliverPending() == OutboxDelivery())
        #expect(try receiver.received().attempts == ["m-refused"])
    }

    @Test("a full outbox says so instead of dropping anything")
    func full() async throws {
        var limits = FeedbackOutbox.Limits()
        limits.maximumMessages = 3
        let outbox = FeedbackOutbox(folder: outboxFolder, limits: limits)
        for index in 1...3 { try outbox.enqueue(message("m-\(index)"), now: clock.now) }
        #expect(throws: OutboxError.self) { try outbox.enqueue(message("m-4"), now: clock.now) }
        let offline = OutboxFeedbackSender(
            outbox: outbox, sender: ClosureFeedbackSender { _ throws(FeedbackError) in throw FeedbackError("offline") })
        do throws(FeedbackError) {
            try await offline.send(message("m-5"))
            Issue.record("a full outbox accepted a message")
        } catch {
            #expect(error.message == "Too many messages are waiting to be sent. Please try again later.")
        }
        #expect(outbox.pending().map(\.message.id) == ["m-1", "m-2", "m-3"])

        var small = FeedbackOutbox.Limits()
        small.maximumBytes = 600
        let bytesOutbox = FeedbackOutbox(folder: folder.file("small"), limits: small)
        try bytesOutbox.enqueue(message("b-1"), now: clock.now)
        #expect(throws: OutboxError.self) {
            try bytesOutbox.enqueue(message("b-2", text: String(repeating: "x", count: 400)), now: clock.now)
        }
    }

    @Test("an unreadable file in the outbox is moved aside; the others still go")
    func unreadableFile() async throws {
        let sender = try sender()
        try sender.outbox.enqueue(message("m-good"), now: clock.now)
        try (outboxFolder + "/broken.json").write("{ not json")
        let report = await sender.deliverPending()
        #expect(report.delivered == ["m-good"])
        #expect(outboxFolder.folderEntries.contains { $0.hasPrefix("broken.json.unreadable") })
    }

    @Test("feedback goes over https only, except to loopback")
    func httpsOnly() {
        #expect(throws: FeedbackEndpointError.self) {
            try HTTPFeedbackSender(endpoint: "http://feedback.example.org/x")
        }
        #expect(throws: FeedbackEndpointError.self) { try HTTPFeedbackSender(endpoint: "ftp://example.org") }
        #expect(throws: FeedbackEndpointError.self) { try HTTPFeedbackSender(endpoint: "feedback") }
        #expect(throws: Never.self) { try HTTPFeedbackSender(endpoint: "https://feedback.example.org/notes") }
        #expect(throws: Never.self) { try HTTPFeedbackSender(endpoint: "http://localhost:8080/f") }
        var configuration = Configuration(appID: "org.example.Notes")
        configuration.feedbackEndpoint = "http://example.org/feedback"
        #expect(throws: ConfigurationError.self) { try configuration.validate() }
    }

    @Test("killed while sending: nothing is lost, and the message is stored exactly once")
    func killedMidSend() async throws {
        try receiver.plan(["hang"])
        let app = try TestAppProcess("send-feedback", stateFile: outboxFolder, receiver.endpoint)
        #expect(app.firstLine() == "queued")
        // Wait until the receiver has the message, then kill the app before it hears back.
        var waited = 0
        while try receiver.received().stored.isEmpty, waited < 200 {
            usleep(50_000)
            waited += 1
        }
        app.kill()
        #expect(FileManager.default.fileExists(atPath: outboxFolder + "/kill-test.json"))
        let next = try TestAppProcess.run("deliver-feedback", stateFile: outboxFolder, receiver.endpoint)
        #expect(next == "delivered=1 retrying=0")
        let received = try receiver.received()
        #expect(received.stored == ["kill-test"])
        #expect(received.attempts == ["kill-test", "kill-test"])
        #expect(!outboxFolder.folderEntries.contains { $0.hasSuffix(".json") })
    }
}

/// The language sent with feedback, as gettext picks it.
@Suite("Feedback locale")
struct FeedbackLocaleTests {
    @Test(
        "LANGUAGE first unless the locale is C; the encoding is dropped",
        arguments: [
            (["LANG": "de_DE.UTF-8"], "de_DE"),
            (["LANG": "de_DE.UTF-8", "LANGUAGE": "fr:de"], "fr"),
            (["LC_ALL": "pt_BR.UTF-8", "LANG": "de_DE.UTF-8"], "pt_BR"),
            (["LANG": "C.UTF-8", "LANGUAGE": "ja"], "ja"),
            (["LANG": "C", "LANGUAGE": "ja"], nil),
            (["LANG": "sr_RS.UTF-8@latin"], "sr_RS"),
            ([:], nil),
        ] as [([String: String], String?)])
    func locale(environment: [String: String], expected: String?) {
        #expect(SystemDetails.locale(environment: environment) == expected)
    }
}

/// The engine with a feedback endpoint: the satisfaction flow's form delivers through the outbox.
@MainActor
@Suite("Feedback to an endpoint")
struct FeedbackEndpointTests {
    @Test("the form's message reaches the endpoint with the app version and the user's language")
    func engineToEndpoint() async throws {
        let folder = try TemporaryFolder()
        let receiver = try LoopbackServer.feedbackReceiver()
        var settings = configuration {
            $0.asksSatisfactionFirst = true
            $0.feedbackEndpoint = receiver.endpoint
            $0.daysUntilPrompt = 0
            $0.usesUntilPrompt = 1
        }
        settings.appVersion = "3.0"
        let presenter = RecordingPresenter()
        presenter.satisfactionAnswer = .notEnjoying
        presenter.feedbackRequestAnswer = .giveFeedback
        let fixture = try EngineFixture(
            settings, presenter: presenter,
            environment: ["XDG_STATE_HOME": folder.path, "LANG": "de_DE.UTF-8", "HOME": folder.path])
        let outcome = await fixture.engine.appLaunched()?.value
        #expect(outcome == .answered(.sentFeedback))
        let stored = try receiver.received().stored
        #expect(stored.count == 1)
        #expect((folder.path + "/org.example.Notes/outbox").folderEntries.filter { $0.hasSuffix(".json") }.isEmpty)
        #expect(await fixture.engine.deliverPendingFeedback() == OutboxDelivery())
    }
}
