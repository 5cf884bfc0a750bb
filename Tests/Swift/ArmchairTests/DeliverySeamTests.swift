import Armchair
import ArmchairTesting
import Testing

/// The engine's network comes from its delivery: `Armchair`'s initializer wires it, and an engine
/// made from ArmchairCore with `delivery: nil` offers nothing that would need it.
@MainActor
@Suite("Delivery seam")
struct DeliverySeamTests {
    /// An engine for an unhappy user who chooses to rate, with a feedback endpoint and in-app
    /// reviews set: from `Armchair`'s initializer when `wired`, else from ArmchairCore's with no
    /// delivery.
    func unhappyUserRates(wired: Bool) throws -> RatingEngine {
        let presenter = RecordingPresenter()
        presenter.satisfactionAnswer = .notEnjoying
        presenter.feedbackRequestAnswer = .rate
        let configuration = configuration {
            $0.asksSatisfactionFirst = true
            $0.feedbackEndpoint = "http://127.0.0.1:9/feedback"
            $0.inAppReviews = true
        }
        let environment = ["XDG_STATE_HOME": "/nonexistent"]
        return
            wired
            ? try RatingEngine(
                configuration: configuration, store: InMemoryStore(), presenter: presenter, environment: environment)
            : try RatingEngine(
                configuration: configuration, store: InMemoryStore(), presenter: presenter, environment: environment,
                delivery: nil)
    }

    @Test("Armchair's initializer wires the network: the feedback endpoint is offered")
    func wired() async throws {
        let engine = try unhappyUserRates(wired: true)
        _ = await engine.showPrompt()?.value
        let presenter = try #require(engine.presenter as? RecordingPresenter)
        #expect(presenter.feedbackRequests.first?.feedbackButton != nil)
    }

    @Test("Without delivery nothing needs the network: no feedback form is offered, Rate opens the software centre")
    func withoutDelivery() async throws {
        let engine = try unhappyUserRates(wired: false)
        #expect(engine.reviewPublisher == nil)
        #expect(await engine.showPrompt()?.value == .answered(.rate))
        let presenter = try #require(engine.presenter as? RecordingPresenter)
        #expect(presenter.feedbackRequests.first?.feedbackButton == nil)
        #expect(presenter.reviewForms.isEmpty)
        #expect(presenter.openedURIs == ["appstream://org.example.Notes"])
        #expect(await engine.deliverPendingFeedback() == nil)
    }
}
