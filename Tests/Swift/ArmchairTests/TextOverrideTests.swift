import Armchair
import Foundation
import TestProcesses
import Testing

@testable import ArmchairCore
@testable import ArmchairDelivery

/// Every text a person sees can be overridden by the app, and is translated when it is not.
@Suite("Texts")
struct TextOverrideTests {
    func content(_ adjust: (inout Configuration) -> Void = { _ in }) -> PromptContent {
        var configuration = Configuration(appID: "org.example.Chess")
        adjust(&configuration)
        return PromptContent(configuration: configuration, environment: [:])
    }

    @Test("a game's prompt asks whether it has been fun to play; the update message stays the same")
    func game() {
        let game = content { $0.isGame = true }
        #expect(game.ratingPrompt().message.hasPrefix("Has Chess been fun to play? A rating in your software centre"))
        #expect(game.ratingPrompt(isUpdatePrompt: true).message == content().ratingPrompt(isUpdatePrompt: true).message)
        #expect(content().ratingPrompt().message.hasPrefix("Has Chess been useful to you?"))
        #expect(
            content {
                $0.isGame = true
                $0.texts.message = "Fun?"
            }.ratingPrompt().message == "Fun?")
    }

    @Test("the thank-you's close button, Rate Instead and the feedback request's no take overrides")
    func buttons() {
        let plain = content()
        #expect(plain.thankYou.closeButton == "_Close")
        #expect(plain.feedbackRequest(offersFeedback: true).rateButton == "_Rate Instead")
        #expect(plain.feedbackRequest(offersFeedback: true).cancelButton == "_No, Thanks")
        let custom = content {
            $0.texts.closeButton = "_Done"
            $0.texts.rateInsteadButton = "_Rate Chess"
            $0.texts.cancelButton = "_Never"
        }
        #expect(custom.thankYou.closeButton == "_Done")
        #expect(custom.reviewThanks(.published).closeButton == "_Done")
        #expect(custom.feedbackRequest(offersFeedback: true).rateButton == "_Rate Chess")
        #expect(custom.feedbackRequest(offersFeedback: true).cancelButton == "_Never", "the prompt's no, by default")
        let separate = content {
            $0.texts.cancelButton = "_Never"
            $0.texts.feedbackRequestCancelButton = "_Not Now"
        }
        #expect(separate.feedbackRequest(offersFeedback: true).cancelButton == "_Not Now")
        #expect(separate.ratingPrompt().cancelButton == "_Never")
    }

    @Test("the feedback email's subject and lines take overrides, with the values filled in")
    func mailOverrides() {
        let message = FeedbackMessage(
            id: "m-7", appID: "org.example.Chess", appName: "Chess", text: "Hi", replyEmail: "ada@example.org",
            systemDetails: nil, date: Date())
        let texts = content {
            $0.texts.mailSubject = "[%1$s] feedback"
            $0.texts.mailReplyTo = "Write back to %1$s"
            $0.texts.mailMessageID = "Reference %1$s"
        }.mailTexts
        let uri = MailtoFeedbackSender.uri(for: message, to: "dev@example.org", texts: texts)
        #expect(uri.contains("subject=%5BChess%5D%20feedback&"))
        #expect(uri.contains("Write%20back%20to%20ada%40example.org"))
        #expect(uri.contains("Reference%20m-7"))
        let defaults = MailtoFeedbackSender.uri(for: message, to: "dev@example.org", texts: content().mailTexts)
        #expect(defaults.contains("subject=Feedback%20on%20Chess&"))
        #expect(defaults.contains("Reply%20to%3A%20ada%40example.org") && defaults.contains("Message%20ID%3A%20m-7"))
        let titled = content { $0.texts.feedbackFormTitle = "Tell us about Chess" }.mailTexts
        #expect(titled.subject == "Tell us about Chess", "the subject follows the form's title")
    }

    @Test("the feedback email is written in the user's language")
    func mailTranslated() throws {
        let folder = try TemporaryFolder()
        let uri = try ChildProcess.run(
            TestAppProcess.path, ["mail", folder.file("state.ini"), "-"],
            environment: ["LANG": "C.UTF-8", "LANGUAGE": "de", "PATH": "/usr/bin:/bin"]
        ).output
        #expect(uri.contains("subject=R%C3%BCckmeldung%20zu%20Notes"), "\(uri)")
        #expect(uri.contains("Antwortadresse%3A%20ada%40example.org"), "\(uri)")
        #expect(uri.contains("Nachrichten-ID%3A%20m-1"), "\(uri)")
    }
}
