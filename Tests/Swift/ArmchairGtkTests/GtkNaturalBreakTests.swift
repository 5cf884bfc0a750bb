import Armchair
import ArmchairGLib
import ArmchairTesting
import CGdkX11
import CGtk
import Foundation
import TestProcesses
import Testing

/// The GTK 3 binding's input watch with real input through the X server (XTest, by xdotool):
/// what a person types and clicks reaches the app's widgets untouched, holds the prompt, and the
/// prompt comes once the app has been quiet.
extension GtkSuites.GtkLifecycleTests {
    @Test(
        "Keys, clicks and scrolling in the app's window reach its widgets untouched and hold the prompt until the quiet time passes"
    )
    func inputHoldsThePrompt() async throws {
        let binding = try attach(quietTime: 1)
        activate()
        let window = try #require(gtk_application_window_new(application))
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        let entry = gtk_entry_new()!
        let button = gtk_button_new_with_label("Export")!
        let clicks = ClickCount()
        Signal.connect(UnsafeMutableRawPointer(button), "clicked") { clicks.count += 1 }
        gtk_box_pack_start(cast(column), entry, 0, 0, 0)
        gtk_box_pack_start(cast(column), button, 0, 0, 0)
        gtk_container_add(cast(window), column)
        gtk_window_set_default_size(cast(window), 300, 120)
        gtk_widget_show_all(window)
        for _ in 0..<100 where gtk_widget_get_mapped(window) == 0 {
            DialogDriver.pump()
            try await Task.sleep(for: .milliseconds(10))
        }
        try await Focus.give(to: window)
        gtk_widget_grab_focus(entry)
        defer { gtk_widget_destroy(window) }

        try await xdotool("type", "--delay", "50", "notes")
        try await settle(until: { entryText(entry) == "notes" })
        #expect(entryText(entry) == "notes", "every key reached the entry")
        #expect(binding.scheduler.breakHolds.contains { if case .activity = $0 { true } else { false } })

        var allocation = GtkAllocation()
        gtk_widget_get_allocation(button, &allocation)
        let xid = String(gdk_x11_window_get_xid(gtk_widget_get_window(window)))
        try await xdotool(
            "mousemove", "--window", xid, String(allocation.x + allocation.width / 2),
            String(allocation.y + allocation.height / 2), "click", "1")
        try await settle(until: { clicks.count == 1 })
        #expect(clicks.count == 1, "the click reached the button")

        // The click finished a task: the prompt waits for the quiet time after it.
        let task = try #require(binding.engine.significantEvent("export"), "the rules allow the prompt")
        try await settle(until: { false }, for: 0.6)
        // A scroll, as the person looks over their work: without it the prompt would come 0.4 s later.
        let scrolled = Date()
        try await xdotool("click", "5")
        try await settle(until: { false }, for: 0.6)
        #expect(DialogDriver.visibleDialogs().isEmpty, "not while the person works")
        let dialog = try await DialogDriver.dialog(titled: "Rate Notes")
        let waited = Date().timeIntervalSince(scrolled)
        #expect(waited >= 0.95 && waited < 2.5, "the prompt came \(waited) s after the scroll; the quiet time is 1 s")
        DialogDriver.click("Remind Me _Later", in: dialog)
        #expect(await task.value == .answered(.remindLater))
        emitShutdown(application)
    }

    /// Runs xdotool with `arguments` and lets GTK handle what it sent.
    private func xdotool(_ arguments: String...) async throws {
        _ = try ChildProcess.run("/usr/bin/xdotool", arguments)
        try await settle(until: { false }, for: 0.1)
    }

    /// Lets GTK and the main actor run until `condition` holds, for up to `seconds`.
    private func settle(until condition: () -> Bool, for seconds: Double = 3) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition(), Date() < deadline {
            DialogDriver.pump()
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    private func entryText(_ entry: UnsafeMutablePointer<GtkWidget>) -> String {
        gtk_entry_get_text(cast(entry)).map { String(cString: $0) } ?? ""
    }
}

/// How often a button was clicked.
@MainActor
private final class ClickCount {
    var count = 0
}
