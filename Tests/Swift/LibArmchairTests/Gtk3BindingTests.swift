import ArmchairCAPI
import ArmchairCore
import CArmchair
import CArmchairGtk3
import CGtk
import Foundation
import Testing

/// `armchair_gtk3_attach` on a real `GtkApplication`, with the prompt on a real display (the
/// tests run under Xvfb): the binding's engine is the one that prompts, and its signals report it.
extension LibArmchairSuites {
    @MainActor
    @Suite(
        "ArmchairGtk3Binding",
        .enabled(
            if: ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false,
            "no X display (DISPLAY): run under scripts/x11/run.sh"))
    struct Gtk3BindingTests {
        let appID = LibArmchairEnvironment.uniqueAppID()
        let application: UnsafeMutablePointer<GtkApplication>
        let configuration: OpaquePointer?

        init() throws {
            _ = LibArmchairEnvironment.isReady
            try #require(gtk_init_check(nil, nil) != 0, "GTK could not open the display")
            application = try #require(gtk_application_new(nil, G_APPLICATION_NON_UNIQUE))
            configuration = armchair_configuration_new(appID, "1.0")
            // Not "Notes": the GTK suites, which run at the same time in this process, look for
            // their own "Rate Notes" dialogs and count the visible ones (DialogDriver).
            GObjectHelpers.set(configuration, "app-name", to: LibArmchairEnvironment.dialogAppName)
            GObjectHelpers.set(configuration, "debug-enabled", to: "true")
            GObjectHelpers.set(configuration, "allows-debug-in-release-builds", to: "true")
        }

        func attach() throws -> OpaquePointer {
            var error: UnsafeMutablePointer<GError>?
            let binding: OpaquePointer? = armchair_gtk3_attach(application, configuration, &error)
            #expect(CallError(&error) == nil)
            return try #require(binding)
        }

        /// Lets GTK and the main actor's tasks run until `condition` holds, for up to 5 seconds.
        func pump(until condition: () -> Bool) async throws {
            let deadline = ContinuousClock.now + .seconds(5)
            while !condition(), ContinuousClock.now < deadline {
                while gtk_events_pending() != 0 { gtk_main_iteration_do(0) }
                await Task.yield()
                try await Task.sleep(for: .milliseconds(10))
            }
        }

        /// The visible dialog titled `title`, if any.
        func dialog(titled title: String) -> UnsafeMutablePointer<GtkDialog>? {
            let list = gtk_window_list_toplevels()
            defer { g_list_free(list) }
            var node = list
            while let current = node {
                node = current.pointee.next
                let window = current.pointee.data.assumingMemoryBound(to: GtkWindow.self)
                let widget = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self)
                let isDialog =
                    g_type_check_instance_is_a(
                        UnsafeMutableRawPointer(window).assumingMemoryBound(to: GTypeInstance.self),
                        gtk_dialog_get_type())
                    != 0
                guard isDialog, gtk_widget_get_visible(widget) != 0,
                    gtk_window_get_title(window).map({ String(cString: $0) }) == title
                else { continue }
                return UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkDialog.self)
            }
            return nil
        }

        /// Clicks the button labelled `label` of `dialog`, as its response.
        func click(_ label: String, in dialog: UnsafeMutablePointer<GtkDialog>) {
            for response in Int32(1)...Int32(5) {
                guard let widget = gtk_dialog_get_widget_for_response(dialog, response) else { continue }
                let button = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkButton.self)
                if gtk_button_get_label(button).map({ String(cString: $0) }) == label {
                    gtk_button_clicked(button)
                    return
                }
            }
            Issue.record("no button \(label)")
        }

        @Test("The binding's engine prompts in debug mode; its signals report the prompt and the answer")
        func promptThroughTheBinding() async throws {
            let binding = try attach()
            defer { GObjectHelpers.unref(binding) }
            let engine = armchair_application_binding_get_engine(GObjectHelpers.applicationBinding(binding))
            #expect(
                engine != nil
                    && armchair_application_binding_get_engine(GObjectHelpers.applicationBinding(binding)) == engine,
                "the same engine every time")
            #expect(armchair_engine_get_swift_engine(engine).borrow().presenter != nil)
            let recorder = SignalRecorder(engine)

            recorder.handles = true
            #expect(armchair_engine_show_prompt(engine) == 0, "hold-prompt held it back")
            #expect(recorder.emissions == ["hold-prompt debug"])
            recorder.handles = false

            #expect(armchair_engine_show_prompt(engine) == 1)
            try await pump { dialog(titled: "Rate \(LibArmchairEnvironment.dialogAppName)") != nil }
            let prompt = try #require(dialog(titled: "Rate \(LibArmchairEnvironment.dialogAppName)"))
            #expect(recorder.emissions == ["hold-prompt debug", "hold-prompt debug", "prompt-shown"])
            click("_No, Thanks", in: prompt)
            try await pump { recorder.emissions.contains("answered decline") }
            #expect(recorder.emissions.last == "answered decline")
            let file = LibArmchairEnvironment.stateFile(of: appID)
            #expect(file.contains("\(appID).declined-this-version=true"), "\(file)")
        }

        @Test(
            "The natural break from C: settings as properties, the prompt waiting for a break, and the app's busy marks"
        )
        func naturalBreak() throws {
            let binding = try attach()
            defer { GObjectHelpers.unref(binding) }
            #expect(GObjectHelpers.printed(binding, "quiet-time") == "5.000000")
            #expect(GObjectHelpers.printed(binding, "prompt-delay") == "2.000000")
            #expect(GObjectHelpers.printed(binding, "prompts-over-fullscreen") == "FALSE")
            GObjectHelpers.set(binding, "quiet-time", to: "8.5")
            GObjectHelpers.set(binding, "prompts-over-fullscreen", to: "true")
            #expect(GObjectHelpers.printed(binding, "quiet-time") == "8.500000")
            #expect(GObjectHelpers.printed(binding, "prompts-over-fullscreen") == "TRUE")
            // A tray or background app: no main window to wait for, and not the network either.
            #expect(GObjectHelpers.printed(binding, "waits-for-active-window") == "TRUE")
            #expect(GObjectHelpers.printed(binding, "waits-for-network") == "TRUE")
            GObjectHelpers.set(binding, "waits-for-active-window", to: "false")
            GObjectHelpers.set(binding, "waits-for-network", to: "false")
            #expect(GObjectHelpers.printed(binding, "waits-for-active-window") == "FALSE")
            #expect(GObjectHelpers.printed(binding, "waits-for-network") == "FALSE")
            #expect(GObjectHelpers.printed(binding, "quiet-time") == "8.500000", "one property leaves the others")
            // Back to waiting for an active window, which this test never shows: its prompt, waiting
            // for a break, must not come later as a dialog over the tests that follow.
            GObjectHelpers.set(binding, "waits-for-active-window", to: "true")
            GObjectHelpers.set(binding, "waits-for-network", to: "true")

            let engine = armchair_application_binding_get_engine(GObjectHelpers.applicationBinding(binding))
            let cookie = armchair_application_binding_mark_busy(
                GObjectHelpers.applicationBinding(binding), "exporting the film")
            #expect(cookie != 0)
            #expect(armchair_engine_show_prompt_if_allowed(engine) == ARMCHAIR_PROMPT_WAITING_FOR_BREAK)
            #expect(
                explanation(of: engine).contains(
                    "wait     the prompt waits for a natural break: the app is busy: exporting the film"))
            armchair_application_binding_unmark_busy(GObjectHelpers.applicationBinding(binding), cookie)
            #expect(!explanation(of: engine).contains("busy"))
        }

        /// armchair_engine_explain()'s text.
        func explanation(of engine: OpaquePointer?) -> String {
            let text = armchair_engine_explain(engine)
            defer { g_free(text) }
            return text.map { String(cString: $0) } ?? ""
        }

        @Test(
            "A second attach fails; the application keeps the binding alive, and a kept engine shows nothing after it")
        func attachTwiceAndDrop() throws {
            let binding = try attach()
            var error: UnsafeMutablePointer<GError>?
            #expect(armchair_gtk3_attach(application, configuration, &error) == nil)
            #expect(CallError(&error)?.code == gint(ARMCHAIR_ERROR_ALREADY_ATTACHED.rawValue))

            var weak = GWeakRef()
            g_weak_ref_init(&weak, UnsafeMutableRawPointer(binding))
            let engine = armchair_application_binding_get_engine(GObjectHelpers.applicationBinding(binding))
            g_object_ref(UnsafeMutableRawPointer(engine))
            defer { GObjectHelpers.unref(engine) }
            GObjectHelpers.unref(binding)
            let stillThere = g_weak_ref_get(&weak)
            #expect(stillThere != nil, "the application holds the binding")
            g_object_unref(stillThere)
            g_object_unref(UnsafeMutableRawPointer(application))
            #expect(g_weak_ref_get(&weak) == nil, "the binding went with the application")
            g_weak_ref_clear(&weak)
            #expect(armchair_engine_show_prompt(engine) == 0, "the engine kept by the app shows nothing")
            armchair_engine_significant_event(engine, "export")
            #expect(armchair_engine_get_swift_engine(engine).borrow().state.significantEventCount == 1)
        }

        @Test("One prompt with or without the satisfaction question, whatever the configuration says")
        func promptFlow() async throws {
            GObjectHelpers.set(configuration, "asks-satisfaction-first", to: "true")
            let name = "Flow Tester"  // no other test's dialog has this title
            GObjectHelpers.set(configuration, "app-name", to: name)
            let binding = try attach()
            defer { GObjectHelpers.unref(binding) }
            let engine = armchair_application_binding_get_engine(GObjectHelpers.applicationBinding(binding))
            let recorder = SignalRecorder(engine)
            #expect(armchair_engine_show_prompt_with_flow(engine, ARMCHAIR_PROMPT_FLOW_RATING_ONLY) == 1)
            try await pump { dialog(titled: "Rate \(name)") != nil }
            #expect(dialog(titled: "Enjoying \(name)?") == nil, "straight to the rating")
            armchair_engine_close_prompt(engine)
            try await pump { recorder.emissions.contains("answered dismissed") }

            GObjectHelpers.set(configuration, "asks-satisfaction-first", to: "false")
            var error: UnsafeMutablePointer<GError>?
            #expect(armchair_engine_reconfigure(engine, configuration, &error) == 1)
            // Once the first prompt has ended (its answer is announced a little before).
            try await pump {
                armchair_engine_show_prompt_with_flow(engine, ARMCHAIR_PROMPT_FLOW_SATISFACTION_FIRST) == 1
            }
            try await pump { dialog(titled: "Enjoying \(name)?") != nil }
            #expect(dialog(titled: "Enjoying \(name)?") != nil, "the question first, though the settings say no")
            armchair_engine_close_prompt(engine)
            // The recorder must outlive the engine's emissions: wait for the second answer.
            try await pump { recorder.emissions.filter { $0.hasPrefix("answered") }.count == 2 }
            #expect(
                recorder.emissions.filter { $0.hasPrefix("answered") } == ["answered dismissed", "answered dismissed"])
        }

        @Test("armchair_engine_close_prompt closes the dialog on screen: answered \"dismissed\", never a decline")
        func closePromptFromC() async throws {
            GObjectHelpers.set(configuration, "app-name", to: "Close Tester")  // no other test's dialog has this title
            let binding = try attach()
            defer { GObjectHelpers.unref(binding) }
            let engine = armchair_application_binding_get_engine(GObjectHelpers.applicationBinding(binding))
            let recorder = SignalRecorder(engine)
            armchair_engine_close_prompt(engine)  // nothing on screen: nothing happens
            #expect(armchair_engine_show_prompt(engine) == 1)
            let title = "Rate Close Tester"
            try await pump { dialog(titled: title) != nil }
            armchair_engine_close_prompt(engine)
            try await pump { recorder.emissions.contains { $0.hasPrefix("answered") } }
            #expect(recorder.emissions.last == "answered dismissed")
            try await pump { dialog(titled: title) == nil }
            #expect(dialog(titled: title) == nil, "the dialog is gone")
            let file = LibArmchairEnvironment.stateFile(of: appID)
            #expect(file.contains("\(appID).last-reminded-date="), "\(file)")
            #expect(!file.contains("declined-this-version=true"), "\(file)")
        }

        /// The feedback requests the app's deliver-feedback handler was handed, each with a reference
        /// the test holds and never completed: an app whose delivery never answers.
        final class KeptRequests {
            private(set) var requests: [OpaquePointer] = []

            init(_ engine: OpaquePointer?) {
                let handler: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
                    _, request, data in
                    guard let request, let data else { return }
                    g_object_ref(UnsafeMutableRawPointer(request))
                    Unmanaged<KeptRequests>.fromOpaque(data).takeUnretainedValue().requests.append(request)
                }
                g_signal_connect_data(
                    UnsafeMutableRawPointer(engine), "deliver-feedback", unsafeBitCast(handler, to: GCallback.self),
                    Unmanaged.passRetained(self).toOpaque(),
                    { data, _ in if let data { Unmanaged<KeptRequests>.fromOpaque(data).release() } },
                    GConnectFlags(rawValue: 0))
            }

            deinit {
                for request in requests { g_object_unref(UnsafeMutableRawPointer(request)) }
            }
        }

        /// The first widget of `type` in `widget`'s tree, `widget` included.
        func firstWidget(ofType type: GType, in widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<
            GtkWidget
        >? {
            let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
            if g_type_check_instance_is_a(instance, type) != 0 { return widget }
            guard g_type_check_instance_is_a(instance, gtk_container_get_type()) != 0 else { return nil }
            let list = gtk_container_get_children(OpaquePointer(widget).map { UnsafeMutablePointer<GtkContainer>($0) })
            defer { g_list_free(list) }
            var node = list
            while let current = node {
                let child = current.pointee.data.assumingMemoryBound(to: GtkWidget.self)
                if let found = firstWidget(ofType: type, in: child) { return found }
                node = current.pointee.next
            }
            return nil
        }

        @Test("Escape on the feedback form while the app's delivery never answers cancels the request; not now")
        func escapeWhileTheAppDelivers() async throws {
            let name = "Cancel Tester"  // no other test's dialog has this title
            GObjectHelpers.set(configuration, "app-name", to: name)
            GObjectHelpers.set(configuration, "asks-satisfaction-first", to: "true")
            let binding = try attach()
            defer { GObjectHelpers.unref(binding) }
            let engine = armchair_application_binding_get_engine(GObjectHelpers.applicationBinding(binding))
            let recorder = SignalRecorder(engine)
            let kept = KeptRequests(engine)

            #expect(armchair_engine_show_prompt(engine) == 1)
            try await pump { dialog(titled: "Enjoying \(name)?") != nil }
            click("Not _Really", in: try #require(dialog(titled: "Enjoying \(name)?")))
            try await pump { dialog(titled: "Help Improve \(name)") != nil }
            click("_Send Feedback…", in: try #require(dialog(titled: "Help Improve \(name)")))
            try await pump { dialog(titled: "Feedback on \(name)") != nil }
            let form = try #require(dialog(titled: "Feedback on \(name)"))
            let formWidget = UnsafeMutableRawPointer(form).assumingMemoryBound(to: GtkWidget.self)
            let view = try #require(firstWidget(ofType: gtk_text_view_get_type(), in: formWidget))
            gtk_text_buffer_set_text(
                gtk_text_view_get_buffer(OpaquePointer(view).map { UnsafeMutablePointer<GtkTextView>($0) }),
                "Undo forgets my last step.", -1)
            click("_Send", in: form)
            try await pump { !kept.requests.isEmpty }
            let request = try #require(kept.requests.first)
            let cancellable = try #require(armchair_feedback_request_get_cancellable(request))
            #expect(g_cancellable_is_cancelled(cancellable) == 0, "the form waits for the app")

            // The person gives up on the spinner: Escape closes the form, as the close button does.
            let handled = gtk_bindings_activate(
                UnsafeMutableRawPointer(form).assumingMemoryBound(to: GObject.self), guint(GDK_KEY_Escape),
                GdkModifierType(rawValue: 0))
            #expect(handled != 0)
            try await pump { g_cancellable_is_cancelled(cancellable) != 0 }
            #expect(g_cancellable_is_cancelled(cancellable) != 0, "closing the form cancelled the request")
            try await pump { recorder.emissions.contains { $0.hasPrefix("answered") } }
            #expect(recorder.emissions.last == "answered dismissed", "\(recorder.emissions)")
            #expect(dialog(titled: "Feedback on \(name)") == nil, "the form is gone")
            #expect(dialog(titled: "Thank You") == nil, "nothing was sent")
            armchair_feedback_request_return_success(request)  // too late: changes nothing
            #expect(!recorder.emissions.contains { $0.hasPrefix("feedback-sent") })
        }

        @Test("With no configuration, a build folder's program does not take an installed copy's metadata")
        func zeroConfigurationFromABuildFolder() {
            // The test binary runs from .build/…/debug, a build folder: the installed folders are
            // not searched, and the error says why and what to do, naming no installed file.
            var error: UnsafeMutablePointer<GError>?
            #expect(armchair_gtk3_attach(application, nil, &error) == nil)
            #expect(CallError(&error)?.message.hasPrefix("The application has no application ID") == true)
            g_application_set_application_id(UnsafeMutablePointer<GApplication>(OpaquePointer(application)), appID)
            #expect(armchair_gtk3_attach(application, nil, &error) == nil)
            let failure = CallError(&error)
            #expect(failure?.code == gint(ARMCHAIR_ERROR_METAINFO.rawValue))
            let message = failure?.message ?? ""
            #expect(message.hasPrefix("No AppStream metadata for \(appID): looked for \(appID).metainfo.xml"))
            #expect(message.contains("This program runs from a build folder"))
            #expect(message.contains("set ARMCHAIR_METAINFO to its path"))
            #expect(!message.contains("/usr/share"), "installed folders are not searched from a build folder")
            #expect((try? attach()) != nil, "the failed attach left nothing behind")
        }

        @Test("A bad configuration gives a GError and attaches nothing")
        func badConfiguration() {
            GObjectHelpers.set(configuration, "feedback-email", to: "nobody")
            var error: UnsafeMutablePointer<GError>?
            #expect(armchair_gtk3_attach(application, configuration, &error) == nil)
            #expect(
                CallError(&error)?.message
                    == "Invalid Armchair configuration:\n- feedback-email: \"nobody\" is not an email address")
            GObjectHelpers.set(configuration, "feedback-email", to: "notes@example.org")
            #expect((try? attach()) != nil, "the failed attach left nothing behind")
        }
    }
}
