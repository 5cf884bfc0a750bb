/// The outcome of a prompt that waits for a natural break, promised to every call that asked for
/// it: each gets a task that ends with the outcome once the prompt has come and gone, or once it
/// can no longer come.
@MainActor
final class OutcomePromise {
    private var outcome: PromptOutcome?
    private var waiters: [CheckedContinuation<PromptOutcome, Never>] = []

    /// A task that ends with the outcome.
    func task() -> Task<PromptOutcome, Never> {
        Task { await value }
    }

    /// Gives every waiter `outcome`; only the first call counts.
    func fulfil(_ outcome: PromptOutcome) {
        guard self.outcome == nil else { return }
        self.outcome = outcome
        let waiters = waiters
        self.waiters = []
        for waiter in waiters { waiter.resume(returning: outcome) }
    }

    /// Fulfils the promise with `prompt`'s outcome once it ends, or at once with `skipped` when no
    /// prompt started.
    func fulfil(after prompt: Task<PromptOutcome, Never>?, orElse skipped: PromptOutcome) {
        guard let prompt else { return fulfil(skipped) }
        Task { fulfil(await prompt.value) }
    }

    private var value: PromptOutcome {
        get async {
            if let outcome { return outcome }
            return await withCheckedContinuation { waiters.append($0) }
        }
    }
}
