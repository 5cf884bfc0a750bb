import ArmchairCore
import Testing

/// The answers each message-style prompt offers, in the order every toolkit shows them.
@Suite("Prompt choices")
struct PromptChoiceTests {
    func content(_ adjust: (inout Configuration) -> Void = { _ in }) -> PromptContent {
        var configuration = Configuration(appID: "org.example.Chess")
        adjust(&configuration)
        return PromptContent(configuration: configuration, environment: [:])
    }

    @Test("the rating prompt: No, Thanks, Remind Me Later, Rate suggested and last")
    func rating() {
        let choices = content().ratingPrompt().choices
        #expect(choices.map(\.id) == ["decline", "remind-later", "rate"])
        #expect(choices.map(\.answer) == [.decline, .remindLater, .rate])
        #expect(choices.map(\.label) == ["_No, Thanks", "Remind Me _Later", "_Rate"])
        #expect(choices.filter(\.isSuggested).map(\.answer) == [.rate])
    }

    @Test("without reminders the rating prompt offers no Remind Me Later")
    func ratingWithoutReminders() {
        let choices = content { $0.daysBeforeReminding = 0 }.ratingPrompt().choices
        #expect(choices.map(\.answer) == [.decline, .rate])
    }

    @Test("the satisfaction question: Not Really, then Yes! suggested")
    func satisfaction() {
        let choices = content().satisfactionQuestion.choices
        #expect(choices.map(\.answer) == [.notEnjoying, .enjoying])
        #expect(choices.filter(\.isSuggested).map(\.answer) == [.enjoying])
    }

    @Test("an unhappy user is always offered the rating; it is suggested when feedback is not offered")
    func feedbackRequest() {
        let withFeedback = content().feedbackRequest(offersFeedback: true).choices
        #expect(withFeedback.map(\.answer) == [.decline, .rate, .giveFeedback])
        #expect(withFeedback.filter(\.isSuggested).map(\.answer) == [.giveFeedback])
        let withoutFeedback = content().feedbackRequest(offersFeedback: false).choices
        #expect(withoutFeedback.map(\.answer) == [.decline, .rate])
        #expect(withoutFeedback.filter(\.isSuggested).map(\.answer) == [.rate])
    }

    @Test("the thank-you has one Close button, suggested; overridden texts are the labels")
    func thankYouAndOverrides() {
        #expect(content().thankYou.choices.map(\.label) == ["_Close"])
        #expect(content().thankYou.choices.allSatisfy { $0.isSuggested })
        let custom = content {
            $0.texts.closeButton = "_Done"
            $0.texts.rateButton = "_Rate Chess"
        }
        #expect(custom.thankYou.choices.map(\.label) == ["_Done"])
        #expect(custom.ratingPrompt().choices.last?.label == "_Rate Chess")
    }

    @Test("response IDs are unique within each prompt")
    func uniqueIDs() {
        let prompts = [
            content().ratingPrompt().choices.map(\.id),
            content().satisfactionQuestion.choices.map(\.id),
            content().feedbackRequest(offersFeedback: true).choices.map(\.id),
        ]
        for ids in prompts { #expect(Set(ids).count == ids.count) }
    }
}
