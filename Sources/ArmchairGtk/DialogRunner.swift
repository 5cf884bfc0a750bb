import ArmchairGLib
import CGtk

/// Shows a dialog and waits for its answer without blocking the main loop.
///
/// A dialog ends with its first response that is not kept open, or when it is destroyed without
/// one (its parent window closed: "not now"). A form that is sending when its window closes
/// cancels the sending task, keeps the answer open until the sending ends, and then gives the
/// real outcome with ``finish(_:)``.
@MainActor
final class DialogRunner {
    /// The response ID GTK sends when the dialog is closed with Escape or the window's close button.
    static let closed = Int32(GTK_RESPONSE_DELETE_EVENT.rawValue)

    private var continuation: CheckedContinuation<Int32, Never>?
    /// The form's submission under way, cancelled when the dialog is destroyed during it.
    private var submission: Task<Void, Never>?
    /// Whether the dialog has been destroyed; its widgets must not be touched any more.
    private(set) var isDestroyed = false

    /// Presents `dialog` and returns the first response; the dialog is destroyed afterwards.
    static func run(_ dialog: UnsafeMutablePointer<GtkDialog>) async -> Int32 {
        await DialogRunner().run(dialog)
    }

    /// Presents the form `dialog` and returns its answer. Its `submitResponse` (Send, Publish)
    /// starts `submit` in a task of its own and leaves the form open; while `isBusy`, nothing but
    /// its window closes it, and if the window closes then, that task is cancelled (the work may
    /// end early) and the form's ``finish(_:)`` gives the outcome.
    func runForm(
        _ dialog: UnsafeMutablePointer<GtkDialog>, submitResponse: Int32, isBusy: @escaping @MainActor () -> Bool,
        submit: @escaping @MainActor () async -> Void
    ) async -> Int32 {
        await run(
            dialog,
            keepOpen: { [self] response in
                if isBusy() { return true }
                guard response == submitResponse else { return false }
                submission = Task { await submit() }
                return true
            },
            waitsAfterDestroy: { [self] in
                guard isBusy() else { return false }
                submission?.cancel()
                return true
            })
    }

    /// Presents `dialog` and returns its answer.
    ///
    /// - Parameters:
    ///   - keepOpen: Return true to handle a response without closing.
    ///   - waitsAfterDestroy: Return true when the dialog is destroyed in the middle of something
    ///     whose outcome is the answer; then ``finish(_:)`` gives it.
    private func run(
        _ dialog: UnsafeMutablePointer<GtkDialog>, keepOpen: @escaping @MainActor (Int32) -> Bool = { _ in false },
        waitsAfterDestroy: @escaping @MainActor () -> Bool = { false }
    ) async -> Int32 {
        await withCheckedContinuation { continuation in
            self.continuation = continuation
            Signal.connect(UnsafeMutableRawPointer(dialog), "response") { [self] (response: Int32) in
                guard !isDestroyed, !keepOpen(response) else { return }
                finish(response)
                gtk_widget_destroy(cast(dialog))
            }
            Signal.connect(UnsafeMutableRawPointer(dialog), "destroy") { [self] in
                isDestroyed = true
                if !waitsAfterDestroy() { finish(Self.closed) }
            }
            PresentedWindows.add(UnsafeMutableRawPointer(dialog))
            gtk_window_present(cast(dialog))
        }
    }

    /// Ends the wait with `response`; later calls do nothing.
    func finish(_ response: Int32) {
        continuation?.resume(returning: response)
        continuation = nil
    }
}
