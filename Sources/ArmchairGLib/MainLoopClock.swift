import ArmchairCore
import CGLib

/// The GLib main loop as a `PromptScheduler`'s clock: `g_get_monotonic_time` and GLib timers.
@MainActor
package final class MainLoopClock: SchedulerClock {
    /// Creates the clock of the thread's default main context.
    package init() {}

    package var uptime: Double { Double(g_get_monotonic_time()) / 1e6 }

    package func after(_ seconds: Double, _ action: @escaping @MainActor () -> Void) {
        MainLoopTimer.after(seconds, action)
    }
}
