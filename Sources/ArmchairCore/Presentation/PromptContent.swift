/// The texts of every step Armchair can show, built from a configuration: its overrides where set,
/// Armchair's translated defaults otherwise.
///
/// The engine builds each step from this; the `armchair preview` tool and your own tests can build
/// the same steps without an engine or a state file:
///
/// ```swift
/// let content = PromptContent(configuration: Configuration(appID: "org.example.Notes"))
/// let answer = await presenter.presentRatingPrompt(content.ratingPrompt())
/// ```
///
/// Texts are translated when they are read, in the language gettext chooses at that moment.
public struct PromptContent: Sendable {
    /// The configuration the texts come from.
    public var configuration: Configuration
    /// The environment the review destination and system details are read from.
    public var environment: [String: String]

    /// Creates the content for `configuration`.
    ///
    /// - Parameters:
    ///   - configuration: The overrides, the app's name and the feedback limits.
    ///   - environment: For the review destination and the system details; default: this process's.
    public init(configuration: Configuration, environment: [String: String]? = nil) {
        self.configuration = configuration
        self.environment = environment ?? ProcessEnvironment.current
    }

    private func text(_ override: String?, _ fallback: String) -> String {
        override ?? DefaultStrings.format(fallback, configuration.displayName)
    }

    /// The rating prompt.
    ///
    /// - Parameters:
    ///   - isUpdatePrompt: Whether the user rated an earlier version (the message says so).
    ///   - destination: Where "Rate" leads; default: resolved from the configuration.
    public func ratingPrompt(isUpdatePrompt: Bool = false, destination: ReviewDestination? = nil) -> RatingPrompt {
        let texts = configuration.texts
        return RatingPrompt(
            appName: configuration.displayName,
            title: text(texts.title, DefaultStrings.title),
            message: isUpdatePrompt
                ? text(texts.updateMessage, DefaultStrings.updateMessage)
                : text(texts.message, configuration.isGame ? DefaultStrings.gameMessage : DefaultStrings.message),
            isUpdatePrompt: isUpdatePrompt,
            rateButton: text(texts.rateButton, DefaultStrings.rateButton),
            remindButton: configuration.daysBeforeReminding > 0
                ? text(texts.remindButton, DefaultStrings.remindButton) : nil,
            cancelButton: text(texts.cancelButton, DefaultStrings.cancelButton),
            destination: destination ?? ReviewDestination.resolve(configuration, environment: environment))
    }

    /// "Are you enjoying *App*?"
    public var satisfactionQuestion: SatisfactionQuestion {
        let texts = configuration.texts
        return SatisfactionQuestion(
            appName: configuration.displayName,
            title: text(texts.satisfactionTitle, DefaultStrings.satisfactionTitle),
            message: text(texts.satisfactionMessage, DefaultStrings.satisfactionMessage),
            yesButton: text(texts.satisfactionYesButton, DefaultStrings.satisfactionYesButton),
            noButton: text(texts.satisfactionNoButton, DefaultStrings.satisfactionNoButton))
    }

    /// The request to an unhappy user: feedback (when `offersFeedback`), rating, or neither.
    public func feedbackRequest(offersFeedback: Bool) -> FeedbackRequest {
        let texts = configuration.texts
        return FeedbackRequest(
            appName: configuration.displayName,
            title: text(texts.feedbackRequestTitle, DefaultStrings.feedbackRequestTitle),
            message: text(texts.feedbackRequestMessage, DefaultStrings.feedbackRequestMessage),
            feedbackButton: offersFeedback ? text(texts.feedbackButton, DefaultStrings.feedbackButton) : nil,
            rateButton: text(texts.rateInsteadButton, DefaultStrings.rateInsteadButton),
            cancelButton: text(texts.feedbackRequestCancelButton ?? texts.cancelButton, DefaultStrings.cancelButton))
    }

    /// The feedback form, with the system details the user may choose to include.
    public var feedbackForm: FeedbackForm {
        let texts = configuration.texts
        return FeedbackForm(
            appName: configuration.displayName,
            title: text(texts.feedbackFormTitle, DefaultStrings.feedbackFormTitle),
            message: text(texts.feedbackFormMessage, DefaultStrings.feedbackFormMessage),
            body: texts.feedbackBody.map {
                DefaultStrings.format($0, configuration.displayName, configuration.appVersion ?? "")
            } ?? "",
            emailLabel: text(nil, DefaultStrings.feedbackEmailLabel),
            systemDetailsLabel: text(nil, DefaultStrings.feedbackDetailsLabel),
            systemDetails: systemDetails,
            characterLimit: configuration.feedbackCharacterLimit,
            sendButton: text(nil, DefaultStrings.sendButton),
            cancelButton: text(nil, DefaultStrings.cancelFormButton),
            retryButton: text(nil, DefaultStrings.retryButton))
    }

    /// The thanks after feedback was sent.
    public var thankYou: ThankYou {
        let texts = configuration.texts
        return ThankYou(
            title: text(texts.thankYouTitle, DefaultStrings.thankYouTitle),
            message: text(texts.thankYouMessage, DefaultStrings.thankYouMessage),
            closeButton: text(texts.closeButton, DefaultStrings.closeButton))
    }

    /// The subject and lines of the feedback email the default sender opens.
    public var mailTexts: MailTexts {
        let texts = configuration.texts
        return MailTexts(
            subject: texts.mailSubject ?? texts.feedbackFormTitle, replyTo: texts.mailReplyTo,
            messageID: texts.mailMessageID, couldNotOpen: texts.mailCouldNotOpen)
    }

    /// The "Write a review" form.
    ///
    /// - Parameters:
    ///   - suggestedName: The name to start with; default: the user's full name.
    ///   - server: The review server named in the consent; default: ``Configuration/reviewServer``.
    public func reviewForm(suggestedName: String? = nil, server: ServiceAddress? = nil) -> ReviewForm {
        // An unchecked server still names its host, as long as it has one.
        let host =
            server?.host ?? (try? ServiceAddress.components(of: configuration.reviewServer))?.host
            ?? configuration.reviewServer
        return ReviewForm(
            appName: configuration.displayName,
            title: text(nil, ReviewStrings.title),
            consent: DefaultStrings.format(ReviewStrings.consent, host),
            ratingLabel: ReviewStrings.ratingLabel,
            starNames: (1...5).map(ReviewStrings.starName),
            ratingDescriptions: [
                ReviewStrings.noStars, ReviewStrings.oneStar, ReviewStrings.twoStars, ReviewStrings.threeStars,
                ReviewStrings.fourStars, ReviewStrings.fiveStars,
            ],
            summaryLabel: ReviewStrings.summaryLabel,
            descriptionLabel: ReviewStrings.descriptionLabel,
            nameLabel: ReviewStrings.nameLabel,
            suggestedName: suggestedName ?? Account.current(environment: environment).displayName,
            publishButton: ReviewStrings.publishButton,
            cancelButton: DefaultStrings.cancelFormButton,
            takeMoreTime: ReviewStrings.takeMoreTime,
            counterExplanation: ReviewStrings.counterTooltip)
    }

    /// The message after a review was published, queued, or found to exist already.
    public func reviewThanks(_ outcome: ReviewOutcome) -> ThankYou {
        let close = text(configuration.texts.closeButton, DefaultStrings.closeButton)
        switch outcome {
        case .published:
            return ThankYou(
                title: ReviewStrings.publishedTitle, message: text(nil, ReviewStrings.publishedMessage),
                closeButton: close)
        case .queued:
            return ThankYou(
                title: ReviewStrings.publishedTitle, message: ReviewStrings.queuedMessage, closeButton: close)
        case .alreadyReviewed:
            return ThankYou(
                title: ReviewStrings.alreadyReviewedTitle, message: text(nil, ReviewStrings.alreadyReviewedMessage),
                closeButton: close)
        }
    }

    /// The details a user may choose to include, shown in the form exactly as sent.
    public var systemDetails: [SystemDetail] {
        SystemDetails.collect(configuration: configuration, environment: environment)
    }
}
