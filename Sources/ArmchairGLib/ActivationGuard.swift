/// How long a question dialog of Armchair's ignores its buttons after it appears, so that someone
/// who was typing or clicking in the app when it appeared does not answer it by accident: a
/// typist's keys already on their way (Enter, Space) and a click aimed at the app land on
/// nothing. The buttons are shown disabled meanwhile, as browsers do with their permission
/// prompts, and the dialog can still be closed (Escape: "not now").
package enum ActivationGuard {
    /// One second: a person notices a new window and stops in about half of that (reaction time
    /// plus the keys already typed at 5–8 a second), and reading the question before a deliberate
    /// answer takes longer than the whole second.
    package static let seconds = 1.0
}
