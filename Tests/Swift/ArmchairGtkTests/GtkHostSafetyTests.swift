import Armchair
import ArmchairGLib
import ArmchairTesting
import CGtk
import Foundation
import Synchronization
import TestServers
import Testing

@testable import ArmchairGtk

/// What the app does around Armchair's dialogs that once stopped it: closing its window while a
/// form is sending, and GLib delivering a signal or a timer on another thread.
extension GtkSuites {
    @MainActor
    @Suite("GTK: nothing the app does stops it")
    struct GtkHostSafetyTests {
        let folder: String
        let clock = ManualWallClock()

        init() throws {
            try #require(GtkTestEnvironment.isReady, "GTK could not open the display")
            folder = GtkTestEnvironment.folder + "/safety-\(UUID().uuidString)"
        }

        /// An app window that the dialogs belong to, and whether it still exists.
        final class AppWindow {
            let widget: UnsafeMutablePointer<GtkWidget>
            var isAlive = true

            @MainActor
            init() {
                widget = gtk_window_new(GTK_WINDOW_TOPLEVEL)
                gtk_window_set_title(cast(widget), "Notes")
                gtk_widget_show(widget)
                Signal.connect(UnsafeMutableRawPointer(widget), "destroy") { [unowned self] in isAlive = false }
            }
        }

        /// An engine whose thresholds are met, asking satisfaction first, with the GTK presenter's
        /// dialogs belonging to `window` while it exists.
        func engine(window: AppWindow, _ adjust: (inout Configuration) -> Void) throws -> RatingEngine {
            var configuration = Configuration(appID: "org.example.Notes", appName: "Notes", appVersion: "1.0")
            configuration.daysUntilPrompt = 0
            configuration.usesUntilPrompt = 0
            configuration.asksSatisfactionFirst = true
            adjust(&configuration)
            let presenter = GtkRatingPresenter()
            presenter.parentWindow = { window.isAlive ? UnsafeMutableRawPointer(window.widget) : nil }
            return try RatingEngine(
                configuration: configuration, store: KeyFileStore(path: folder + "/armchair.ini"), presenter: presenter,
                clock: clock, environment: ["XDG_STATE_HOME": folder])
        }

        /// The state on disk.
        func storedState() -> RatingState {
            guard case .values(let values) = KeyFileStore(path: folder + "/armchair.ini").inspect() else {
                return RatingState()
            }
            return StateCodec(configuration: Configuration(appID: "org.example.Notes")).decode(values).state
        }

        /// Lets the main loop and main-actor tasks run for `seconds`.
        func run(for seconds: Double) async throws {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                DialogDriver.pump()
                try await Task.sleep(for: .milliseconds(10))
            }
        }

        @Test("Closing the app's window while feedback is sending: no crash, and the feedback counts as sent")
        func closingWindowWhileSendingFeedback() async throws {
            let receiver = try LoopbackServer.feedbackReceiver()
            try receiver.plan(["slow"])  // stores the message, then answers after 5 s
            let window = AppWindow()
            let engine = try engine(window: window) { $0.feedbackEndpoint = receiver.endpoint }
            let criticalsBefore = GtkTestEnvironment.criticals.count
            let task = try #require(engine.showPrompt())
            DialogDriver.click("Not _Really", in: try await DialogDriver.dialog(titled: "Enjoying Notes?"))
            DialogDriver.click("_Send Feedback…", in: try await DialogDriver.dialog(titled: "Help Improve Notes"))
            let form = try await DialogDriver.dialog(titled: "Feedback on Notes")
            FormDriver.type("The sidebar hides my notes.", in: form)
            DialogDriver.click("_Send", in: form)
            // The request is in flight: the user closes the app's window, and the form with it.
            // The form turns its spinner once the request is on its way. (Asking the receiver
            // instead could wait out its slow answer, and the form would be gone by then.)
            for _ in 0..<500 where !FormDriver.isBusy(form) {
                try await run(for: 0.02)
            }
            try #require(FormDriver.isBusy(form), "the form never started sending")
            gtk_widget_destroy(window.widget)
            for _ in 0..<100 where !DialogDriver.visibleDialogs().isEmpty {
                try await run(for: 0.02)
            }
            #expect(DialogDriver.visibleDialogs().isEmpty, "the form went with its window")

            let thanks = try await DialogDriver.dialog(titled: "Thank You", timeout: 15)
            DialogDriver.click("_Close", in: thanks)
            #expect(await DialogDriver.outcome(of: task, timeout: 15) == .answered(.sentFeedback))
            #expect(try receiver.received().stored.count == 1)
            #expect(storedState().declinedThisVersion)
            #expect(GtkTestEnvironment.criticals.count == criticalsBefore, "\(GtkTestEnvironment.criticals)")
        }

        @Test("Closing the app's window while a review is publishing: no crash, and the review counts as rated")
        func closingWindowWhilePublishingReview() async throws {
            let service = try LoopbackServer.reviewService()
            try service.plan(["slow"])
            let window = AppWindow()
            let engine = try engine(window: window) {
                $0.asksSatisfactionFirst = false
                $0.inAppReviews = true
                $0.reviewServer = service.root + "/1.0/reviews/api"
            }
            engine.reviewPublisher = try ReviewPublisher(
                configuration: engine.configuration,
                identity: ReviewerIdentity(
                    userHash: String(repeating: "b", count: 40), suggestedName: "Ada", distro: "Debian"),
                outbox: ReviewOutbox(folder: folder + "/review-outbox"), environment: [:], clock: clock)
            let criticalsBefore = GtkTestEnvironment.criticals.count
            let task = try #require(engine.showPrompt())
            DialogDriver.click("_Rate", in: try await DialogDriver.dialog(titled: "Rate Notes"))
            let form = try await DialogDriver.dialog(titled: "Review Notes")
            try await ReviewFormDriver.fill(form, stars: 4, summary: "Quick and tidy", review: "Opens instantly.")
            try await ReviewFormDriver.publish(form)
            for _ in 0..<500 where (try service.json("/reviews") as? [Any])?.isEmpty ?? true {
                try await run(for: 0.02)
            }
            gtk_widget_destroy(window.widget)
            try await run(for: 0.2)

            let thanks = try await DialogDriver.dialog(titled: "Thank You for Your Review", timeout: 15)
            DialogDriver.click("_Close", in: thanks)
            #expect(await DialogDriver.outcome(of: task, timeout: 15) == .answered(.rate))
            #expect(storedState().ratedThisVersion)
            #expect(GtkTestEnvironment.criticals.count == criticalsBefore, "\(GtkTestEnvironment.criticals)")
        }

        /// Where a handler ran: whether on the main actor, and whether on the worker thread.
        struct Place: Equatable {
            var isMainActor: Bool
            var isWorker: Bool
        }

        @Test("A signal emitted on another thread runs its handler on the main actor instead of stopping the app")
        func signalFromAnotherThread() async throws {
            let window = AppWindow()
            let worker = Mutex<pthread_t?>(nil)
            let places = Mutex<[Place]>([])
            Signal.connect(UnsafeMutableRawPointer(window.widget), "notify::title") { (_: UnsafeMutableRawPointer?) in
                let isWorker = worker.withLock { $0.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
                places.withLock { $0.append(Place(isMainActor: MainThread.isOnMainActor, isWorker: isWorker)) }
            }
            let object = SendablePointer(UnsafeMutableRawPointer(window.widget))
            let thread = Thread {
                worker.withLock { $0 = pthread_self() }
                g_object_notify(object.pointer.assumingMemoryBound(to: GObject.self), "title")
            }
            thread.start()
            for _ in 0..<200 where places.withLock({ $0.isEmpty }) {
                try await run(for: 0.01)
            }
            #expect(places.withLock { $0 } == [Place(isMainActor: true, isWorker: false)])
            gtk_widget_destroy(window.widget)
        }

        @Test("A handler that takes more arguments than its signal has is skipped, not run on garbage or stopped")
        func handlerWithTooManyArguments() async throws {
            let button = gtk_button_new_with_label("Export")!
            g_object_ref_sink(UnsafeMutableRawPointer(button))
            defer { g_object_unref(UnsafeMutableRawPointer(button)) }
            var wrongCalls = 0
            var rightCalls = 0
            Signal.connect(UnsafeMutableRawPointer(button), "clicked") { (_: Int32) in wrongCalls += 1 }
            Signal.connect(UnsafeMutableRawPointer(button), "clicked") { rightCalls += 1 }
            gtk_button_clicked(OpaquePointer(button).map { UnsafeMutablePointer<GtkButton>($0) })
            try await run(for: 0.05)
            #expect(rightCalls == 1, "the signal was emitted")
            #expect(wrongCalls == 0)
        }

        @Test("A timer that a worker thread's main loop fires runs on the main actor instead of stopping the app")
        func timerOnAnotherThread() async throws {
            let worker = Mutex<pthread_t?>(nil)
            let places = Mutex<[Place]>([])
            MainLoopTimer.after(0) {
                let isWorker = worker.withLock { $0.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
                places.withLock { $0.append(Place(isMainActor: MainThread.isOnMainActor, isWorker: isWorker)) }
            }
            let finished = Mutex(false)
            let thread = Thread {
                worker.withLock { $0 = pthread_self() }
                // This thread runs the default main context, as an app with its loop on a worker does.
                for _ in 0..<100 where places.withLock({ $0.isEmpty }) {
                    g_main_context_iteration(nil, 0)
                    usleep(1_000)
                }
                finished.withLock { $0 = true }
            }
            thread.start()
            for _ in 0..<200 where !finished.withLock({ $0 }) {
                try await Task.sleep(for: .milliseconds(5))
            }
            for _ in 0..<100 where places.withLock({ $0.isEmpty }) {
                try await run(for: 0.01)
            }
            #expect(places.withLock { $0 } == [Place(isMainActor: true, isWorker: false)])
        }
    }
}

/// A pointer handed to another thread in a test.
struct SendablePointer: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
    init(_ pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
}
