/// The engine whose prompt a presenter is showing, for the task that shows it: the windows a
/// presenter opens belong to that engine, and ``RatingEngine/closePrompt()`` closes only its own,
/// never those of another engine in the same process.
package enum PromptOwner {
    /// The engine the current task shows a prompt for; `nil` outside an engine's prompt.
    @TaskLocal package static var current: ObjectIdentifier?
}
