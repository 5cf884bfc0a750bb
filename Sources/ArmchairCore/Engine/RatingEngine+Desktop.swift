import Logging

import struct FoundationEssentials.Date

extension RatingEngine {
    /// What the desktop says now, when the engine takes part in its rules (it uses the default
    /// store); `nil` otherwise.
    func desktopContext() -> DesktopContext? {
        desktop?.context(token: keeper.state.desktopToken)
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

    /// Takes this prompt's place in the desktop's record before it shows, when the decision
    /// consulted the desktop: of two apps deciding at the same moment, one prompts.
    ///
    /// - Returns: Whether the prompt may show, and the token it was recorded under (which
    ///   ``keepDesktopToken(_:_:)`` makes the app's own), if it was.
    func claimDesktopPrompt(_ decision: Decision, at date: Date) -> (allowed: Bool, token: String?) {
        guard let desktop, let context = decision.desktop, !decision.isDebugOverride else { return (true, nil) }
        let token = keeper.state.desktopToken ?? DesktopRecord.newToken()
        let allowed = desktop.claimPrompt(by: token, at: date, quietDays: context.policy.quietDays.value)
        return (allowed, allowed ? token : nil)
    }

    /// Keeps `token`, under which the prompt was recorded, as the app's token, unless another
    /// process of the app gave it one first; part of the change that records the prompt.
    ///
    /// - Returns: The token the record must be moved to: the one the app kept, when it differs.
    func keepDesktopToken(_ token: String?, _ state: inout RatingState) -> String? {
        guard let token else { return nil }
        guard let kept = state.desktopToken else {
            state.desktopToken = token
            return nil
        }
        return kept == token ? nil : kept
    }

    /// Moves this prompt in the desktop's record from `claimed` to the app's own token, which
    /// another process of the app had just made.
    func moveDesktopPrompt(from claimed: String?, to kept: String?, at date: Date) {
        guard let claimed, let kept else { return }
        _ = desktop?.claimPrompt(by: kept, at: date, quietDays: 0, replacing: claimed)
    }

    /// Records a prompt the app showed with its own UI in the desktop's record, under the app's
    /// `token`: the app already asked, so nothing can hold it back now.
    func recordOwnDesktopPrompt(token: String?, at date: Date) {
        guard let token else { return }
        _ = desktop?.claimPrompt(by: token, at: date, quietDays: 0)
    }
}
