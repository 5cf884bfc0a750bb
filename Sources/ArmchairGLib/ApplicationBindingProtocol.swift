public import ArmchairCore

/// Armchair attached to a `GtkApplication`, whatever its toolkit: what GTK 3's and libadwaita's
/// `ApplicationBinding` share, and what libarmchair's `ArmchairApplicationBinding` reaches.
///
/// Code that works with either toolkit (a plugin, a helper of the app's) takes the binding as
/// `any ApplicationBindingProtocol`:
///
/// ```swift
/// func export(_ file: File, binding: any ApplicationBindingProtocol) async {
///     let cookie = binding.markBusy("exporting")
///     defer { binding.unmarkBusy(cookie) }
///     await file.export()
/// }
/// ```
@MainActor
public protocol ApplicationBindingProtocol: AnyObject {
    /// The engine, for significant events and explicit prompts.
    var engine: RatingEngine { get }
    /// Decides when to count and check, from the signals the binding reports.
    var scheduler: PromptScheduler { get }
    /// Ends the binding now, before the application shuts down: Armchair disconnects from the
    /// application and its windows, and the engine, which still counts, never prompts again.
    func end()
}

extension ApplicationBindingProtocol {
    /// When the binding counts and checks: at first the configuration's
    /// `Configuration.scheduling`; a change applies at once.
    public var settings: PromptScheduler.Settings {
        get { scheduler.settings }
        set { scheduler.settings = newValue }
    }

    /// Says that the app is busy (exporting, recording, presenting): no automatic prompt comes
    /// until ``unmarkBusy(_:)`` is called with the cookie this returns. Marks add up.
    ///
    /// - Parameter reason: Why, in a few words, for the decision and the debug log.
    /// - Returns: The cookie for ``unmarkBusy(_:)``, never 0.
    @discardableResult
    public func markBusy(_ reason: String) -> UInt32 {
        scheduler.markBusy(reason)
    }

    /// Ends what ``markBusy(_:)`` began; an unknown cookie is ignored with a warning.
    public func unmarkBusy(_ cookie: UInt32) {
        scheduler.unmarkBusy(cookie)
    }
}
