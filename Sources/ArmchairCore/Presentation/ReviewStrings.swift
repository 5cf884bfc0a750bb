/// The default English texts of the in-app review form (``ReviewForm``), translated through the
/// same gettext domain as every other prompt text.
package enum ReviewStrings {
    // TRANSLATORS: The title of the in-app review form; %1$s is the app's name.
    package static var title: String { DefaultStrings.localized("Review %1$s") }
    package static var consent: String {
        // TRANSLATORS: %1$s is the review server's host name, such as "odrs.gnome.org". This
        // sentence is the user's consent: it must say what is published and that nothing is sent
        // before they press the button labelled "Publish".
        DefaultStrings.localized(
            "Your review will be published on %1$s with the name below, the app’s version, your distribution and your language. Nothing is sent until you press Publish."
        )
    }
    // TRANSLATORS: The label above the five rating stars.
    package static var ratingLabel: String { DefaultStrings.localized("Rating") }
    package static func starName(_ stars: Int) -> String {
        DefaultStrings.format(
            // TRANSLATORS: The name screen readers give one of the five rating stars; %1$s is 1 to 5.
            DefaultStrings.localizedPlural("%1$s star", "%1$s stars", count: stars), String(stars))
    }
    // TRANSLATORS: Light-hearted description of a 1-star rating: a really bad app.
    package static var oneStar: String { DefaultStrings.localized("Hate it") }
    // TRANSLATORS: Light-hearted description of a 2-star rating: not a great app.
    package static var twoStars: String { DefaultStrings.localized("Don’t like it") }
    // TRANSLATORS: Light-hearted description of a 3-star rating: a fairly good app.
    package static var threeStars: String { DefaultStrings.localized("It’s OK") }
    // TRANSLATORS: Light-hearted description of a 4-star rating: a good app.
    package static var fourStars: String { DefaultStrings.localized("Like it") }
    // TRANSLATORS: Light-hearted description of a 5-star rating: a really great app.
    package static var fiveStars: String { DefaultStrings.localized("Love it") }
    // TRANSLATORS: Shown beside the stars before one is chosen.
    package static var noStars: String { DefaultStrings.localized("Choose a star to rate") }
    // TRANSLATORS: The label of the one-line summary of the review. Keep the mnemonic underscore.
    package static var summaryLabel: String { DefaultStrings.localized("_Summary") }
    // TRANSLATORS: The label of the review's full text. Keep the mnemonic underscore.
    package static var descriptionLabel: String { DefaultStrings.localized("_Review") }
    // TRANSLATORS: The label of the name shown with the published review. Keep the mnemonic underscore.
    package static var nameLabel: String { DefaultStrings.localized("Your _name") }
    // TRANSLATORS: The button that publishes the review. Keep the mnemonic underscore.
    package static var publishButton: String { DefaultStrings.localized("_Publish") }

    // TRANSLATORS: The tooltip of the character counters under the summary and the review. The
    // review service counts code points: "é" typed as e plus an accent counts two, some emoji more.
    package static var counterTooltip: String {
        DefaultStrings.localized(
            "Counted as the review service counts: an accented letter or an emoji may count as two or more.")
    }
    package static var chooseRating: String { DefaultStrings.localized("Please choose a star rating.") }
    package static var summaryTooShort: String { DefaultStrings.localized("The summary is too short.") }
    package static var summaryTooLong: String { DefaultStrings.localized("The summary is too long.") }
    package static var descriptionTooShort: String { DefaultStrings.localized("The review is too short.") }
    package static var descriptionTooLong: String { DefaultStrings.localized("The review is too long.") }
    package static var nameMissing: String { DefaultStrings.localized("Please enter a name to show with the review.") }
    // TRANSLATORS: The review service refuses text with this character; “<” must stay as it is.
    package static var markup: String { DefaultStrings.localized("Reviews cannot contain the character “<”.") }
    // TRANSLATORS: Shown while the Publish button waits for the user to spend a few seconds on the
    // review, as GNOME Software does, so that pasted text is not published in a hurry.
    package static var takeMoreTime: String {
        DefaultStrings.localized("Please take a little more time to write the review.")
    }

    // TRANSLATORS: The title of the message after a review was published.
    package static var publishedTitle: String { DefaultStrings.localized("Thank You for Your Review") }
    // TRANSLATORS: %1$s is the app's name.
    package static var publishedMessage: String {
        DefaultStrings.localized("Your review of %1$s is published. It appears in software centres within a day.")
    }
    package static var queuedMessage: String {
        DefaultStrings.localized("Your review will be published as soon as the review service can be reached.")
    }
    // TRANSLATORS: The title shown when the review service already has a review by this user.
    package static var alreadyReviewedTitle: String { DefaultStrings.localized("Already Reviewed") }
    // TRANSLATORS: %1$s is the app's name.
    package static var alreadyReviewedMessage: String {
        DefaultStrings.localized(
            "You have already reviewed %1$s. You can change your review in GNOME Software or KDE Discover.")
    }
    // TRANSLATORS: %1$s is the review service's reason, in English, such as "summary is too long".
    package static var refused: String {
        DefaultStrings.localized("The review service did not accept the review: %1$s.")
    }
    package static var outboxFull: String {
        DefaultStrings.localized("Too many reviews are waiting to be published. Please try again later.")
    }
}
