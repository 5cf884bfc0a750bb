import Armchair
import ArmchairTesting
import Testing

/// The automatic prompt waits for a natural break: quiet input, nothing held down, no fullscreen
/// window, the app not busy, the screen unlocked, no other dialog; with the manual clock, to the
/// tenth of a second, and no display.
@MainActor
@Suite("Natural breaks")
struct NaturalBreakTests {
    /// The app launched at 0 over an active window; the prompt is due at 2 s, and the quiet time is 5 s.
    let app: PromptSchedulerTests
    var scheduler: PromptScheduler { app.scheduler }
    var clock: ManualSchedulerClock { app.clock }

    init() throws {
        app = try PromptSchedulerTests()
        scheduler.windowActivityChanged(isActive: true)
        scheduler.launched()
    }

    /// Someone types one key a second from `start` to `end` (key down, key up a tenth later).
    func typeSteadily(from start: Double, to end: Double, key: UInt32 = 38) {
        clock.advance(seconds: start - clock.uptime)
        var time = start
        while time <= end {
            clock.advance(seconds: time - clock.uptime)
            scheduler.userInput(.pressed(.key(key)))
            clock.advance(seconds: 0.1)
            scheduler.userInput(.released(.key(key)))
            time += 1
        }
    }

    @Test(
        "Typing holds the prompt; it comes after the quiet time from the last key: 1 s less, exactly, 1 s more",
        arguments: [(4.0, 0), (5.0, 1), (6.0, 1)])
    func quietTime(afterLastKey: Double, expectedPrompts: Int) {
        typeSteadily(from: 1, to: 20)  // the last key goes up at 20.1
        #expect(app.prompts == 0, "never while someone types")
        clock.advance(seconds: 20.1 + afterLastKey - clock.uptime)
        #expect(app.prompts == expectedPrompts)
        #expect(scheduler.isPromptWaiting == (expectedPrompts == 0))
    }

    @Test("A key held down (auto-repeat sends presses only) holds the prompt until it is released, then the quiet time")
    func keyHeld() {
        clock.advance(seconds: 1)
        for _ in 0..<40 {  // 40 s of auto-repeat: the same key pressed again and again
            scheduler.userInput(.pressed(.key(50)))
            clock.advance(seconds: 1)
        }
        #expect(app.prompts == 0)
        clock.advance(seconds: 60)
        #expect(app.prompts == 0, "a minute after the last repeat, the key is still down")
        #expect(scheduler.breakHolds == [.inputHeld])
        scheduler.userInput(.released(.key(50)))
        clock.advance(seconds: 4.9)
        #expect(app.prompts == 0)
        clock.advance(seconds: 0.1)
        #expect(app.prompts == 1)
    }

    @Test(
        "A pointer button held down (a drag) holds the prompt; a click, a touch or a scroll while waiting restarts the wait"
    )
    func pointerAndScroll() {
        clock.advance(seconds: 3)
        scheduler.userInput(.pressed(.pointerButton(1)))
        clock.advance(seconds: 30)
        #expect(app.prompts == 0)
        scheduler.userInput(.released(.pointerButton(1)))  // at 33
        clock.advance(seconds: 4)
        scheduler.userInput(.scrolled)  // at 37
        clock.advance(seconds: 4)
        scheduler.userInput(.pressed(.touch(7)))  // at 41
        scheduler.userInput(.released(.touch(7)))
        clock.advance(seconds: 4.9)
        #expect(app.prompts == 0)
        clock.advance(seconds: 0.1)
        #expect(app.prompts == 1, "5 s after the touch ended")
    }

    @Test("What was held when the app lost the focus is let go: its release goes to another app")
    func heldKeyLetGoWhenInactive() {
        clock.advance(seconds: 1)
        scheduler.userInput(.pressed(.key(64)))  // Alt of an Alt+Tab
        scheduler.windowActivityChanged(isActive: false)
        clock.advance(seconds: 10)
        scheduler.windowActivityChanged(isActive: true)
        clock.advance(seconds: 5)
        #expect(app.prompts == 1)
    }

    @Test("A fullscreen window holds the prompt until it leaves fullscreen; promptsOverFullscreen lets it come")
    func fullscreen() throws {
        scheduler.fullscreenChanged(isFullscreen: true)
        clock.advance(seconds: 60)
        #expect(app.prompts == 0)
        #expect(app.engine.decision().breakHolds == [.fullscreen])
        scheduler.fullscreenChanged(isFullscreen: false)
        #expect(app.prompts == 1, "at once: nobody used the app for a minute")

        let player = try PromptSchedulerTests(adjust: { $0.promptsOverFullscreen = true })
        player.scheduler.windowActivityChanged(isActive: true)
        player.scheduler.fullscreenChanged(isFullscreen: true)
        player.scheduler.launched()
        player.clock.advance(seconds: 5)
        #expect(player.prompts == 1)
    }

    @Test("The app's busy marks hold the prompt until the last one ends; an unknown cookie is ignored with a warning")
    func busy() {
        let export = scheduler.markBusy("exporting the film")
        let recording = scheduler.markBusy("recording")
        #expect(export != 0 && recording != export)
        clock.advance(seconds: 60)
        #expect(scheduler.breakHolds == [.busy(["exporting the film", "recording"])])
        scheduler.unmarkBusy(export)
        #expect(app.prompts == 0, "still recording")
        scheduler.unmarkBusy(export)
        #expect(app.log.messages(atLeast: .warning).contains { $0.contains("no busy mark has that cookie") })
        scheduler.unmarkBusy(recording)
        #expect(app.prompts == 1)
    }

    @Test("A locked screen holds the prompt; once unlocked it comes after the quiet time from the person's return")
    func screenLocked() {
        clock.advance(seconds: 1)
        scheduler.screenLockChanged(isLocked: true)
        scheduler.windowActivityChanged(isActive: false)
        clock.advance(seconds: 600)
        #expect(app.prompts == 0)
        scheduler.screenLockChanged(isLocked: false)
        scheduler.windowActivityChanged(isActive: true)
        #expect(app.prompts == 0)
        #expect(scheduler.breakHolds.count == 1)
        clock.advance(seconds: 5)
        #expect(app.prompts == 1)
    }

    @Test("Another modal dialog of the app holds the prompt; it is asked again every second")
    func otherDialog() {
        let dialog = OpenDialog()
        scheduler.isOtherDialogOpen = { dialog.isOpen }
        clock.advance(seconds: 30)
        #expect(app.prompts == 0)
        #expect(scheduler.breakHolds == [.otherDialog])
        dialog.isOpen = false
        clock.advance(seconds: 1)
        #expect(app.prompts == 1)
    }

    @Test("A prompt the app asks for explicitly is never held, not even mid-typing over a fullscreen window")
    func explicitPromptNotHeld() {
        scheduler.fullscreenChanged(isFullscreen: true)
        scheduler.userInput(.pressed(.key(38)))
        #expect(app.engine.showPrompt() != nil)
        #expect(app.prompts == 1, "at once: the person asked")
    }

    @Test(
        "A significant event that may prompt prompts at the next quiet moment, not at once; its task ends with the answer"
    )
    func significantEventWaitsForBreak() async throws {
        try app.engine.reconfigure { $0.promptAtLaunch = false }
        clock.advance(seconds: 10)
        scheduler.userInput(.pressed(.pointerButton(1)))  // the click on "Export"
        scheduler.userInput(.released(.pointerButton(1)))
        let task = try #require(app.engine.significantEvent("export"), "the rules allow it: a task is returned")
        #expect(app.prompts == 0, "not at once")
        #expect(scheduler.isPromptWaiting)
        let decision = app.engine.decision()
        #expect(decision.isPromptWaiting)
        #expect(
            decision.description.contains("wait     the prompt waits for a natural break: someone is using the app"))
        clock.advance(seconds: 4.9)
        #expect(app.prompts == 0)
        clock.advance(seconds: 0.1)
        #expect(app.prompts == 1)
        #expect(await task.value == .answered(.dismissed))
        #expect(!scheduler.isPromptWaiting)
    }

    @Test("Two requests while waiting share one prompt; one the app never reaches ends as not shown when it quits")
    func waitingPromptEndsAtShutdown() async throws {
        scheduler.userInput(.scrolled)
        let first = try #require(app.engine.showPromptIfNecessary())
        let second = try #require(app.engine.significantEvent())
        #expect(scheduler.shuttingDown())
        #expect(await first.value == .notShown(.noPresenter))
        #expect(await second.value == .notShown(.noPresenter))
        clock.advance(seconds: 60)
        #expect(app.prompts == 0)
    }

    @Test("When the rules change while the prompt waits, it does not come, and its task says why")
    func rulesChangeWhileWaiting() async throws {
        scheduler.userInput(.scrolled)
        let task = try #require(app.engine.showPromptIfNecessary())
        app.engine.record(.decline)  // from another window, say
        clock.advance(seconds: 10)
        #expect(app.prompts == 0)
        guard case .notShown(.rules(let decision)) = await task.value else {
            Issue.record("expected the rules to hold it back")
            return
        }
        #expect(!decision.gatesPassed)
    }
}

/// Whether the app's other dialog is open, as the binding would answer.
@MainActor
private final class OpenDialog {
    var isOpen = true
}
