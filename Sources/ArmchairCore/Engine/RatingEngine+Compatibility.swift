/// The names apps know from the iOS rating libraries (Appirater, Armchair, iRate), so that code
/// and habits carry over; each is an alias of the API above, which new code should use.
/// <doc:Migrating> maps every setting and call.
extension RatingEngine {
    /// Appirater's `appLaunched:` — ``appLaunched()``, or a count without a prompt.
    ///
    /// - Parameter canPromptForRating: Whether the prompt may appear now if the rules allow.
    @discardableResult
    public func appLaunched(canPromptForRating: Bool) -> Task<PromptOutcome, Never>? {
        countLaunch()
        return canPromptForRating ? promptAfterUse() : nil
    }

    /// Appirater's `appEnteredForeground:` — ``appEnteredForeground()``, or a count without a prompt.
    ///
    /// - Parameter canPromptForRating: Whether the prompt may appear now if the rules allow.
    @discardableResult
    public func appEnteredForeground(canPromptForRating: Bool) -> Task<PromptOutcome, Never>? {
        countReturn()
        return canPromptForRating ? promptAfterUse() : nil
    }

    /// Appirater's and Armchair's `userDidSignificantEvent:` — ``significantEvent(_:weight:mayPrompt:)``
    /// without a name.
    ///
    /// - Parameter canPromptForRating: Whether the prompt may appear now if the rules allow.
    @discardableResult
    public func userDidSignificantEvent(canPromptForRating: Bool = true) -> Task<PromptOutcome, Never>? {
        significantEvent(mayPrompt: canPromptForRating)
    }

    /// ``significantEvent(_:weight:mayPrompt:)`` under the Appirater name.
    ///
    /// - Parameters:
    ///   - name: The event's name.
    ///   - weight: How much it counts; default: its weight in ``Configuration/eventWeights``, else 1.
    ///   - canPromptForRating: Whether the prompt may appear now if the rules allow.
    @discardableResult
    public func userDidSignificantEvent(
        named name: String, weight: Int? = nil, canPromptForRating: Bool = true
    ) -> Task<PromptOutcome, Never>? {
        significantEvent(name, weight: weight, mayPrompt: canPromptForRating)
    }

    /// Armchair's closure variant: a significant event after which only `shouldPrompt` decides
    /// whether to prompt — ``significantEvent(_:weight:mayPrompt:)`` without a prompt, then
    /// ``showPrompt(shouldPrompt:)``.
    ///
    /// The limits on how often anyone is asked still hold (``Decision/limitsPassed``).
    @discardableResult
    public func userDidSignificantEvent(
        shouldPrompt: @MainActor (TrackingInfo) -> Bool
    ) -> Task<PromptOutcome, Never>? {
        significantEvent(mayPrompt: false)
        return showPrompt(shouldPrompt: shouldPrompt)
    }

    /// iRate's `logEvent:` — `deferPrompt: true` counts a significant event without prompting.
    @discardableResult
    public func logEvent(deferPrompt: Bool) -> Task<PromptOutcome, Never>? {
        significantEvent(mayPrompt: !deferPrompt)
    }

    /// Armchair's `ratingConditionsHaveBeenMet` — ``decision()``'s ``Decision/shouldPrompt``.
    public func ratingConditionsHaveBeenMet() -> Bool {
        decision().shouldPrompt
    }

    /// Armchair's `reviewURLString()` — the first of ``destination``'s addresses.
    public func reviewURLString() -> String { destination.primary }

    /// iRate's `openRatingsPageInAppStore`: opens the review page without recording anything,
    /// for an app that shows its own prompt and records the answer with ``record(_:)``.
    ///
    /// - Returns: The task that opens the page; its value is the address that opened, or `nil`.
    @discardableResult
    public func openRatingsPage() -> Task<String?, Never> {
        Task { await openReviewPage() }
    }
}
