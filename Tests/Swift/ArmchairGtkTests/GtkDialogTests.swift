import Armchair
import ArmchairGLib
import ArmchairGtk
import ArmchairTesting
import CGtk
import Foundation
import Synchronization
import Testing

/// The real GTK dialogs in a real X server (Xvfb), answered as a user would: each answer's state on
/// disk and callbacks, the review page opened through GIO, and the satisfaction flow end to end.
extension GtkSuites {
    @MainActor
    @Suite("GTK dialogs")
    struct GtkDialogTests {
        let folder: String
        let statePath: String
        let clock = ManualWallClock()
        let screenshots = ProcessInfo.processInfo.environment["ARMCHAIR_SCREENSHOTS"]

        init() throws {
            try #require(GtkTestEnvironment.isReady, "GTK could not open the display")
            folder = GtkTestEnvironment.folder + "/state-\(UUID().uuidString)"
            statePath = folder + "/armchair.ini"
        }

        /// An engine whose thresholds are met, with the GTK presenter (or `presenter`) and a file store.
        func readyEngine(
            presenter: any RatingPresenter = GtkRatingPresenter(), _ adjust: (inout Configuration) -> Void = { _ in }
        ) throws -> RatingEngine {
            var configuration = Configuration(appID: "org.example.Notes", appName: "Notes", appVersion: "1.0")
            configuration.daysUntilPrompt = 0
            configuration.usesUntilPrompt = 0
            adjust(&configuration)
            return try RatingEngine(
                configuration: configuration, store: KeyFileStore(path: statePath), presenter: presenter,
                clock: clock, environment: [:])
        }

        /// The state as stored on disk, read by a fresh store.
        func storedState() throws -> RatingState {
            guard case .values(let values) = KeyFileStore(path: statePath).inspect() else {
                Issue.record("no state file at \(statePath)")
                return RatingState()
            }
            return StateCodec(configuration: Configuration(appID: "org.example.Notes")).decode(values).state
        }

        @Test("The rating dialog shows the texts and buttons, Rate suggested and default")
        func ratingDialogLayout() async throws {
            let engine = try readyEngine()
            let task = try #require(engine.showPrompt())
            let dialog = try await DialogDriver.dialog(titled: "Rate Notes")
            #expect(DialogDriver.buttons(of: dialog).map(\.label) == ["_No, Thanks", "Remind Me _Later", "_Rate"])
            let labels = DialogDriver.labels(in: dialog)
            #expect(labels.contains("Rate Notes"))
            #expect(labels.contains { $0.hasPrefix("Has Notes been useful to you?") })
            let rate = try #require(DialogDriver.buttons(of: dialog).last?.widget)
            #expect(gtk_style_context_has_class(gtk_widget_get_style_context(rate), "suggested-action") != 0)
            #expect(gtk_widget_has_default(rate) != 0)
            if let screenshots { DialogDriver.screenshot(dialog, to: screenshots + "/rating.png") }
            DialogDriver.click("Remind Me _Later", in: dialog)
            #expect(await DialogDriver.outcome(of: task) == .answered(.remindLater))
        }

        @Test(
            "For a second after it appears, the prompt's buttons are disabled and Enter answers nothing; then they work"
        )
        func activationGuard() async throws {
            let engine = try readyEngine()
            // What a person meets as the dialog appears, seen at that very moment (the map), however
            // busy the test process is: GTK's handling of Enter, the default response.
            let appearing = AppearingDialog()
            let isDialog: @Sendable (UnsafeMutableRawPointer) -> Bool = {
                g_type_check_instance_is_a(cast($0), gtk_dialog_get_type()) != 0
            }
            let hook = Signal.addEmissionHook("map", of: gtk_widget_get_type(), matching: isDialog) { dialog in
                guard appearing.mappedAt == nil,
                    DialogDriver.windowTitle(dialog.assumingMemoryBound(to: GtkWidget.self)) == "Rate Notes"
                else { return }
                appearing.mappedAt = Date()
                let widget = dialog.assumingMemoryBound(to: GtkWidget.self)
                appearing.enabledButtons = DialogDriver.buttons(of: widget).filter {
                    gtk_widget_is_sensitive($0.widget) != 0
                }.map(\.label)
                appearing.enterAnswered = gtk_window_activate_default(cast(dialog)) != 0
            }
            defer { Signal.removeEmissionHook(hook) }
            let task = try #require(engine.showPrompt())
            let dialog = try await DialogDriver.dialog(titled: "Rate Notes")
            let mappedAt = try #require(appearing.mappedAt)
            #expect(appearing.enabledButtons == [], "every button disabled as it appears")
            #expect(appearing.enterAnswered == false, "Enter pressed nothing")
            #expect(gtk_widget_get_visible(dialog) != 0)
            while DialogDriver.buttons(of: dialog).contains(where: { gtk_widget_is_sensitive($0.widget) == 0 }),
                Date().timeIntervalSince(mappedAt) < 10
            {
                try await Task.sleep(for: .milliseconds(10))
                DialogDriver.pump()
            }
            let enabledAfter = Date().timeIntervalSince(mappedAt)
            #expect(enabledAfter >= 0.95 && enabledAfter < 10, "enabled \(enabledAfter) s after it appeared")
            let rate = try #require(DialogDriver.buttons(of: dialog).last?.widget)
            #expect(gtk_widget_has_focus(rate) != 0, "the suggested button has the focus again")
            DialogDriver.click("Remind Me _Later", in: dialog)
            #expect(await DialogDriver.outcome(of: task) == .answered(.remindLater))
        }

        @Test("After an update, someone who rated the earlier version reads the update message")
        func updateMessage() async throws {
            let earlier = try readyEngine { $0.appVersion = "0.9" }
            earlier.record(.rate)
            let engine = try readyEngine { $0.appVersion = "1.0" }
            let task = try #require(engine.showPrompt())
            let dialog = try await DialogDriver.dialog(titled: "Rate Notes")
            #expect(
                DialogDriver.labels(in: dialog).contains {
                    $0.hasPrefix("Thank you for rating an earlier version of Notes! Would you rate this version too?")
                })
            #expect(!DialogDriver.labels(in: dialog).contains { $0.hasPrefix("Has Notes been useful") })
            if let screenshots { DialogDriver.screenshot(dialog, to: screenshots + "/update.png") }
            DialogDriver.click("_Rate", in: dialog)
            #expect(await DialogDriver.outcome(of: task) == .answered(.rate))
            #expect(try storedState().lastVersionRated == "1.0")
        }

        /// The labels of `dialog` that are not its buttons'.
        func texts(of dialog: UnsafeMutablePointer<GtkWidget>) -> [String] {
            let buttons = Set(DialogDriver.buttons(of: dialog).map { $0.label.replacing("_", with: "") })
            return DialogDriver.labels(in: dialog).filter { !buttons.contains($0) }
        }

        @Test("An empty title or message hides that line rather than showing an empty label")
        func emptyTextsHide() async throws {
            let engine = try readyEngine { $0.texts.title = "" }
            let task = try #require(engine.showPrompt())
            let name = String(cString: g_get_application_name())
            let untitled = try await DialogDriver.dialog(titled: name)
            let labels = texts(of: untitled)
            #expect(!labels.contains(""), "no empty label: \(labels)")
            #expect(labels.count == 1 && labels[0].hasPrefix("Has Notes been useful to you?"), "\(labels)")
            DialogDriver.click("Remind Me _Later", in: untitled)
            #expect(await DialogDriver.outcome(of: task) == .answered(.remindLater))

            clock.advance(days: 40)
            let quiet = try readyEngine { $0.texts.message = "" }
            let second = try #require(quiet.showPrompt())
            let titled = try await DialogDriver.dialog(titled: "Rate Notes")
            #expect(texts(of: titled) == ["Rate Notes"], "only the title: \(texts(of: titled))")
            DialogDriver.click("Remind Me _Later", in: titled)
            #expect(await DialogDriver.outcome(of: second) == .answered(.remindLater))
        }

        @Test("Without reminders there is no Remind Me Later button")
        func noReminderButton() async throws {
            let engine = try readyEngine { $0.daysBeforeReminding = 0 }
            let task = try #require(engine.showPrompt())
            let dialog = try await DialogDriver.dialog(titled: "Rate Notes")
            #expect(DialogDriver.buttons(of: dialog).map(\.label) == ["_No, Thanks", "_Rate"])
            DialogDriver.click("_No, Thanks", in: dialog)
            #expect(await DialogDriver.outcome(of: task) == .answered(.decline))
            #expect(try storedState().declinedThisVersion)
        }

        @Test("Rate records the rating on disk and opens the software centre through GIO")
        func rateOpensSoftwareCentre() async throws {
            let engine = try readyEngine()
            var opened: [String] = []
            engine.callbacks.didOpenStore = { opened.append($0) }
            let task = try #require(engine.showPrompt())
            DialogDriver.click("_Rate", in: try await DialogDriver.dialog(titled: "Rate Notes"))
            #expect(await DialogDriver.outcome(of: task) == .answered(.rate))
            #expect(opened == ["appstream://org.example.Notes"])
            let state = try storedState()
            #expect(state.ratedThisVersion && state.lastVersionRated == "1.0")
            #expect(try await waitForHandler(toOpen: "appstream://org.example.Notes"))
        }

        @Test("Escape and the close button mean not now, never no", arguments: ["escape", "close"])
        func closingIsNotNow(how: String) async throws {
            let engine = try readyEngine()
            let task = try #require(engine.showPrompt())
            let dialog = try await DialogDriver.dialog(titled: "Rate Notes")
            if how == "escape" { DialogDriver.pressEscape(in: dialog) } else { DialogDriver.closeWindow(dialog) }
            #expect(await DialogDriver.outcome(of: task) == .answered(.dismissed))
            let state = try storedState()
            #expect(!state.declinedThisVersion && !state.declinedAnyVersion)
            #expect(state.lastRemindedDate == clock.now)
            #expect(state.promptDates == [clock.now])
        }

        @Test("Closed from code, the prompt is \"not now\" like its close button; a form being filled sends nothing")
        func closedFromCode() async throws {
            let engine = try readyEngine()
            let task = try #require(engine.showPrompt())
            let dialog = try await DialogDriver.dialog(titled: "Rate Notes")
            engine.closePrompt()
            #expect(await DialogDriver.outcome(of: task) == .answered(.dismissed))
            #expect(!DialogDriver.visibleDialogs().contains { $0 == dialog }, "the dialog is gone")
            let state = try storedState()
            #expect(!state.declinedThisVersion && !state.declinedAnyVersion, "never a decline")
            #expect(state.lastRemindedDate == clock.now)
            engine.closePrompt()  // nothing open: nothing happens

            // In the satisfaction flow, the feedback form with text typed: nothing is sent.
            clock.advance(days: 40)
            let flow = try readyEngine { $0.asksSatisfactionFirst = true }
            let sent = Mutex(0)
            flow.feedbackSender = ClosureFeedbackSender { _ in sent.withLock { $0 += 1 } }
            let flowTask = try #require(flow.showPrompt())
            DialogDriver.click("Not _Really", in: try await DialogDriver.dialog(titled: "Enjoying Notes?"))
            DialogDriver.click("_Send Feedback…", in: try await DialogDriver.dialog(titled: "Help Improve Notes"))
            FormDriver.type("Half a thought", in: try await DialogDriver.dialog(titled: "Feedback on Notes"))
            flow.closePrompt()
            let outcome = await DialogDriver.outcome(of: flowTask)
            #expect(outcome != .answered(.sentFeedback), "\(String(describing: outcome))")
            #expect(outcome != .answered(.decline), "\(String(describing: outcome))")
            #expect(sent.withLock { $0 } == 0)
            #expect(!(try storedState().declinedThisVersion))
        }

        @Test("An address no application handles is reported as an error")
        func unhandledAddress() async throws {
            let presenter = GtkRatingPresenter()
            await #expect(throws: OpenURIError.self) { try await presenter.openURI("x-armchair-nothing://here") }
        }

        @Test("The satisfaction flow end to end: not really, feedback typed, sent, thanked")
        func satisfactionFlow() async throws {
            let engine = try readyEngine { $0.asksSatisfactionFirst = true }
            let received = Mutex<[FeedbackMessage]>([])
            engine.feedbackSender = ClosureFeedbackSender { message in received.withLock { $0.append(message) } }
            let task = try #require(engine.showPrompt())

            let question = try await DialogDriver.dialog(titled: "Enjoying Notes?")
            #expect(DialogDriver.buttons(of: question).map(\.label) == ["Not _Really", "_Yes!"])
            if let screenshots { DialogDriver.screenshot(question, to: screenshots + "/satisfaction.png") }
            DialogDriver.click("Not _Really", in: question)

            let request = try await DialogDriver.dialog(titled: "Help Improve Notes")
            #expect(
                DialogDriver.buttons(of: request).map(\.label) == ["_No, Thanks", "_Rate Instead", "_Send Feedback…"])
            if let screenshots { DialogDriver.screenshot(request, to: screenshots + "/feedback-request.png") }
            DialogDriver.click("_Send Feedback…", in: request)

            let form = try await DialogDriver.dialog(titled: "Feedback on Notes")
            let send = try #require(DialogDriver.buttons(of: form).first { $0.label == "_Send" }?.widget)
            #expect(gtk_widget_get_sensitive(send) == 0, "Send is disabled while the message is empty")
            FormDriver.type("Export to PDF loses the page margins.", in: form)
            #expect(gtk_widget_get_sensitive(send) != 0)
            FormDriver.typeEmail("not an address", in: form)
            #expect(gtk_widget_get_sensitive(send) == 0, "Send is disabled with an invalid reply address")
            FormDriver.typeEmail("reader@example.org", in: form)
            #expect(gtk_widget_get_sensitive(send) != 0)
            #expect(DialogDriver.labels(in: form).contains("37 / 2000"))
            if let screenshots { DialogDriver.screenshot(form, to: screenshots + "/feedback-form.png") }
            DialogDriver.click("_Send", in: form)

            let thanks = try await DialogDriver.dialog(titled: "Thank You")
            #expect(DialogDriver.labels(in: thanks).contains("Your feedback helps make Notes better."))
            if let screenshots { DialogDriver.screenshot(thanks, to: screenshots + "/thank-you.png") }
            DialogDriver.click("_Close", in: thanks)
            #expect(await DialogDriver.outcome(of: task) == .answered(.sentFeedback))
            let message = try #require(received.withLock { $0.first })
            #expect(message.text == "Export to PDF loses the page margins.")
            #expect(message.replyEmail == "reader@example.org")
            #expect(message.systemDetails == nil)
            #expect(try storedState().declinedThisVersion)
        }

        @Test("The feedback form starts with the app's body template; Send waits for something of the person's own")
        func feedbackBodyTemplate() async throws {
            let engine = try readyEngine {
                $0.asksSatisfactionFirst = true
                $0.texts.feedbackBody = "%1$s %2$s. What went wrong: "
            }
            let received = Mutex<[FeedbackMessage]>([])
            engine.feedbackSender = ClosureFeedbackSender { message in received.withLock { $0.append(message) } }
            let task = try #require(engine.showPrompt())
            DialogDriver.click("Not _Really", in: try await DialogDriver.dialog(titled: "Enjoying Notes?"))
            DialogDriver.click("_Send Feedback…", in: try await DialogDriver.dialog(titled: "Help Improve Notes"))
            let form = try await DialogDriver.dialog(titled: "Feedback on Notes")
            #expect(FormDriver.text(in: form) == "Notes 1.0. What went wrong: ")
            let send = try #require(DialogDriver.buttons(of: form).first { $0.label == "_Send" }?.widget)
            #expect(gtk_widget_get_sensitive(send) == 0, "the template alone is nothing written")
            FormDriver.type("Notes 1.0. What went wrong: the margins.", in: form)
            #expect(gtk_widget_get_sensitive(send) != 0)
            DialogDriver.click("_Send", in: form)
            DialogDriver.click("_Close", in: try await DialogDriver.dialog(titled: "Thank You"))
            #expect(await DialogDriver.outcome(of: task) == .answered(.sentFeedback))
            #expect(received.withLock { $0.first?.text } == "Notes 1.0. What went wrong: the margins.")
        }

        @Test("A step the app shows itself replaces its GTK dialog; the other steps stay GTK's")
        func appsOwnStep() async throws {
            let presenter = OwnFeedbackForm(wrapping: GtkRatingPresenter())
            let engine = try readyEngine(presenter: presenter) { $0.asksSatisfactionFirst = true }
            let received = Mutex<[FeedbackMessage]>([])
            engine.feedbackSender = ClosureFeedbackSender { message in received.withLock { $0.append(message) } }
            let task = try #require(engine.showPrompt())

            DialogDriver.click("Not _Really", in: try await DialogDriver.dialog(titled: "Enjoying Notes?"))
            DialogDriver.click("_Send Feedback…", in: try await DialogDriver.dialog(titled: "Help Improve Notes"))
            DialogDriver.click("_Close", in: try await DialogDriver.dialog(titled: "Thank You"))
            #expect(await DialogDriver.outcome(of: task) == .answered(.sentFeedback))

            #expect(presenter.shownForms.map(\.title) == ["Feedback on Notes"], "the app's form was shown once")
            #expect(presenter.dialogsWhileShown.isEmpty, "no GTK dialog was open beside the app's form")
            #expect(received.withLock { $0.map(\.text) } == [OwnFeedbackForm.text], "the app's form sent it")
            #expect(try storedState().declinedThisVersion)
        }

        @Test("A failed delivery shows its error and Retry; the second try is sent once")
        func feedbackRetry() async throws {
            let engine = try readyEngine { $0.asksSatisfactionFirst = true }
            let attempts = Mutex(0)
            let delivered = Mutex<FeedbackMessage?>(nil)
            engine.feedbackSender = ClosureFeedbackSender { message throws(FeedbackError) in
                let attempt = attempts.withLock { count in
                    count += 1
                    return count
                }
                if attempt == 1 { throw FeedbackError("The feedback server did not answer.") }
                delivered.withLock { $0 = message }
            }
            let task = try #require(engine.showPrompt())
            DialogDriver.click("Not _Really", in: try await DialogDriver.dialog(titled: "Enjoying Notes?"))
            DialogDriver.click("_Send Feedback…", in: try await DialogDriver.dialog(titled: "Help Improve Notes"))
            let form = try await DialogDriver.dialog(titled: "Feedback on Notes")
            FormDriver.type("Sync stops after an hour.", in: form)
            FormDriver.tickSystemDetails(in: form)
            DialogDriver.click("_Send", in: form)
            try await FormDriver.waitForLabel("The feedback server did not answer.", in: form)
            #expect(DialogDriver.buttons(of: form).map(\.label).contains("_Retry"))
            if let screenshots { DialogDriver.screenshot(form, to: screenshots + "/feedback-error.png") }
            DialogDriver.click("_Retry", in: form)
            DialogDriver.click("_Close", in: try await DialogDriver.dialog(titled: "Thank You"))
            #expect(await DialogDriver.outcome(of: task) == .answered(.sentFeedback))
            #expect(attempts.withLock { $0 } == 2)
            let message = try #require(delivered.withLock { $0 })
            #expect(message.text == "Sync stops after an hour.")
            #expect(message.systemDetails?.first?.name == "App")
        }

        @Test("A long translation wraps instead of widening the dialog")
        func longTextWraps() async throws {
            let long = Array(repeating: "Ein sehr langer Satz in einer ausführlichen Übersetzung,", count: 8).joined(
                separator: " ")
            let engine = try readyEngine { $0.texts.message = long }
            let task = try #require(engine.showPrompt())
            let dialog = try await DialogDriver.dialog(titled: "Rate Notes")
            for _ in 0..<10 {
                DialogDriver.pump()
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(
                gtk_widget_get_allocated_width(dialog) <= 600,
                "the dialog grew to \(gtk_widget_get_allocated_width(dialog)) pixels")
            #expect(DialogDriver.labels(in: dialog).contains(long))
            #expect(Set(allocations(of: dialog).map(\.y)).count == 1, "short buttons stay in one row")
            DialogDriver.click("_Rate", in: dialog)
            _ = await DialogDriver.outcome(of: task)
        }

        @Test("Buttons too wide for one row are stacked, the suggested one on top, within 600 pixels")
        func longButtonsStack() async throws {
            // As long as Croatian's and Macedonian's feedback request, and longer.
            let engine = try readyEngine {
                $0.texts.rateButton = "_Ocijenite aplikaciju u središtu za softver"
                $0.texts.remindButton = "Podsjetite me _kasnije, kad budem imao vremena"
                $0.texts.cancelButton = "_Ne, hvala, ne želim ocjenjivati"
            }
            let task = try #require(engine.showPrompt())
            let dialog = try await DialogDriver.dialog(titled: "Rate Notes")
            let width = gtk_widget_get_allocated_width(dialog)
            #expect(width <= 600, "the dialog is \(width) pixels wide")
            let place = allocations(of: dialog)
            let labels = DialogDriver.buttons(of: dialog).map(\.label)
            #expect(labels.first == "_Ocijenite aplikaciju u središtu za softver", "Rate comes first when stacked")
            #expect(Set(place.map(\.x)).count == 1 && Set(place.map(\.width)).count == 1, "the buttons line up")
            #expect(place.map(\.y) == place.map(\.y).sorted() && Set(place.map(\.y)).count == 3, "one under another")
            if let screenshots { DialogDriver.screenshot(dialog, to: screenshots + "/rating-stacked.png") }
            DialogDriver.click("_Ne, hvala, ne želim ocjenjivati", in: dialog)
            #expect(await DialogDriver.outcome(of: task) == .answered(.decline))
        }

        /// Where each button of `dialog` is, in screen order.
        func allocations(of dialog: UnsafeMutablePointer<GtkWidget>) -> [GtkAllocation] {
            DialogDriver.pump()
            return DialogDriver.buttons(of: dialog).map {
                var allocation = GtkAllocation()
                gtk_widget_get_allocation($0.widget, &allocation)
                return allocation
            }
        }

        @Test("The rating dialog mirrors in a right-to-left layout")
        func rightToLeft() async throws {
            gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL)
            defer { gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR) }
            let engine = try readyEngine()
            let task = try #require(engine.showPrompt())
            let dialog = try await DialogDriver.dialog(titled: "Rate Notes")
            #expect(gtk_widget_get_direction(dialog) == GTK_TEXT_DIR_RTL)
            let buttons = DialogDriver.buttons(of: dialog).map(\.widget)
            var first = GtkAllocation()
            var last = GtkAllocation()
            gtk_widget_get_allocation(buttons.first, &first)
            gtk_widget_get_allocation(buttons.last, &last)
            #expect(last.x < first.x, "Rate, last in reading order, is on the left in right-to-left")
            if let screenshots { DialogDriver.screenshot(dialog, to: screenshots + "/rating-rtl.png") }
            DialogDriver.click("_Rate", in: dialog)
            _ = await DialogDriver.outcome(of: task)
        }

        /// Waits until the test handler has been asked to open `address`.
        func waitForHandler(toOpen address: String) async throws -> Bool {
            for _ in 0..<200 {
                if GtkTestEnvironment.openedAddresses.contains(address) { return true }
                try await Task.sleep(for: .milliseconds(25))
            }
            return false
        }
    }
}

/// An app's own feedback form in place of the GTK one, as a ``ForwardingPresenter`` subclass
/// shows it: it records the forms it is given and the GTK dialogs open meanwhile, and sends
/// ``text`` at once. Every other step is the wrapped GTK presenter's.
@MainActor
final class OwnFeedbackForm: ForwardingPresenter<GtkRatingPresenter> {
    /// What the app's form sends.
    static let text = "Written in the app's own feedback form."
    /// The forms this presenter showed.
    private(set) var shownForms: [FeedbackForm] = []
    /// The titles of the GTK dialogs visible while the app's form was shown.
    private(set) var dialogsWhileShown: [String] = []

    override func presentFeedbackForm(
        _ form: FeedbackForm, send: @escaping @MainActor (FeedbackDraft) async -> FeedbackError?
    ) async -> FeedbackFormOutcome {
        shownForms.append(form)
        dialogsWhileShown += DialogDriver.visibleDialogs().map(DialogDriver.windowTitle)
        return await send(FeedbackDraft(text: Self.text)) == nil ? .sent : .cancelled
    }
}

/// What a test saw of a dialog as it was mapped.
@MainActor
private final class AppearingDialog {
    var mappedAt: Date?
    var enabledButtons: [String] = []
    var enterAnswered: Bool?
}
