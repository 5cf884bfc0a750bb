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

    /// Gives the app its token in the desktop's record if it has none yet; part of the change
    /// that records a prompt.
    ///
    /// - Returns: The app's token, or `nil` when the engine does not take part.
    func takeDesktopToken(_ state: inout RatingState) -> String? {
        guard desktop != nil else { return nil }
        if state.desktopToken == nil { state.desktopToken = DesktopRecord.newToken() }
        return state.desktopToken
    }

    /// Records a prompt of this app in the desktop's record, after the app's own state counted it.
    func recordDesktopPrompt(token: String?, at date: Date) {
        guard let token else { return }
        desktop?.recordPrompt(by: token, at: date)
    }
}
