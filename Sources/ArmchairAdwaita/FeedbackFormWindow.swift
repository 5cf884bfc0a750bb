import ArmchairCore
import CGtk4

@MainActor
enum FeedbackFormWindow {
    static func present(
        _ form: FeedbackForm, parent: UnsafeMutablePointer<GtkWindow>?,
        send: @escaping @MainActor (FeedbackDraft) async -> FeedbackError?
    ) async -> FeedbackFormOutcome {
        .cancelled
    }
}
