/// A named combination of significant events that, once complete, shows the user is engaged.
///
/// Scenarios come from ADAppRater: instead of one global event count, an app lists the journeys
/// that mean "this person gets value from the app". When any scenario is configured, the events
/// criterion is met as soon as **any one** scenario is complete, and
/// ``Configuration/significantEventsUntilPrompt`` is not used.
///
/// ```swift
/// configuration.eventScenarios = [
///     EventScenario(name: "Exporter", requirements: ["export": 3]),
///     EventScenario(name: "Collaborator", requirements: ["share": 1, "comment": 2]),
/// ]
/// armchair.significantEvent("export")
/// ```
public struct EventScenario: Sendable, Hashable, Codable {
    /// A name for explanations and logs, such as `"Exporter"`.
    public var name: String

    /// How many times each named event must have happened, keyed by event name.
    public var requirements: [String: Int]

    /// Creates a scenario.
    ///
    /// - Parameters:
    ///   - name: A name shown in explanations.
    ///   - requirements: The event names and the count each needs; every count must be at least 1.
    public init(name: String, requirements: [String: Int]) {
        self.name = name
        self.requirements = requirements
    }
}
