import ArmchairCore
import CGtk4

@MainActor
enum ReviewFormWindow {
    static func present(
        _ form: ReviewForm, parent: UnsafeMutablePointer<GtkWindow>?,
        publish: @escaping @MainActor (ReviewDraft) async -> String?
    ) async -> ReviewFormOutcome {
        .cancelled
    }
}
