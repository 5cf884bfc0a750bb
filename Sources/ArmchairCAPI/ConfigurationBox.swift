package import ArmchairCore
import Synchronization

/// The Swift side of an `ArmchairConfiguration`: the one copy of its settings, behind a lock,
/// since GObject lets any thread set a property.
package final class ConfigurationBox: Sendable {
    /// What the box holds besides the configuration itself.
    package struct Contents: Sendable {
        /// The settings, with Armchair's defaults until something sets them.
        package var configuration = Configuration(appID: "")
        /// The grace days of ``UpdatePolicy/keepCounters(graceDays:)``, kept while the policy is
        /// ``UpdatePolicy/resetCounters`` so that switching back restores them.
        package var graceDays: Double = 3
    }

    private let contents = Mutex(Contents())

    /// A box with the defaults.
    package init() {}

    /// Reads or changes the contents under the lock.
    package func withContents<Result>(_ body: (inout Contents) -> Result) -> Result {
        contents.withLock { body(&$0) }
    }

    /// The configuration, once it passes `Configuration.validate()`.
    ///
    /// - Throws: `ConfigurationError` listing every problem.
    package func validated() throws(ConfigurationError) -> Configuration {
        let configuration = withContents { $0.configuration }
        try configuration.validate()
        return configuration
    }
}
