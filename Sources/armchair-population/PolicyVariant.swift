import Armchair

/// A configuration to simulate: the default, and one policy choice changed at a time.
struct PolicyVariant: Sendable {
    var name: String
    var configuration: Configuration

    static func all(appID: String) -> [PolicyVariant] {
        let base = Configuration(appID: appID)
        func variant(_ name: String, _ change: (inout Configuration) -> Void) -> PolicyVariant {
            var configuration = base
            change(&configuration)
            return PolicyVariant(name: name, configuration: configuration)
        }
        return [
            PolicyVariant(name: "default", configuration: base),
            variant("decline: this version only (Armchair)") {
                $0.declinePolicy = .thisVersion
                $0.daysBeforeAskingAgainAfterDecline = 0
            },
            variant("decline: forever, no expiry (iRate)") { $0.daysBeforeAskingAgainAfterDecline = 0 },
            variant("decline: forever, 180-day expiry (ADAppRater)") { $0.daysBeforeAskingAgainAfterDecline = 180 },
            variant("update: reset counters (Armchair)") { $0.updatePolicy = .resetCounters },
            variant("no minimum days between prompts") { $0.minimumDaysBetweenPrompts = 0 },
            variant("days then any (iRate), 5 events") {
                $0.thresholdCombination = .daysThenAny
                $0.significantEventsUntilPrompt = 5
            },
        ]
    }
}
