/// A toolkit's binding, as libarmchair reaches it: what ties it to its application, which libarmchair's
/// C hands what happened in the app before the binding was made (``ApplicationLink/catchUp(launches:absorbsActivation:activeSince:lastInput:shuttingDown:)``).
@MainActor
package protocol LinkedBinding: ApplicationBindingProtocol {
    /// What ties the binding to its application.
    var link: ApplicationLink { get }
}
