/// What a new version does to the usage counters (when ``Configuration/tracksNewVersions`` is on).
///
/// In both, the answers given for the previous version (rated or declined *this* version, the
/// reminder) start again, what spans versions stays, and the event that reveals the update is
/// counted rather than consumed.
public enum UpdatePolicy: Sendable, Hashable, Codable {
    /// Armchair's: a new version starts counting uses, events and days from zero.
    ///
    /// An app that releases more often than ``Configuration/daysUntilPrompt`` never reaches the
    /// thresholds this way (Armchair #96).
    case resetCounters

    /// iRate's: the counts carry over, and the first use moves forward just enough that at least
    /// `graceDays` pass before the days threshold is met again, so nobody is asked the moment an
    /// update lands.
    ///
    /// Someone who rated or declined the previous version starts a fresh count instead, so a rater
    /// is not asked about every release. The default, with 3 days' grace.
    case keepCounters(graceDays: Double)
}

extension UpdatePolicy {
    /// The grace period of ``keepCounters(graceDays:)``, or `nil`.
    var graceDays: Double? {
        if case .keepCounters(let graceDays) = self { graceDays } else { nil }
    }
}
