public import ArmchairCore
import Synchronization

public import struct Foundation.Date

/// A clock that moves only when told to, so tests can cross thresholds to the second.
///
/// ```swift
/// let clock = ManualWallClock()
/// clock.advance(days: 29.9)
/// ```
public final class ManualWallClock: WallClock {
    private let current: Mutex<Date>

    /// Creates a clock at `start` (default: 2026-01-01 00:00 UTC, a whole second).
    public init(_ start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        current = Mutex(start)
    }

    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward by `days` (fractions allowed).
    public func advance(days: Double) { advance(seconds: days * 86_400) }

    /// Moves the clock forward by `seconds`.
    public func advance(seconds: Double) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// Sets the clock to `date`.
    public func set(_ date: Date) { current.withLock { $0 = date } }
}
