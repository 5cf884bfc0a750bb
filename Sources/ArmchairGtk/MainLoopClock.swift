import ArmchairCore
import CGtk

/// The GLib main loop as a ``PromptScheduler``'s clock: `g_get_monotonic_time` and GLib timers.
@MainActor
final class MainLoopClock: SchedulerClock {
    var uptime: Double { Double(g_get_monotonic_time()) / 1e6 }

    func after(_ seconds: Double, _ action: @escaping @MainActor () -> Void) {
        MainLoopTimer.after(seconds, action)
    }
}
