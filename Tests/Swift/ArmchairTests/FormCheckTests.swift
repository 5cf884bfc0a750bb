import ArmchairCore
import Foundation
import Testing

/// What every toolkit's feedback and review forms show for what is typed: the counters, the error
/// styles, the reason Publish waits, and whether the submit button is enabled.
@Suite("Form checks")
struct FormCheckTests {
    let content = PromptContent(
        configuration: Configuration(appID: "org.example.Notes", appName: "Notes"), environment: [:])

    @Test("The feedback counter counts characters against the limit and turns to an error past it")
    func feedbackCounter() {
        var form = content.feedbackForm
        form.characterLimit = 10
        #expect(form.check(FeedbackDraft(text: "Margins")).counter.text == "7 / 10")
        #expect(!form.check(FeedbackDraft(text: "Margins")).counter.isOverLimit)
        let tooLong = form.check(FeedbackDraft(text: "Margins are lost"))
        #expect(tooLong.counter.isOverLimit && !tooLong.canSend)
    }

    @Test("Send needs a message and, when one is given, a real reply address")
    func feedbackSend() {
        let form = content.feedbackForm
        #expect(!form.check(FeedbackDraft(text: "  ")).canSend)
        #expect(form.check(FeedbackDraft(text: "Sync stops.")).canSend)
        let badAddress = form.check(FeedbackDraft(text: "Sync stops.", replyEmail: "not an address"))
        #expect(badAddress.emailIsInvalid && !badAddress.canSend)
        #expect(form.check(FeedbackDraft(text: "Sync stops.", replyEmail: "reader@example.org")).canSend)
    }

    @Test("A feedback body template (feedbackFormBody): placeholders filled, Send only once something is added")
    func feedbackBody() throws {
        var configuration = Configuration(appID: "org.example.Notes", appName: "Notes", appVersion: "2.4")
        configuration.texts.feedbackBody = "%1$s %2$s\nWhat I tried:\n"
        let form = PromptContent(configuration: configuration, environment: [:]).feedbackForm
        #expect(form.body == "Notes 2.4\nWhat I tried:\n")
        #expect(!form.check(FeedbackDraft(text: form.body)).canSend, "the template alone is nothing written")
        #expect(!form.check(FeedbackDraft(text: "Notes 2.4\n What I tried: \n\n")).canSend, "nor with spaces added")
        #expect(form.check(FeedbackDraft(text: form.body + "exporting a PDF")).canSend)
        #expect(content.feedbackForm.body.isEmpty, "no template: an empty form")

        let folder = try TemporaryFolder()
        try folder.file("notes.armchair").write("[Texts]\nfeedback-body=Version %2$s:\\n\n")
        let file = try ConfigurationFile(path: folder.file("notes.armchair"), appID: "org.example.Notes")
        #expect(file.settings.texts.feedbackBody == "Version %2$s:\n", "a key of the settings file's [Texts]")
    }

    @Test("The system details are listed one name and value a line")
    func systemDetails() {
        var form = content.feedbackForm
        form.systemDetails = [.init(name: "App", value: "Notes 2.4"), .init(name: "System", value: "Debian 12")]
        #expect(form.systemDetailsText == "App: Notes 2.4\nSystem: Debian 12")
    }

    @Test("Publish waits for the writing time, then for each problem in turn, then for an edit after a refusal")
    func reviewReasons() {
        let form = content.reviewForm(suggestedName: "Ada")
        let ready = ReviewDraft(
            stars: 4, summary: "Quick and tidy", description: "Opens instantly, every time.", displayName: "Ada")
        let early = form.check(ready, refusal: nil, hasSpentWritingTime: false)
        #expect(early.reason == form.takeMoreTime && !early.canPublish && !early.reasonIsRefusal)
        let canGo = form.check(ready, refusal: nil, hasSpentWritingTime: true)
        #expect(canGo.reason == nil && canGo.canPublish)
        var unrated = ready
        unrated.stars = 0
        #expect(
            form.check(unrated, refusal: nil, hasSpentWritingTime: true).reason == ReviewDraft.Problem.noRating.message)
        let refused = form.check(ready, refusal: "Already reviewed.", hasSpentWritingTime: true)
        #expect(refused.reason == "Already reviewed." && refused.reasonIsRefusal && !refused.canPublish)
    }

    @Test("The review counters count code points without the spaces at either end")
    func reviewCounters() {
        let form = content.reviewForm(suggestedName: "Ada")
        let check = form.check(
            ReviewDraft(summary: " Tidy ", description: "e\u{301}"), refusal: nil, hasSpentWritingTime: true)
        #expect(check.summaryCounter.text == "4 / \(ReviewDraft.Limits.summary.upperBound)")
        #expect(check.descriptionCounter.text == "2 / \(ReviewDraft.Limits.description.upperBound)")
    }
}
