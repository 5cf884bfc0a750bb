import Logging

import struct FoundationEssentials.Date

extension RatingEngine {
    /// What the desktop says now, when the engine takes part in its rules (it uses the default
    /// store); `nil` otherwise.
    func desktopContext() -> DesktopContext? {
        desktop?.context(token: keeper.state.desktopToken, now: clock.now)
    }

    /// Whether in-app reviews and feedback may be sent, as the person's and administrator's
    /// `reviews-and-feedback` switch says; logged when they may not.
    var desktopAllowsSending: Bool {
        guard let policy = desktop?.policy(), !policy.reviewsAndFeedback.value else { return true }
        logger.info(
            "In-app reviews and feedback are turned off \(policy.reviewsAndFeedback.source); \"Rate\" opens the software centre."
        )
        return false
    }

    /// The token a prompt of this decision is recorded under in the desktop's record: the app's,
    /// or a new one that ``keepDesktopToken(_:_:)`` makes the app's; `nil` when the prompt is not
    /// recorded there (debug mode, or an engine that keeps out of the desktop).
    func desktopTokenCandidate(for decision: Decision) -> String? {
        guard desktop != nil, decision.desktop != nil, !decision.isDebugOverride else { return nil }
        return keeper.state.desktopToken ?? DesktopRecord.newToken()
    }

    /// Keeps `candidate` as the app's token unless it has one (another process of the app may
    /// have just made it); part of the change that records the prompt.
    ///
    /// - Returns: The app's token, or `nil` without a candidate.
    func keepDesktopToken(_ candidate: String?, _ state: inout RatingState) -> String? {
        guard let candidate else { return nil }
        if state.desktopToken == nil { state.desktopToken = candidate }
        return state.desktopToken
    }

    /// Takes this prompt's place in the desktop's record under `token`, in one locked step:
    /// refused while another app's quiet period runs, so that of two apps deciding at the same
    /// moment one prompts.
    ///
    /// - Returns: Whether the prompt may show.
    func claimDesktopPrompt(_ decision: Decision, token: String?, at date: Date) -> Bool {
        guard let desktop, let token, let context = decision.desktop else { return true }
        return desktop.claimPrompt(by: token, at: date, quietDays: context.policy.quietDays.value)
    }

    /// Records a prompt the app showed with its own UI in the desktop's record, under the app's
    /// `token`: the app already asked, so nothing can hold it back now.
    func recordOwnDesktopPrompt(token: String?, at date: Date) {
        guard let token else { return }
        _ = desktop?.claimPrompt(by: token, at: date, quietDays: 0)
    }
}
