import Armchair
import ArmchairTesting
import Foundation
import TestProcesses
import TestServers
import Testing

@testable import ArmchairCore
@testable import ArmchairDelivery

/// The identifiers reviews depend on: SHA-1 and GNOME Software's user hash.
@Suite("Reviewer identity")
struct ReviewerIdentityTests {
    @Test(
        "SHA-1 matches the FIPS 180 examples",
        arguments: [
            ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
            ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "84983e441c3bd26ebaae4aa1f95129e5e54670f1"
            ),
            (String(repeating: "a", count: 1_000_000), "34aa973cd4c4daa4f61eeb2bdbad27316534016f"),
        ])
    func sha1(input: String, digest: String) {
        #expect(SHA1.hexDigest(Array(input.utf8)) == digest)
    }

    @Test("the user hash is the one GLib computes as GNOME Software does, machine-id newline included")
    func userHashMatchesGLib() throws {
        let identity = try #require(ReviewerIdentity.current())
        let script = """
            from gi.repository import GLib
            data = open("/etc/machine-id").read()
            salted = "gnome-software[%s:%s]" % (GLib.get_user_name(), data)
            print(GLib.compute_checksum_for_string(GLib.ChecksumType.SHA1, salted, -1))
            """
        let glib = try ChildProcess.run("/usr/bin/python3", ["-c", script]).output
        #expect(identity.userHash == glib.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(identity.userHash.count == 40 && identity.userHash.allSatisfy(\.isHexDigit))
        // The newline is part of what is hashed: without it the hash differs.
        let bare = Array(try String(contentsOfFile: "/etc/machine-id", encoding: .utf8).utf8.dropLast())
        #expect(
            ReviewerIdentity.userHash(userName: Account.current(environment: [:]).userName, machineID: bare)
                != identity.userHash)
    }

    @Test("a LOGNAME naming another account is ignored, as GLib ignores it")
    func logNameOfAnotherUser() {
        let own = Account.current(environment: [:]).userName
        #expect(Account.current(environment: ["LOGNAME": own == "nobody" ? "root" : "nobody"]).userName == own)
    }

    @Test("no machine ID: no identity, so no review form")
    func noMachineID() {
        #expect(ReviewerIdentity.current(machineIDPath: "/nonexistent/machine-id") == nil)
    }

    @Test(
        "versions are trimmed as the service stores them",
        arguments: [
            ("1:2.4.1+deb12u1", "2.4.1"), ("3.0~beta2", "3.0"), ("45.2", "45.2"), (nil, "unknown"), ("2:", "unknown"),
        ] as [(String?, String)])
    func version(raw: String?, trimmed: String) {
        #expect(ODRSReview.trimmedVersion(raw) == trimmed)
    }
}

/// The review form's live checks, at every boundary.
@Suite("Review draft")
struct ReviewDraftTests {
    private func draft(stars: Int = 4, summary: Int = 20, description: Int = 40, name: String = "Ada") -> ReviewDraft {
        ReviewDraft(
            stars: stars, summary: String(repeating: "é", count: summary),
            description: String(repeating: "ß", count: description), displayName: name)
    }

    @Test("a complete draft has no problem")
    func valid() { #expect(draft().problems.isEmpty) }

    @Test("stars: 1 to 5", arguments: [(0, false), (1, true), (5, true), (6, false)])
    func stars(stars: Int, valid: Bool) { #expect(draft(stars: stars).problems.isEmpty == valid) }

    @Test(
        "summary: 3 to 70 code points, not bytes",
        arguments: [(2, ReviewDraft.Problem.summaryTooShort), (3, nil), (70, nil), (71, .summaryTooLong)])
    func summary(length: Int, problem: ReviewDraft.Problem?) {
        #expect(draft(summary: length).problems == (problem.map { [$0] } ?? []))
    }

    @Test(
        "description: 15 to 3000 characters",
        arguments: [(14, ReviewDraft.Problem.descriptionTooShort), (15, nil), (3000, nil), (3001, .descriptionTooLong)])
    func description(length: Int, problem: ReviewDraft.Problem?) {
        #expect(draft(description: length).problems == (problem.map { [$0] } ?? []))
    }

    @Test(
        "lengths are counted in code points, as the service counts them, not in letters as shown",
        arguments: [
            (String(repeating: "e\u{301}", count: 35), true),  // 35 letters é, 70 code points
            (String(repeating: "e\u{301}", count: 36), false),  // 36 letters, 72 code points
            ("Great for the whole family " + String(repeating: "👨‍👩‍👧‍👦", count: 7), false),  // 34 shown, 76 counted
            ("यह ऐप बहुत अच्छा है और मैं इसे हर दिन इस्तेमाल करता हूँ, धन्यवाद!! बढ़िया", false),  // 73 code points
            ("यह ऐप बहुत अच्छा है और मैं इसे हर दिन इस्तेमाल करता हूँ, धन्यवाद!!", true),  // 66
        ])
    func codePoints(summary: String, accepted: Bool) {
        var draft = draft()
        draft.summary = summary
        #expect(draft.summary.count <= 70, "shown as at most 70 letters")
        #expect(draft.problems.isEmpty == accepted, "\(draft.summaryLength) code points")
        #expect(draft.summaryLength == summary.unicodeScalars.count)
    }

    @Test("spaces at either end do not count; a name is required; “<” is refused")
    func trimmingNameAndMarkup() {
        var padded = draft(summary: 2)
        padded.summary = "   " + padded.summary + "   "
        #expect(padded.problems == [.summaryTooShort])
        #expect(draft(name: "  ").problems == [.noDisplayName])
        var markup = draft()
        markup.description += " <b>bold</b>"
        #expect(markup.problems == [.markup])
        #expect(ReviewDraft.Problem.markup.message.contains("<"))
    }
}

/// Publishing to an ODRS-compatible server on loopback that enforces the service's checks.
@MainActor
@Suite("In-app reviews", .serialized)
struct InAppReviewTests {
    let folder: TemporaryFolder
    let server: LoopbackServer
    var api: String { server.root + "/1.0/reviews/api" }
    let good = ReviewDraft(
        stars: 4, summary: "Quick and tidy", description: "Opens instantly and never loses a note.", displayName: "Ada")

    init() throws {
        folder = try TemporaryFolder()
        server = try LoopbackServer.reviewService()
    }

    private func fixture(server api: String? = nil, drafts: [ReviewDraft]) throws -> EngineFixture {
        var settings = configuration {
            $0.inAppReviews = true
            $0.reviewServer = api ?? self.api
            $0.daysUntilPrompt = 0
            $0.usesUntilPrompt = 1
        }
        settings.appVersion = "1:2.4.1+deb12u1"
        let presenter = RecordingPresenter(answers: [.rate])
        presenter.reviewDrafts = drafts
        return try EngineFixture(
            settings, presenter: presenter,
            environment: ["XDG_STATE_HOME": folder.path, "LANG": "de_DE.UTF-8", "HOME": folder.path])
    }

    private var reviews: [[String: Any]] { (try? server.json("/reviews") as? [[String: Any]]) ?? [] }
    private var outbox: String { folder.path + "/org.example.Notes/review-outbox" }

    @Test("Rate opens the form; the review passes the service's checks with every field GNOME Software sends")
    func published() async throws {
        let fixture = try fixture(drafts: [good])
        #expect(await fixture.engine.appLaunched()?.value == .answered(.rate))
        let review = try #require(reviews.first)
        let identity = try #require(ReviewerIdentity.current())
        #expect(review["app_id"] as? String == "org.example.Notes")
        #expect(review["rating"] as? Int == 80)
        #expect(review["summary"] as? String == "Quick and tidy")
        #expect(review["user_hash"] as? String == identity.userHash)
        #expect(review["version"] as? String == "2.4.1")
        #expect(review["distro"] as? String == SystemDetails.osRelease("NAME"))
        #expect(review["locale"] as? String == "de_DE")
        #expect(review["user_display"] as? String == "Ada")
        #expect(
            Set(review.keys).subtracting(["review_id"]) == [
                "app_id", "locale", "summary", "description", "user_hash", "version", "distro", "rating",
                "user_display",
            ])
        #expect(fixture.engine.state.ratedThisVersion)
        #expect(fixture.presenter.openedURIs.isEmpty)
        #expect(fixture.presenter.reviewForms.first?.consent.contains("127.0.0.1") == true)
        #expect(fixture.presenter.thankYous.map(\.title) == [ReviewStrings.publishedTitle])
        #expect(outbox.folderEntries.filter { $0.hasSuffix(".json") }.isEmpty)
    }

    @Test("already reviewed: nothing is stored twice, the user is told, and the app counts as rated")
    func alreadyReviewed() async throws {
        _ = try await fixture(drafts: [good]).engine.appLaunched()?.value
        let second = try fixture(drafts: [good])
        #expect(await second.engine.writeReview()?.value == .alreadyReviewed)
        #expect(reviews.count == 1)
        #expect(second.presenter.thankYous.map(\.title) == [ReviewStrings.alreadyReviewedTitle])
        #expect(second.engine.state.ratedThisVersion)
    }

    @Test("a refusal is shown in the form with the service's reason; cancelling is “not now”")
    func refused() async throws {
        try server.plan(["banned"])
        let fixture = try fixture(drafts: [good])
        #expect(await fixture.engine.appLaunched()?.value == .answered(.dismissed))
        #expect(
            fixture.presenter.reviewErrors == [
                DefaultStrings.format(ReviewStrings.refused, "account has been disabled due to abuse")
            ])
        #expect(!fixture.engine.state.ratedThisVersion && !fixture.engine.state.declinedThisVersion)
        #expect((outbox + "/failed").folderEntries.count == 1)
    }

    @Test(
        "offline or failing: the review waits in the outbox, the user is told, and it is published once later",
        arguments: ["500", "reset"])
    func queuedThenPublished(fault: String) async throws {
        try server.plan([fault])
        let fixture = try fixture(drafts: [good])
        #expect(await fixture.engine.appLaunched()?.value == .answered(.rate))
        #expect(reviews.isEmpty)
        #expect(fixture.presenter.thankYous.map(\.message) == [ReviewStrings.queuedMessage])
        #expect(outbox.folderEntries.filter { $0.hasSuffix(".json") }.count == 1)
        #expect(fixture.engine.state.ratedThisVersion)

        fixture.clock.advance(seconds: RetrySchedule.maximumDelay)
        let report = try #require(await fixture.engine.deliverPendingReviews())
        #expect(report.delivered.count == 1)
        #expect(reviews.count == 1)
        #expect(await fixture.engine.deliverPendingReviews() == OutboxDelivery())
    }

    @Test("no server at all: queued, not lost")
    func serverDown() async throws {
        let fixture = try fixture(server: "http://127.0.0.1:9/1.0/reviews/api", drafts: [good])
        #expect(await fixture.engine.appLaunched()?.value == .answered(.rate))
        #expect((fixture.engine.reviewPublisher as? ReviewPublisher)?.outbox.pending().count == 1)
    }

    @Test("a presenter without a review form falls back to the software centre")
    func noForm() async throws {
        let fixture = try fixture(drafts: [])
        #expect(await fixture.engine.appLaunched()?.value == .answered(.rate))
        #expect(fixture.presenter.openedURIs == ["appstream://org.example.Notes"])
        #expect(reviews.isEmpty)
    }

    /// Each check the service documents, with the reason the user is shown.
    @Test(
        "the service's own checks refuse what the form would never send",
        arguments: [
            ("distro", "missing data, expected distro"),
            ("rating-zero", "missing data, expected rating"),
            ("rating-high", "review contains invalid rating '120', expected 1 to 100"),
            ("hash", "the user_hash is invalid"),
            ("summary", "summary is too long"),
            ("description", "description is too long"),
            ("markup", "summary is not a valid string"),
            ("cleaned", "summary is too short"),
        ])
    func serviceChecks(field: String, reason: String) async throws {
        let client = try ODRSClient(server: api)
        var review = try #require(try fixture(drafts: []).engine.reviewPublisher as? ReviewPublisher).review(
            of: good, id: "r-1")
        switch field {
        case "distro": review.distro = ""
        case "rating-zero": review.rating = 0
        case "rating-high": review.rating = 120
        case "hash": review.userHash = String(review.userHash.dropLast())
        case "summary": review.summary = String(repeating: "x", count: 71)
        case "description": review.description = String(repeating: "x", count: 3001)
        case "cleaned": review.summary = "a."  // the service removes the final "." and finds one letter
        default: review.summary = "<b>great</b>"
        }
        #expect(await client.submit(review) == .refused(reason))
        #expect(reviews.isEmpty)
    }

    @Test("a taboo word in the review is refused by the service, and the form shows why")
    func taboo() async throws {
        _ = try server.request(
            "POST", "/taboos",
            body: try JSONSerialization.data(withJSONObject: ["taboos": [["locale": "de", "value": "mist"]]]))
        var rude = good
        rude.description = "Opens instantly, but the sync is Mist."
        let fixture = try fixture(drafts: [rude])
        #expect(await fixture.engine.appLaunched()?.value == .answered(.dismissed))
        #expect(
            fixture.presenter.reviewErrors == [
                DefaultStrings.format(ReviewStrings.refused, "review contains taboo word")
            ])
        #expect(reviews.isEmpty)
    }

    @Test("armchair review submit: an unreachable server is status 5 and keeps nothing, unless --queue")
    func commandLineUnreachable() throws {
        let tool = ToolProcess(folder: folder.path)
        let arguments = [
            "review", "submit", "--server", "http://127.0.0.1:9/1.0/reviews/api", "--app-id", "org.example.Notes",
            "--rating", "4", "--summary", "Quick and tidy", "--description", "Opens instantly and never loses a note.",
        ]
        let down = try tool.run(arguments)
        #expect(down.status == 5)
        #expect(down.errors.contains("Not published, and nothing was kept"))
        let outbox = folder.path + "/state/org.example.Notes/review-outbox"
        #expect(outbox.folderEntries.isEmpty)
        let queued = try tool.run(arguments + ["--queue"])
        #expect(queued.status == 0, "\(queued.errors)")
        #expect(queued.output.contains("queued in \(outbox)"))
        #expect(outbox.folderEntries.filter { $0.hasSuffix(".json") }.count == 1)
    }

    @Test("what the tool prints and its error keep their order when both go to one file")
    func outputOrder() throws {
        let tool = ToolProcess(folder: folder.path)
        let command =
            "\(ToolProcess.path) review submit --server http://127.0.0.1:9/x --app-id org.example.Notes --rating 4 "
            + "--summary 'Quick and tidy' --description 'Opens instantly and never loses a note.' > out.txt 2>&1"
        let result = try tool.run(["-c", command], launcher: ["/bin/sh"], direct: true)
        #expect(result.status == 5)
        let lines = try #require(folder.file("out.txt").fileContents).split(separator: "\n")
        #expect(lines.first?.hasPrefix("Sending to") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("Not published") == true, "\(lines)")
    }

    @Test("armchair review submit publishes, then reports the service's refusal with status 4")
    func commandLine() throws {
        let tool = ToolProcess(folder: folder.path)
        let arguments = [
            "review", "submit", "--server", api, "--app-id", "org.example.Notes", "--rating", "5",
            "--summary", "Quick and tidy", "--description", "Opens instantly and never loses a note.",
            "--version", "2.4.1", "--name", "Ada",
        ]
        let first = try tool.run(arguments)
        #expect(first.status == 0)
        #expect(first.output.contains("Published."))
        #expect(reviews.first?["rating"] as? Int == 100)
        let again = try tool.run(arguments)
        #expect(again.status == 4)
        #expect(again.errors.contains("already has a review"))
        let invalid = try tool.run(arguments.map { $0 == "5" ? "6" : $0 })
        #expect(invalid.status == 2)
        #expect(reviews.count == 1)
    }
}
