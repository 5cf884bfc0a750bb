import Armchair
import ArmchairTesting
import Foundation
import TestProcesses
import Testing

@testable import ArmchairCore
@testable import ArmchairDelivery

/// Input from outside (files on disk, settings, arguments from the app, the environment) that
/// once stopped the host app with a Swift trap. Each must now give an error or an answer.
@Suite("Nothing from outside stops the app")
struct HostSafetyTests {
    let folder: TemporaryFolder
    let clock = ManualWallClock()

    init() throws { folder = try TemporaryFolder() }

    private var outboxFolder: String { folder.file("outbox") }

    private func message(_ id: String) -> FeedbackMessage {
        FeedbackMessage(
            id: id, appID: "org.example.Notes", appName: "Notes", text: "The sidebar hides my notes.",
            replyEmail: nil, systemDetails: nil, date: Date(timeIntervalSince1970: 1_795_000_000))
    }

    /// Writes `entry` as the outbox file `name`, as an earlier run (or anyone) could have left it.
    private func writeEntry(_ entry: OutboxEntry<FeedbackMessage>, named name: String) throws {
        try FileManager.default.createDirectory(atPath: outboxFolder, withIntermediateDirectories: true)
        try Data(JSONValueEncoder(layout: .prettyPrinted).encode(entry))
            .write(to: URL(fileURLWithPath: outboxFolder + "/" + name))
    }

    private static let offline = ClosureFeedbackSender { _ throws(FeedbackError) in throw FeedbackError("offline") }
    private static let refusing = ClosureFeedbackSender { _ throws(FeedbackError) in
        throw FeedbackError("HTTP 400", isPermanent: true)
    }

    // MARK: The outbox

    @Test("an outbox entry whose try count is at its largest fails again and waits, without overflowing")
    func attemptsAtTheirLargest() async throws {
        let outbox = FeedbackOutbox(folder: outboxFolder)
        try writeEntry(
            OutboxEntry(message: message("m-max"), attempts: .max, nextAttempt: clock.now, lastError: nil),
            named: "m-max.json")
        let report = await outbox.deliverDue(through: Self.offline, now: clock.now)
        #expect(report.retrying == ["m-max"])
        let entry = try #require(outbox.pending().first)
        #expect(entry.attempts == .max)
        #expect(entry.nextAttempt == clock.now.addingTimeInterval(RetrySchedule.maximumDelay))

        // Refused with the counter at its largest: kept in failed/, as any refusal.
        let refused = await outbox.deliverDue(through: Self.refusing, now: clock.now, includingNotDue: true)
        #expect(refused.refused == ["m-max"])
        #expect(outbox.refusal(of: "m-max") == "HTTP 400")
    }

    @Test("a refused message is kept in failed/ under its own file's name, never under the ID written in it")
    func refusedMessageStaysInItsFolder() async throws {
        let outbox = FeedbackOutbox(folder: outboxFolder)
        try writeEntry(
            OutboxEntry(message: message("../../escaped"), attempts: 0, nextAttempt: clock.now, lastError: nil),
            named: "planted.json")
        let report = await outbox.deliverDue(through: Self.refusing, now: clock.now)
        #expect(report.refused == ["../../escaped"])
        #expect(outboxFolder.folderEntries == ["failed"])
        #expect((outboxFolder + "/failed").folderEntries == ["planted.json"])
        #expect(!FileManager.default.fileExists(atPath: folder.file("escaped.json")))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/../escaped.json"))
    }

    @Test("an ID that is not a plain name is refused when queued; IDs with dots are kept and found again")
    func messageIDs() async throws {
        let outbox = FeedbackOutbox(folder: outboxFolder)
        for id in ["../x", "a/b", "", ".hidden", String(repeating: "x", count: 200), "a b"] {
            let error = #expect(throws: OutboxError.self) { try outbox.enqueue(message(id), now: clock.now) }
            #expect(error?.kind == .invalidID)
        }
        #expect(outboxFolder.folderEntries.isEmpty)

        try outbox.enqueue(message("review-org.example.X"), now: clock.now)
        try outbox.enqueue(message("review-org_example_X"), now: clock.now)
        #expect(outbox.pending().map(\.message.id).sorted() == ["review-org.example.X", "review-org_example_X"])
        let report = await outbox.deliver("review-org.example.X", through: Self.refusing, now: clock.now)
        #expect(report.refused == ["review-org.example.X"])
        #expect(outbox.refusal(of: "review-org.example.X") == "HTTP 400")
        #expect(outbox.refusal(of: "review-org_example_X") == nil)
        #expect(outbox.pending().map(\.message.id) == ["review-org_example_X"])
    }

    // MARK: Delivery

    @Test(
        "a timeout of any value is bounded, and sending to a closed port ends with an error",
        arguments: [Double.infinity, -.infinity, .nan, 1e300, 1.7e20, -5, 0])
    func timeouts(timeout: Double) async throws {
        let sender = try HTTPFeedbackSender(endpoint: "http://127.0.0.1:9/feedback", timeout: timeout)
        #expect((1...3_600).contains(sender.timeout))
        await #expect(throws: FeedbackError.self) { try await sender.send(message("m-timeout")) }
        let client = try ODRSClient(server: "http://127.0.0.1:9/1.0/reviews/api", timeout: timeout)
        #expect((1...3_600).contains(client.timeout))
    }

    // MARK: Reviews

    @Test("a review of a draft with any number of stars carries a rating from 0 to 100")
    func reviewRatings() throws {
        let publisher = try ReviewPublisher(
            configuration: Configuration(appID: "org.example.Notes"),
            identity: ReviewerIdentity(
                userHash: String(repeating: "a", count: 40), suggestedName: "Ada", distro: "Debian"),
            outbox: ReviewOutbox(folder: folder.file("reviews")), environment: [:], clock: clock)
        for stars in [Int.min, -1, 0, 3, 6, Int.max] {
            let review = publisher.review(of: ReviewDraft(stars: stars), id: "r")
            #expect((0...100).contains(review.rating), "\(stars) stars gave \(review.rating)")
        }
        #expect(publisher.review(of: ReviewDraft(stars: 4), id: "r").rating == 80)
    }

    @Test("a destination needs an address: an empty list gives none instead of stopping the app")
    func emptyDestination() {
        #expect(ReviewDestination(addresses: []) == nil)
        #expect(
            ReviewDestination(addresses: ["appstream://org.example.Notes"])?.primary == "appstream://org.example.Notes")
    }

    @Test("a review form with fewer texts than stars still names every star and rating")
    func shortReviewForm() {
        var form = PromptContent(configuration: Configuration(appID: "org.example.Notes"), environment: [:])
            .reviewForm(suggestedName: "Ada")
        #expect(form.starName(forStars: 4) == "4 stars")
        #expect(form.ratingDescription(forStars: 4) == "Like it")
        form.starNames = []
        form.ratingDescriptions = ["Pick one"]
        for stars in [-1, 0, 1, 5, 6, Int.max] {
            #expect(!form.starName(forStars: stars).isEmpty)
            _ = form.ratingDescription(forStars: stars)
        }
        #expect(form.ratingDescription(forStars: 0) == "Pick one")
        #expect(form.starName(forStars: 3) == "3")
    }

    // MARK: The environment

    @Test("the environment is read as the C library holds it: split at the first =, in UTF-8")
    func environmentEntries() {
        setenv("ARMCHAIR_TEST_ENTRY", "a=b=ü ", 1)
        defer { unsetenv("ARMCHAIR_TEST_ENTRY") }
        let environment = ProcessEnvironment.current
        #expect(environment["ARMCHAIR_TEST_ENTRY"] == "a=b=ü ")
        #expect(environment["PATH"] == getenv("PATH").map { String(cString: $0) })
        #expect(environment.keys.allSatisfy { !$0.contains("=") })
    }

    @Test("an app that cleared its environment gets an empty one, not a crash")
    func clearedEnvironment() throws {
        let output = try TestAppProcess.run("clearenv", stateFile: folder.file("state.ini"), "-")
        #expect(output == "uses=1 title=Rate Notes")
    }
}

/// Files that are not files: a FIFO, a socket or a device where the state or settings file should
/// be. Opening one to read could wait for ever; each is refused at once, and the app goes on.
@Suite("Odd files")
struct OddFileTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// Runs `program` with `arguments`, and returns its status and output (standard error
    /// included), or `nil` if it was still running after 15 seconds (then it is killed).
    func run(_ program: String, _ arguments: [String], environment: [String: String]? = nil) throws
        -> ChildProcess.Result?
    {
        do {
            return try ChildProcess.run(
                program, arguments, environment: environment, folder: folder.path, errors: .mergedIntoOutput,
                timeout: .seconds(15))
        } catch is ChildProcess.TimedOut {
            return nil
        }
    }

    @Test("a FIFO at the state file's place: the app counts its launch and goes on, at once")
    func stateFIFO() throws {
        let path = folder.file("armchair.ini")
        #expect(mkfifo(path, 0o600) == 0)
        let result = try #require(try run(TestAppProcess.path, ["count", path, "1"]), "the app hung on the FIFO")
        #expect(result.status == 0)
        #expect(result.output.contains("saved"))
        #expect(folder.path.folderEntries.contains { $0.hasPrefix("armchair.ini.unusable-") }, "moved aside")
        guard case .values(let values) = KeyFileStore(path: path).inspect() else {
            Issue.record("no state written")
            return
        }
        #expect(values["org.example.Notes.use-count"] == "1")
    }

    @Test("a FIFO as the state or settings file: armchair says what it is, at once")
    func toolAndFIFOs() throws {
        let tool = ToolProcess(folder: folder.path)
        try FileManager.default.createDirectory(
            atPath: folder.file("state/org.example.Notes"), withIntermediateDirectories: true)
        #expect(mkfifo(tool.statePath("org.example.Notes"), 0o600) == 0)
        let status = try #require(
            try run(ToolProcess.path, ["status", "org.example.Notes"], environment: tool.environment), "status hung")
        #expect(status.status == 2)
        #expect(status.output.contains("it is a FIFO, not a regular file"), "\(status.output)")

        #expect(mkfifo(folder.file("settings.armchair"), 0o600) == 0)
        let explain = try #require(
            try run(
                ToolProcess.path, ["explain", "org.example.Other", "--config", "settings.armchair"],
                environment: tool.environment), "explain hung")
        #expect(explain.status == 2)
        #expect(explain.output.contains("it is a FIFO, not a regular file"), "\(explain.output)")
    }
}
