public import ArmchairCore

/// A ``SchedulerClock`` that moves only when told to, firing the timers that come due, so that a
/// ``PromptScheduler`` can be tested to the second without a main loop or a display.
///
/// ```swift
/// let clock = ManualSchedulerClock()
/// let scheduler = PromptScheduler(engine: engine, clock: clock)
/// scheduler.launched()
/// clock.advance(seconds: 2)   // the prompt check after the launch runs now
/// ```
@MainActor
public final class ManualSchedulerClock: SchedulerClock {
    public private(set) var uptime: Double = 0
    private var timers: [(due: Double, order: Int, action: @MainActor () -> Void)] = []
    private var scheduled = 0

    /// Creates a clock at uptime 0 with no timers.
    public init() {}

    /// How many timers wait to fire.
    public var pendingTimers: Int { timers.count }

    public func after(_ seconds: Double, _ action: @escaping @MainActor () -> Void) {
        scheduled += 1
        timers.append((uptime + max(0, seconds), scheduled, action))
    }

    /// Moves the clock forward by `seconds`, firing each timer that comes due on the way, in the
    /// order they are due (and set), with the clock at its due time.
    public func advance(seconds: Double) {
        let end = uptime + max(0, seconds)
        while let next = timers.filter({ $0.due <= end }).min(by: { ($0.due, $0.order) < ($1.due, $1.order) }) {
            timers.removeAll { $0.order == next.order }
            uptime = next.due
            next.action()
        }
        uptime = end
    }
}
