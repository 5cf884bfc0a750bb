/// What the user wrote in the review form, checked as GNOME Software checks its own review
/// dialog, so that what Armchair publishes is never refused for its shape.
public struct ReviewDraft: Sendable, Hashable {
    /// The stars chosen, 1 to 5; 0 before a star was chosen.
    public var stars: Int
    /// The one-line summary.
    public var summary: String
    /// The review's full text.
    public var description: String
    /// The name published with the review.
    public var displayName: String

    /// Creates a draft.
    public init(stars: Int = 0, summary: String = "", description: String = "", displayName: String = "") {
        self.stars = stars
        self.summary = summary
        self.description = description
        self.displayName = displayName
    }

    /// The limits, in Unicode code points, as GNOME Software (`g_utf8_strlen`) and the Open Desktop
    /// Ratings Service (Python's `len`) count them: GNOME Software's for the lower bounds, the
    /// service's for the upper ones. An accented letter written as a letter and a combining
    /// accent counts two; a family emoji counts seven.
    public enum Limits {
        public static let summary = 3...70
        public static let description = 15...3_000
        /// The seconds the form must be open before Publish is enabled, as in GNOME Software: a
        /// review is written, not pasted in passing.
        public static let writingSeconds: Double = 5
    }

    /// Something that keeps the draft from being published.
    public enum Problem: Sendable, Hashable {
        case noRating
        case summaryTooShort
        case summaryTooLong
        case descriptionTooShort
        case descriptionTooLong
        case noDisplayName
        /// The summary or the description contains `<`, which the service refuses as markup.
        case markup

        /// The problem in words for the user, translated.
        public var message: String {
            switch self {
            case .noRating: ReviewStrings.chooseRating
            case .summaryTooShort: ReviewStrings.summaryTooShort
            case .summaryTooLong: ReviewStrings.summaryTooLong
            case .descriptionTooShort: ReviewStrings.descriptionTooShort
            case .descriptionTooLong: ReviewStrings.descriptionTooLong
            case .noDisplayName: ReviewStrings.nameMissing
            case .markup: ReviewStrings.markup
            }
        }
    }

    /// The summary's length as the review service counts it, in Unicode code points, without
    /// spaces at either end (they are not sent).
    public var summaryLength: Int { summary.trimmedOfWhitespace.unicodeScalars.count }
    /// The description's length, counted like ``summaryLength``.
    public var descriptionLength: Int { description.trimmedOfWhitespace.unicodeScalars.count }

    /// Every problem, most important first; empty when the draft can be published.
    public var problems: [Problem] {
        var problems: [Problem] = []
        if !(1...5).contains(stars) { problems.append(.noRating) }
        let summary = summaryLength
        if summary < Limits.summary.lowerBound { problems.append(.summaryTooShort) }
        if summary > Limits.summary.upperBound { problems.append(.summaryTooLong) }
        let description = descriptionLength
        if description < Limits.description.lowerBound { problems.append(.descriptionTooShort) }
        if description > Limits.description.upperBound { problems.append(.descriptionTooLong) }
        if displayName.trimmedOfWhitespace.isEmpty { problems.append(.noDisplayName) }
        if self.summary.contains("<") || self.description.contains("<") { problems.append(.markup) }
        return problems
    }
}
