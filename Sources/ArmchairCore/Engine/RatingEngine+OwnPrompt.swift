extension RatingEngine {
    /// Records that the app shows a rating prompt of its own now, as the engine records its own
    /// before it appears: the yearly cap and the minimum time between prompts count it, and
    /// ``Callbacks/didDisplayAlert`` fires, and the desktop's record counts it for the quiet period
    /// between apps. Prompts in debug mode are not counted, as the engine's are not.
    ///
    /// For the C library's engine without a toolkit, whose app asks ``decision()``, shows its own
    /// question and records the answer with ``record(_:)``. (A Swift app gives its own UI as a
    /// ``RatingPresenter`` instead.)
    package func recordOwnPromptShown() {
        let now = clock.now
        if !configuration.isDebugActive {
            let token = desktop == nil ? nil : keeper.state.desktopToken ?? DesktopRecord.newToken()
            let kept = change { [self] state in
                state.recordPrompt(at: now)
                return keepDesktopToken(token, &state)
            }
            recordOwnDesktopPrompt(token: kept, at: now)
        }
        callbacks.didDisplayAlert?()
    }
}
