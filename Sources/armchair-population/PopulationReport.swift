/// The figures for one policy variant over the whole population.
struct PopulationReport: Sendable, Codable {
    var variant: String
    var users: Int
    var days: Int
    /// Share of users who saw the prompt at least once.
    var shareEverPrompted: Double
    /// Median day of the first prompt, among users who saw one.
    var medianDaysToFirstPrompt: Double?
    /// The most prompts any user saw in any 365 days.
    var maxPromptsInAnyYear: Int
    /// The 99th percentile of each user's most prompts in any 365 days.
    var p99PromptsInAnyYear: Int
    /// The most prompts any user saw in any 7 days.
    var maxPromptsInAnyWeek: Int
    /// Prompts per user, on average.
    var meanPromptsPerUser: Double
    /// The fewest days between two prompts to the same user, over everyone.
    var shortestDaysBetweenPrompts: Double?
    /// Share of users who said "No, thanks" at least once.
    var shareWhoDeclined: Double
    /// Among those who declined, the share who were asked again later.
    var shareAskedAfterDecline: Double
    /// Share of users who chose to rate.
    var shareWhoRated: Double

    init(variant: String, days: Int, histories: [UserHistory]) {
        let count = Double(max(histories.count, 1))
        let prompted = histories.filter { !$0.promptDays.isEmpty }
        let firstPrompts = prompted.map { $0.promptDays[0] }.sorted()
        let yearly = histories.map(\.mostPromptsInAYear).sorted()
        let decliners = histories.filter { $0.answers.contains(.decline) }
        self.variant = variant
        self.users = histories.count
        self.days = days
        shareEverPrompted = Double(prompted.count) / count
        medianDaysToFirstPrompt = firstPrompts.isEmpty ? nil : firstPrompts[firstPrompts.count / 2]
        maxPromptsInAnyYear = yearly.last ?? 0
        p99PromptsInAnyYear = yearly.isEmpty ? 0 : yearly[min(yearly.count - 1, Int(Double(yearly.count) * 0.99))]
        maxPromptsInAnyWeek = histories.map(\.mostPromptsInAWeek).max() ?? 0
        meanPromptsPerUser = Double(histories.map(\.promptDays.count).reduce(0, +)) / count
        shortestDaysBetweenPrompts = histories.compactMap(\.shortestGap).min()
        shareWhoDeclined = Double(decliners.count) / count
        shareAskedAfterDecline =
            decliners.isEmpty ? 0 : Double(decliners.count { $0.askedAfterDecline }) / Double(decliners.count)
        shareWhoRated = Double(histories.count { $0.answers.contains(.rate) }) / count
    }
}
