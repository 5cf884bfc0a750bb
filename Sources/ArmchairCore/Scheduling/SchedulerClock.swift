/// Where a ``PromptScheduler`` measures time and sets its timers: the GLib main loop in the GTK
/// binding, ArmchairTesting's `ManualSchedulerClock` in tests.
@MainActor
public protocol SchedulerClock: AnyObject {
    /// Seconds on a clock that never jumps (a monotonic clock, not the wall clock), for measuring
    /// how long a window was active or the app was away.
    var uptime: Double { get }

    /// Runs `action` once, `seconds` from now, on the main actor.
    func after(_ seconds: Double, _ action: @escaping @MainActor () -> Void)
}
