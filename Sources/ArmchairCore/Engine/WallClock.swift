public import struct FoundationEssentials.Date

/// Where the engine gets the current time: the system clock in apps, a manual clock in tests.
public protocol WallClock: Sendable {
    /// The current time.
    var now: Date { get }
}

/// The system's real-time clock.
public struct SystemWallClock: WallClock {
    /// Creates the system clock.
    public init() {}
    public var now: Date { Date() }
}
