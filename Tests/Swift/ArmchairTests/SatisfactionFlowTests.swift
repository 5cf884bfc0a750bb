import Armchair
import ArmchairTesting
import Foundation
import Synchronization
import Testing

/// The satisfaction flow: happy users are asked to rate, unhappy users may send feedback, and
/// every path still offers the rating.
@MainActor
@Suite("Satisfaction flow")
struct SatisfactionFlowTests {
    /// Messages a closure sender received.
    final class Inbox: Sendable {
        let messages = Mutex<[FeedbackMessage]>([])
        let failuresLeft = Mutex(0)
        var received: [FeedbackMessage] { messages.withLock { $0 } }
        var sender: ClosureFeedbackSender {
            ClosureFeedbackSender { message throws(FeedbackError) in
                if self.failuresLeft.withLock({ left in
                    defer { left = max(0, left - 1) }
                    return left > 0
                }) {
                    throw FeedbackError("The server did not answer.")
                }
                self.messages.withLock { $0.append(message) }
            }
        }
    }

    func flowFixture(
        satisfaction: SatisfactionAnswer, request: FeedbackRequestAnswer = .giveFeedback,
        _ adjust: (inout Configuration) -> Void = { _ in }
    ) throws -> (EngineFixture, CallCounter, Inbox) {
        let presenter = RecordingPresenter(answers: [.rate])
        presenter.satisfactionAnswer = satisfaction
        presenter.feedbackRequestAnswer = request
        let fixture = try EngineFixture(
            configuration {
                $0.asksSatisfactionFirst = true
                $0.appName = "Notes"
                adjust(&$0)
            }, presenter: presenter, environment: ["XDG_CURRENT_DESKTOP": "GNOME", "LANG": "de_DE.UTF-8"])
        let inbox = Inbox()
        fixture.engine.feedbackSender = inbox.sender
        let counter = CallCounter()
        let callbacks = fixture.engine.callbacks
        var recording = callbacks
        recording.willPromptSatisfaction = { counter.record("willPromptSatisfaction") }
        recording.didDisplayAlert = { counter.record("didDisplayAlert") }
        recording.willPromptFeedbackRequest = { counter.record("willPromptFeedbackRequest") }
        recording.userAgreedToSendFeedback = { counter.record("userAgreedToSendFeedback") }
        recording.userDeclinedToSendFeedback = { counter.record("userDeclinedToSendFeedback") }
        recording.didSendFeedback = { _ in counter.record("didSendFeedback") }
        recording.couldNotSendFeedback = { _ in counter.record("couldNotSendFeedback") }
        recording.willPresentThankYou = { counter.record("willPresentThankYou") }
        recording.didOptToRate = { counter.record("didOptToRate") }
        recording.didDeclineToRate = { counter.record("didDeclineToRate") }
        recording.didOptToRemindLater = { counter.record("didOptToRemindLater") }
        recording.didOpenStore = { counter.record("didOpenStore \($0)") }
        fixture.engine.callbacks = recording
        return (fixture, counter, inbox)
    }

    @Test("Enjoying leads to the rating prompt")
    func happyPath() async throws {
        let (fixture, counter, _) = try flowFixture(satisfaction: .enjoying)
        #expect(await fixture.engine.showPrompt()?.value == .answered(.rate))
        #expect(fixture.presenter.satisfactionQuestions.first?.title == "Enjoying Notes?")
        #expect(fixture.presenter.prompts.count == 1)
        #expect(fixture.presenter.feedbackRequests.isEmpty)
        #expect(
            counter.calls == [
                "willPromptSatisfaction", "didDisplayAlert", "didOptToRate",
                "didOpenStore appstream://org.example.Notes",
            ])
        #expect(fixture.engine.state.ratedThisVersion)
    }

    @Test("Not enjoying: feedback is sent, thanked for, and holds the prompt back like a decline")
    func feedbackPath() async throws {
        let (fixture, counter, inbox) = try flowFixture(satisfaction: .notEnjoying)
        #expect(await fixture.engine.showPrompt()?.value == .answered(.sentFeedback))
        let request = try #require(fixture.presenter.feedbackRequests.first)
        #expect(request.feedbackButton == "_Send Feedback…")
        #expect(request.rateButton == "_Rate Instead")
        #expect(fixture.presenter.prompts.isEmpty)
        #expect(fixture.presenter.thankYous.first?.message == "Your feedback helps make Notes better.")
        let message = try #require(inbox.received.first)
        #expect(message.text == "It crashes when I export.")
        #expect(message.replyEmail == nil)
        #expect(message.systemDetails == nil)
        #expect(message.appID == "org.example.Notes")
        #expect(
            counter.calls == [
                "willPromptSatisfaction", "willPromptFeedbackRequest", "userAgreedToSendFeedback", "didSendFeedback",
                "willPresentThankYou",
            ])
        let state = fixture.engine.state
        #expect(state.declinedThisVersion && !state.ratedThisVersion)
        #expect(fixture.engine.decision().gatesPassed == false)
    }

    @Test("Not enjoying: the rating is still offered, and choosing it rates")
    func rateInstead() async throws {
        let (fixture, counter, _) = try flowFixture(satisfaction: .notEnjoying, request: .rate)
        #expect(await fixture.engine.showPrompt()?.value == .answered(.rate))
        #expect(fixture.engine.state.ratedThisVersion)
        #expect(fixture.presenter.openedURIs == ["appstream://org.example.Notes"])
        #expect(counter.calls.suffix(2) == ["didOptToRate", "didOpenStore appstream://org.example.Notes"])
    }

    @Test("Not enjoying and no, thanks: declined, and both callbacks say so")
    func declineBoth() async throws {
        let (fixture, counter, _) = try flowFixture(satisfaction: .notEnjoying, request: .decline)
        #expect(await fixture.engine.showPrompt()?.value == .answered(.decline))
        #expect(counter.calls.suffix(2) == ["userDeclinedToSendFeedback", "didDeclineToRate"])
        #expect(fixture.engine.state.declinedThisVersion)
    }

    @Test(
        "Closing any step means not now",
        arguments: [(SatisfactionAnswer.dismissed, FeedbackRequestAnswer.giveFeedback), (.notEnjoying, .dismissed)])
    func dismissAnyStep(satisfaction: SatisfactionAnswer, request: FeedbackRequestAnswer) async throws {
        let (fixture, counter, _) = try flowFixture(satisfaction: satisfaction, request: request)
        #expect(await fixture.engine.showPrompt()?.value == .answered(.dismissed))
        let state = fixture.engine.state
        #expect(!state.declinedAnyVersion)
        #expect(state.lastRemindedDate != nil)
        #expect(counter.calls.last == "didOptToRemindLater")
    }

    @Test("Cancelling the form means not now")
    func cancelForm() async throws {
        let (fixture, _, inbox) = try flowFixture(satisfaction: .notEnjoying)
        fixture.presenter.feedbackDrafts = []
        #expect(await fixture.engine.showPrompt()?.value == .answered(.dismissed))
        #expect(inbox.received.isEmpty)
        #expect(!fixture.engine.state.declinedAnyVersion)
    }

    @Test("Closing the form while the sender waits cancels the sender's task; the prompt ends as not now")
    func closingTheFormCancelsTheSender() async throws {
        let (fixture, counter, _) = try flowFixture(satisfaction: .notEnjoying)
        let isSending = Mutex(false)
        fixture.engine.feedbackSender = ClosureFeedbackSender { _ throws(FeedbackError) in
            isSending.withLock { $0 = true }
            // A server that never answers: only the task's cancellation ends the wait.
            do { try await Task.sleep(for: .seconds(3600)) } catch { throw FeedbackError("Not sent: the form closed.") }
        }
        let prompt = try #require(fixture.engine.showPrompt())
        let deadline = ContinuousClock.now + .seconds(5)
        while !isSending.withLock({ $0 }), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        try #require(isSending.withLock { $0 }, "the form never sent")

        fixture.engine.closePrompt()
        #expect(await prompt.value == .answered(.dismissed))
        #expect(fixture.presenter.feedbackErrors == [FeedbackError("Not sent: the form closed.")])
        #expect(fixture.presenter.thankYous.isEmpty)
        #expect(counter.calls.suffix(3) == ["userAgreedToSendFeedback", "couldNotSendFeedback", "didOptToRemindLater"])
        #expect(!fixture.engine.state.declinedAnyVersion, "not now, never a decline")
    }

    @Test("Without a way to receive feedback, the request offers only rating or declining")
    func noSender() async throws {
        let (fixture, _, _) = try flowFixture(satisfaction: .notEnjoying, request: .decline)
        fixture.engine.feedbackSender = nil
        _ = await fixture.engine.showPrompt()?.value
        let request = try #require(fixture.presenter.feedbackRequests.first)
        #expect(request.feedbackButton == nil)
        #expect(!request.rateButton.isEmpty)
    }

    @Test("A draft that cannot be sent is explained, and nothing is sent until it is fixed")
    func draftProblems() async throws {
        let (fixture, _, inbox) = try flowFixture(satisfaction: .notEnjoying) { $0.feedbackCharacterLimit = 20 }
        fixture.presenter.feedbackDrafts = [
            FeedbackDraft(text: "   \n"),
            FeedbackDraft(text: String(repeating: "a", count: 21)),
            FeedbackDraft(text: "Export fails.", replyEmail: "me at example"),
            FeedbackDraft(text: " Export fails. ", replyEmail: " me@example.org "),
        ]
        #expect(await fixture.engine.showPrompt()?.value == .answered(.sentFeedback))
        #expect(
            fixture.presenter.feedbackErrors.map(\.message) == [
                "Please write a message.", "The message is 1 character too long.",
                "The reply address is not an email address.",
            ])
        #expect(inbox.received.map(\.text) == ["Export fails."])
        #expect(inbox.received.first?.replyEmail == "me@example.org")
    }

    @Test("A failed delivery is shown; Retry sends the same message once")
    func retryAfterFailure() async throws {
        let (fixture, counter, inbox) = try flowFixture(satisfaction: .notEnjoying)
        inbox.failuresLeft.withLock { $0 = 1 }
        fixture.presenter.feedbackDrafts = [FeedbackDraft(text: "Slow start."), FeedbackDraft(text: "Slow start.")]
        #expect(await fixture.engine.showPrompt()?.value == .answered(.sentFeedback))
        #expect(fixture.presenter.feedbackErrors.map(\.message) == ["The server did not answer."])
        #expect(inbox.received.map(\.text) == ["Slow start."])
        #expect(counter.calls.contains("couldNotSendFeedback"))
    }

    @Test("System details are sent only when chosen, exactly as the form showed them")
    func systemDetails() async throws {
        let (fixture, _, inbox) = try flowFixture(satisfaction: .notEnjoying)
        fixture.presenter.feedbackDrafts = [FeedbackDraft(text: "Crash on save.", includesSystemDetails: true)]
        _ = await fixture.engine.showPrompt()?.value
        let shown = try #require(fixture.presenter.feedbackForms.first?.systemDetails)
        #expect(inbox.received.first?.systemDetails == shown)
        #expect(shown.first == SystemDetail(name: "App", value: "Notes (org.example.Notes)"))
        #expect(shown.contains(SystemDetail(name: "App version", value: "1.0")))
        #expect(shown.contains(SystemDetail(name: "Desktop", value: "GNOME")))
        #expect(shown.contains(SystemDetail(name: "Language", value: "de_DE.UTF-8")))
    }

    @Test("With feedbackEmail, the mail client opens with the message percent-encoded")
    func mailto() async throws {
        let (fixture, _, _) = try flowFixture(satisfaction: .notEnjoying) { $0.feedbackEmail = "dev+notes@example.org" }
        fixture.engine.feedbackSender = nil
        fixture.presenter.feedbackDrafts = [FeedbackDraft(text: "Ça plante & ferme\nsouvent?", replyEmail: "a@b.org")]
        #expect(await fixture.engine.showPrompt()?.value == .answered(.sentFeedback))
        let uri = try #require(fixture.presenter.openedURIs.first)
        #expect(uri.hasPrefix("mailto:dev%2Bnotes@example.org?subject=Feedback%20on%20Notes&body="))
        #expect(uri.contains("%C3%87a%20plante%20%26%20ferme%0D%0Asouvent%3F"))
        #expect(uri.contains("Reply%20to%3A%20a%40b.org"))
        #expect(!uri.contains(" ") && !uri.contains("\n"))
    }

    @Test("A mail client that cannot open is a delivery error the user can retry")
    func mailtoFails() async throws {
        let (fixture, _, _) = try flowFixture(satisfaction: .notEnjoying) { $0.feedbackEmail = "dev@example.org" }
        fixture.engine.feedbackSender = nil
        fixture.presenter.feedbackDrafts = [FeedbackDraft(text: "Hello")]
        let uri = MailtoFeedbackSender.uri(
            for: FeedbackMessage(
                id: "x", appID: "org.example.Notes", appName: "Notes", text: "Hello", replyEmail: nil,
                systemDetails: nil, date: Date()), to: "dev@example.org")
        #expect(uri.hasPrefix("mailto:dev@example.org?subject="))
        let failing = FailingMailPresenter(base: fixture.presenter)
        fixture.engine.presenter = failing
        #expect(await fixture.engine.showPrompt()?.value == .answered(.dismissed))
        #expect(fixture.presenter.feedbackErrors.first?.message.hasPrefix("No email app could be opened") == true)
    }

    @Test("Feedback settings are validated")
    func validation() {
        var configuration = Configuration(appID: "org.example.Notes")
        configuration.feedbackEmail = "not an address"
        configuration.feedbackCharacterLimit = 0
        let error = #expect(throws: ConfigurationError.self) { try configuration.validate() }
        // The ranges come first, in the order settings/settings.toml declares them.
        #expect(error?.problems.map(\.setting) == ["feedbackCharacterLimit", "feedbackEmail"])
    }
}

/// Forwards to a recording presenter but cannot open `mailto:` addresses.
@MainActor
final class FailingMailPresenter: RatingPresenter {
    let base: RecordingPresenter
    init(base: RecordingPresenter) { self.base = base }
    func presentRatingPrompt(_ prompt: RatingPrompt) async -> RatingAnswer { await base.presentRatingPrompt(prompt) }
    func presentSatisfactionQuestion(_ question: SatisfactionQuestion) async -> SatisfactionAnswer {
        await base.presentSatisfactionQuestion(question)
    }
    func presentFeedbackRequest(_ request: FeedbackRequest) async -> FeedbackRequestAnswer {
        await base.presentFeedbackRequest(request)
    }
    func presentFeedbackForm(
        _ form: FeedbackForm, send: @escaping @MainActor (FeedbackDraft) async -> FeedbackError?
    ) async -> FeedbackFormOutcome { await base.presentFeedbackForm(form, send: send) }
    func presentThankYou(_ thanks: ThankYou) async { await base.presentThankYou(thanks) }
    func openURI(_ uri: String) async throws(OpenURIError) {
        if uri.hasPrefix("mailto:") { throw OpenURIError(uri: uri, reason: "no handler for mailto") }
        try await base.openURI(uri)
    }
}

/// A presenter that shows only the rating prompt.
@MainActor
final class RatingOnlyPresenter: RatingPresenter {
    private(set) var prompts = 0
    func presentRatingPrompt(_ prompt: RatingPrompt) async -> RatingAnswer {
        prompts += 1
        return .remindLater
    }
    func openURI(_ uri: String) async throws(OpenURIError) {}
}

@MainActor
@Suite("Presenters without the satisfaction steps")
struct RatingOnlyPresenterTests {
    @Test("Turning the satisfaction flow on with a rating-only presenter goes straight to the rating prompt")
    func defaultsNeverHideTheRating() async throws {
        let presenter = RatingOnlyPresenter()
        let engine = try RatingEngine(
            configuration: configuration { $0.asksSatisfactionFirst = true }, store: InMemoryStore(),
            presenter: presenter, clock: ManualWallClock(), environment: [:])
        #expect(await engine.showPrompt()?.value == .answered(.remindLater))
        #expect(presenter.prompts == 1)
    }
}
