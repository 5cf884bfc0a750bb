import Logging

import struct FoundationEssentials.Date

extension RatingEngine {
    /// Shows the prompt if the rules allow it now and the app's ``Callbacks/shouldPrompt`` agrees.
    ///
    /// With a GTK binding (or another ``PromptScheduler``), the prompt the rules allow comes at the
    /// next natural break in the app, not at once: a few seconds after the last key, click or
    /// scroll, with no key held, no window fullscreen, the app not busy and the screen unlocked.
    /// The returned task then waits for that moment first; ``PromptScheduler/isPromptWaiting``
    /// and the decision's ``Decision/breakHolds`` say that it waits, and for what.
    ///
    /// - Parameter asksSatisfactionFirst: Whether this prompt starts with "Are you enjoying…?";
    ///   default: ``Configuration/asksSatisfactionFirst``.
    /// - Returns: The task that shows the prompt and records the answer; await its value to know
    ///   what happened. `nil` when the rules do not allow the prompt now (the reason is logged at
    ///   debug level), or, without a scheduler, when nothing is shown.
    @discardableResult
    public func showPromptIfNecessary(asksSatisfactionFirst: Bool? = nil) -> Task<PromptOutcome, Never>? {
        keeper.refresh()
        return promptIfAllowed(asksSatisfactionFirst: asksSatisfactionFirst)
    }

    /// ``showPromptIfNecessary(asksSatisfactionFirst:)`` right after a change: the change has just read the latest state
    /// from the store, so it is not read again.
    func promptIfAllowed(
        asksSatisfactionFirst: Bool? = nil, waitsForBreak: Bool = true
    ) -> Task<PromptOutcome, Never>? {
        startPromptIfAllowed(asksSatisfactionFirst: asksSatisfactionFirst, waitsForBreak: waitsForBreak).task
    }

    /// Shows the prompt if the rules allow it now, on the state read from the store, for a caller
    /// with no use for a task of its outcome: the C library, whose signals report the answer.
    package func requestPromptIfNecessary() -> PromptStart {
        keeper.refresh()
        return startPromptIfAllowed(reportsOutcome: false)
    }

    /// Shows the prompt if the rules allow it now, on the last known state.
    ///
    /// - Parameters:
    ///   - waitsForBreak: Whether a prompt the rules allow waits for the scheduler's next natural
    ///     break (when there is a scheduler), rather than showing at once.
    ///   - reportsOutcome: Whether a prompt that waits gets a task that ends with its outcome.
    func startPromptIfAllowed(
        asksSatisfactionFirst: Bool? = nil, waitsForBreak: Bool = true, reportsOutcome: Bool = true
    ) -> PromptStart {
        // The desktop's files are read only when the app's own rules would prompt.
        var decision = evaluate(consultsDesktop: false)
        if decision.shouldPrompt && !decision.isDebugOverride && desktop != nil { decision = evaluate() }
        logger.log(level: decisionLogLevel, "\(decision)")
        guard decision.shouldPrompt else {
            _ = skip(.rules(decision))
            return .notShown
        }
        if waitsForBreak, let naturalBreaks {
            return .waitingForBreak(
                naturalBreaks.promptAtNextBreak(
                    asksSatisfactionFirst: asksSatisfactionFirst, reportsOutcome: reportsOutcome))
        }
        let task = present(
            decision, veto: callbacks.shouldPrompt ?? { _ in true }, asksSatisfactionFirst: asksSatisfactionFirst)
        return task.map { .showing($0) } ?? .notShown
    }

    /// The scheduler's natural break has come: the prompt shows now if the rules, read again from
    /// the store, still allow it.
    func showPromptAtBreak(asksSatisfactionFirst: Bool?) -> Task<PromptOutcome, Never>? {
        keeper.refresh()
        return promptIfAllowed(asksSatisfactionFirst: asksSatisfactionFirst, waitsForBreak: false)
    }

    /// Shows the prompt now, whatever the usage thresholds say, for a moment the app knows is good
    /// (after the user praised the app, say).
    ///
    /// The gates still hold: nobody is asked who rated or declined this version, whose reminder
    /// period is running, or who reached the yearly cap. ``Callbacks/shouldPrompt`` is consulted.
    ///
    /// - Parameter asksSatisfactionFirst: Whether this prompt starts with "Are you enjoying…?";
    ///   default: ``Configuration/asksSatisfactionFirst``. Pass `false` for the rating prompt
    ///   directly (ADAppRater's `promptDirectRating`), after the user praised the app, say.
    @discardableResult
    public func showPrompt(asksSatisfactionFirst: Bool? = nil) -> Task<PromptOutcome, Never>? {
        let decision = decision()
        logger.log(level: decisionLogLevel, "\(decision)")
        guard decision.gatesPassed || decision.isDebugOverride else { return skip(.rules(decision)) }
        return present(
            decision, veto: callbacks.shouldPrompt ?? { _ in true }, asksSatisfactionFirst: asksSatisfactionFirst)
    }

    /// ``showPrompt(asksSatisfactionFirst:)`` when the software centre can be reached: iRate's
    /// `promptIfNetworkAvailable`, which the scheduled checks of a GTK binding do by themselves.
    ///
    /// With the network up (or a binding that does not wait for it, or a Flatpak sandbox without
    /// network permission, where it never comes) the prompt shows at once. Offline, it waits for
    /// the network and then comes at the next natural break, no longer at the moment the app
    /// chose; the task ends with its outcome then. Without a binding, which is what knows the
    /// network, it shows at once. What the gates refuse now (a rating or decline of this version, a
    /// pending reminder, the yearly cap) is not waited for: it returns `nil`, as ``showPrompt(asksSatisfactionFirst:)`` does.
    ///
    /// - Parameter asksSatisfactionFirst: As ``showPrompt(asksSatisfactionFirst:)``.
    @discardableResult
    public func showPromptWhenOnline(asksSatisfactionFirst: Bool? = nil) -> Task<PromptOutcome, Never>? {
        guard let naturalBreaks else { return showPrompt(asksSatisfactionFirst: asksSatisfactionFirst) }
        // What the gates refuse now is not waited for: someone who rated is not asked once online.
        let decision = decision()
        guard decision.gatesPassed || decision.isDebugOverride else {
            logger.log(level: decisionLogLevel, "\(decision)")
            return skip(.rules(decision))
        }
        return naturalBreaks.promptWhenOnline(asksSatisfactionFirst: asksSatisfactionFirst)
    }

    /// ``showPromptWhenOnline(asksSatisfactionFirst:)`` for the C library, which reports whether
    /// the prompt shows now or waits for the network.
    package func requestPromptWhenOnline(asksSatisfactionFirst: Bool?) -> PromptStart {
        let task = showPromptWhenOnline(asksSatisfactionFirst: asksSatisfactionFirst)
        guard let task else { return .notShown }
        return naturalBreaks?.holdsPromptForNetwork == true ? .waitingForNetwork(task) : .showing(task)
    }

    /// An explicit prompt that waited for the network shows now if the gates, read again from the
    /// store, still allow it.
    func showPromptAfterWaiting(asksSatisfactionFirst: Bool?) -> Task<PromptOutcome, Never>? {
        keeper.refresh()
        return showPrompt(asksSatisfactionFirst: asksSatisfactionFirst)
    }

    /// Shows the prompt if `shouldPrompt` returns true, as Armchair's closure variant: the rules'
    /// thresholds and answers and ``Callbacks/shouldPrompt`` are not consulted.
    ///
    /// The limits on how often anyone is asked still hold (``Decision/limitsPassed``): the yearly
    /// cap, the minimum time between prompts, no prompt after a crash, one prompt at a time.
    @discardableResult
    public func showPrompt(shouldPrompt: @MainActor (TrackingInfo) -> Bool) -> Task<PromptOutcome, Never>? {
        let decision = decision()
        logger.log(level: decisionLogLevel, "\(decision)")
        guard decision.limitsPassed || decision.isDebugOverride else { return skip(.rules(decision)) }
        return present(decision, veto: shouldPrompt)
    }

    /// Closes the prompt on screen, if any, as when the person closes it: the answer is "not now"
    /// (``RatingAnswer/dismissed``, recorded like "Remind me later"), never a decline. For an app
    /// that must clear the screen now: a presentation starting, a call coming in. Armchair's
    /// `closeModalPanel` closed the App Store sheet it had opened; here it closes Armchair's own
    /// dialog, whichever step of the flow is open (a form being filled sends nothing).
    ///
    /// A prompt still waiting for a natural break is not on screen, and stays waiting: mark the app
    /// busy (the binding's `markBusy`) to hold it back.
    public func closePrompt() {
        PromptOwner.$current.withValue(ObjectIdentifier(self)) { (promptPresenter ?? presenter)?.closeOpenPrompt() }
    }

    /// Opens the review page and records this version as rated, for an explicit "Rate this app"
    /// command in the app's menu.
    ///
    /// - Returns: The task that opens the page; its value is the address that opened, or `nil`.
    @discardableResult
    public func rateApp() -> Task<String?, Never> {
        record(.rate)
        return Task { await openReviewPage() }
    }

    /// Records an answer the app collected with its own UI, exactly as if the presenter had
    /// returned it: state, history and callbacks. It does not open the review page; call
    /// ``rateApp()`` instead of recording ``RatingAnswer/rate`` to do both.
    public func record(_ answer: RatingAnswer) {
        let (now, version, process) = (clock.now, configuration.appVersion, process)
        change { state in
            state.record(answer, version: version, at: now)
            state.releasePromptHold(of: process)
        }
        switch answer {
        case .rate: callbacks.didOptToRate?()
        case .remindLater, .dismissed: callbacks.didOptToRemindLater?()
        case .decline: callbacks.didDeclineToRate?()
        case .sentFeedback: break  // didSendFeedback fired when it was delivered
        }
        callbacks.didRecordAnswer?(answer)
    }

    // MARK: Private

    /// Decisions are logged at debug level, or at notice level in debug mode, where a developer
    /// wants to see each one without configuring a log handler.
    private var decisionLogLevel: Logger.Level { configuration.isDebugActive ? .notice : .debug }

    private func skip(_ reason: PromptSkipReason) -> Task<PromptOutcome, Never>? {
        lastSkipReason = reason
        if case .rules = reason {} else { logger.log(level: decisionLogLevel, "Not prompting: \(reason).") }
        return nil
    }

    /// Shows the prompt unless one is showing, there is no presenter, or `veto` says no; records
    /// the prompt before it appears and the answer after.
    private func present(
        _ decision: Decision, veto: @MainActor (TrackingInfo) -> Bool, asksSatisfactionFirst: Bool? = nil
    ) -> Task<PromptOutcome, Never>? {
        guard !isPromptInProgress else { return skip(.alreadyShowing) }
        // An engine made without a presenter belongs to an app that shows its own prompt (a
        // terminal or Qt app through the C library): that is a decision, not a problem to warn about.
        guard let presenter else { return skip(.noPresenter) }
        guard presenter.canPresent else {
            logger.warning(
                "The rating prompt would show now, but there is no presenter that can show it (no display?).")
            return skip(.noPresenter)
        }
        // Taken before any app callback runs, so a callback that asks for a prompt cannot stack a second.
        isPromptInProgress = true
        let info = TrackingInfo(state: keeper.state, decision: decision)
        guard veto(info) else {
            isPromptInProgress = false
            return skip(.declinedByApp)
        }

        // Take the prompt for this process in one atomic step, so that of two windows or processes
        // deciding at the same moment exactly one shows it.
        let (now, process, running) = (clock.now, process, runningProcesses)
        running.markThisProcess()
        let candidate = desktopTokenCandidate(for: decision)
        let (heldElsewhere, token) = change { [self] state -> (Bool, String?) in
            guard !state.isPromptHeld(byOtherThan: process, at: now, isRunning: running.isRunning) else {
                return (true, nil)
            }
            state.promptHold = PromptHold(process: process, expires: now.addingTimeInterval(PromptHold.duration))
            // A developer's prompts in debug mode must not hold back their own later tries.
            if !decision.isDebugOverride { state.recordPrompt(at: now) }
            return (false, keepDesktopToken(candidate, &state))
        }
        guard !heldElsewhere else {
            isPromptInProgress = false
            return skip(.alreadyShowing)
        }
        // Of two apps deciding at once, the one that records its prompt in the desktop's record
        // first shows it; the other takes back its hold and its count.
        guard claimDesktopPrompt(decision, token: token, at: now) else {
            change { state in
                state.releasePromptHold(of: process)
                state.promptDates.removeAll { $0 == now }
            }
            isPromptInProgress = false
            return skip(.rules(evaluate()))
        }

        let prompt = content.ratingPrompt(isUpdatePrompt: decision.isUpdatePrompt, destination: destination)
        logger.info(
            decision.isDebugOverride
                ? "Showing the rating prompt in debug mode; it does not count against the limits."
                : "Showing the rating prompt.")
        let satisfactionFirst = asksSatisfactionFirst ?? configuration.asksSatisfactionFirst
        let owner = ObjectIdentifier(self)
        let shown = presenterWrapper?(presenter) ?? presenter
        promptPresenter = shown
        return Task {
            let answer = await PromptOwner.$current.withValue(owner) {
                satisfactionFirst
                    ? await runSatisfactionFlow(shown, ratingPrompt: prompt)
                    : await runRatingPrompt(shown, prompt)
            }
            promptPresenter = nil
            isPromptInProgress = false
            logger.info("The rating prompt ended: \(answer.rawValue).")
            return .answered(answer)
        }
    }

    /// Shows the rating prompt and records the answer; "Rate" leads on to the review form or page.
    func runRatingPrompt(_ presenter: any RatingPresenter, _ prompt: RatingPrompt) async -> RatingAnswer {
        callbacks.didDisplayAlert?()
        let answer = await presenter.presentRatingPrompt(prompt)
        if answer == .rate { return await rate(presenter) }
        record(answer)
        return answer
    }

    /// The user chose to rate: the in-app review form when it is on, else the review page.
    ///
    /// - Returns: ``RatingAnswer/rate``, or ``RatingAnswer/dismissed`` when the user closed the
    ///   review form without publishing ("not now").
    func rate(_ presenter: any RatingPresenter) async -> RatingAnswer {
        if let publisher = reviewPublisher, desktopAllowsSending {
            switch await runReviewForm(presenter, publisher).form {
            case .submitted:
                record(.rate)
                return .rate
            case .cancelled:
                record(.dismissed)
                return .dismissed
            case .notShown:
                break
            }
        }
        record(.rate)
        await openReviewPage()
        return .rate
    }

    /// Opens the review page through the presenter, trying each address in turn, unless the app
    /// opens it itself.
    @discardableResult
    func openReviewPage() async -> String? {
        if let shouldOpen = callbacks.shouldOpenStore, await !shouldOpen(destination) {
            logger.debug("The app opens the review page itself.")
            return nil
        }
        var failures: [ReviewPageError.Failure] = []
        if presenter != nil || openerWithoutPresenter != nil {
            for address in destination.addresses {
                do {
                    try await open(address)
                    if !failures.isEmpty { logger.notice("Opened the review page at \(address) instead.") }
                    callbacks.didOpenStore?(address)
                    return address
                } catch {
                    failures.append(.init(address: address, reason: error.reason))
                }
            }
        } else {
            failures.append(.init(address: destination.primary, reason: "no presenter can open it"))
        }
        let error = ReviewPageError(failures: failures)
        logger.warning("\(error)")
        callbacks.couldNotOpenStore?(error)
        return nil
    }

    /// Opens `address` through the presenter, or, without one, through ``openerWithoutPresenter``.
    private func open(_ address: String) async throws(OpenURIError) {
        if let presenter {
            try await presenter.openURI(address)
        } else {
            try await openerWithoutPresenter?(address)
        }
    }
}
