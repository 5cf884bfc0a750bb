import ArmchairCore
import CGLib

/// Reports an application's launches to its ``PromptScheduler`` once the launch itself is over, so
/// that counting a use (a write of the state file) and the rest of ``PromptScheduler/launched()``
/// never delay the app's first frame.
///
/// A launch (`activate`) is reported when the main loop is next idle at `G_PRIORITY_LOW`: after the
/// app's own `activate` handler, its first layout and redraw. A launch still waiting when the
/// application shuts down is counted then (``PromptScheduler/launchedWhileQuitting()``), so that no
/// use is lost.
@MainActor
final class DeferredLaunches {
    private let scheduler: PromptScheduler
    /// Launches not reported yet.
    private var pending = 0
    /// The idle source that reports them, while there is one.
    private var idleSource: UInt32 = 0
    /// Whether a launch through `open` or `command-line` waits to be reported: an `activate` until
    /// then is part of it.
    private var absorbsActivation = false

    /// Creates the deferral for `scheduler`.
    init(scheduler: PromptScheduler) {
        self.scheduler = scheduler
    }

    /// The application was launched (or launched again): reported once the main loop is idle.
    ///
    /// - Parameter absorbingActivation: Whether this is a launch through `open` or `command-line`,
    ///   whose handler may activate the application too: an `activate` before the report is part
    ///   of this launch, not another.
    func launched(absorbingActivation: Bool = false) {
        if !absorbingActivation, absorbsActivation { return }
        absorbsActivation = absorbingActivation || absorbsActivation
        pending += 1
        guard idleSource == 0 else { return }
        idleSource = MainLoopTimer.whenIdle { [self] in
            idleSource = 0
            report(scheduler.launched)
        }
    }

    /// The application is shutting down: the launches still waiting are counted now.
    func shuttingDown() {
        cancel()
        report(scheduler.launchedWhileQuitting)
    }

    /// The binding ends: nothing more is reported, and no idle source is left behind.
    func cancel() {
        if idleSource != 0 {
            g_source_remove(idleSource)
            idleSource = 0
        }
    }

    private func report(_ launch: () -> Void) {
        absorbsActivation = false
        while pending > 0 {
            pending -= 1
            launch()
        }
    }
}
