/// What a new version does to the usage counters (when ``Configuration/tracksNewVersions`` is on).
///
/// In both, the answers given for the previous version (rated or declined *this* version, the
/// reminder) start again, what spans versions stays, and the event that reveals the update is
/// counted rather than consumed.
public enum UpdatePolicy: Sendable, Hashable, Codable {
    /// Armchair's: a new version starts counting uses, events and days from zero. The default.
    ///
    /// Apps that release every few weeks may never reach the thresholds this way; use
    /// ``keepCounters(graceDays:)`` for them.
    case resetCounters

    /// iRate's: the counts carry over, and the first use moves forward just enough that at least
    /// `graceDays` pass before the days threshold is met again, so nobody is asked the moment an
    /// update lands.
    case keepCounters(graceDays: Double)
}

extension UpdatePolicy {
    /// The grace period of ``keepCounters(graceDays:)``, or `nil`.
    var graceDays: Double? {
        if case .keepCounters(let graceDays) = self { graceDays } else { nil }
    }
}
