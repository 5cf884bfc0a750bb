package import Logging

/// `ARMCHAIR_DEBUG`: turns debug mode on from the environment, without rebuilding the app.
///
/// `ARMCHAIR_DEBUG=1` (or `true`, `yes`, `on`) sets ``Configuration/debugEnabled``: the prompt shows
/// every time it is checked, and every decision is logged at notice level, which the default
/// log handler prints. The build rule of ``Configuration/isDebugActive`` still applies: a release
/// build of Armchair ignores the variable unless the app set
/// ``Configuration/allowsDebugInReleaseBuilds``, so a user's stray variable cannot make a shipped
/// app nag. `0`, `false`, `no`, `off` or an empty value leave the configuration as it is.
package enum DebugSwitch {
    /// The variable's name.
    public static let variable = "ARMCHAIR_DEBUG"

    /// Applies the variable in `environment` to `configuration`, explaining what it did in `logger`.
    ///
    /// - Returns: The configuration, with ``Configuration/debugEnabled`` set when the variable
    ///   asks for it.
    public static func apply(
        to configuration: Configuration, environment: [String: String], logger: Logger
    ) -> Configuration {
        apply(to: configuration, environment: environment, logger: logger, isDebugBuild: BuildType.isDebug)
    }

    /// ``apply(to:environment:logger:)`` as a debug or a release build of Armchair does it.
    ///
    /// Debug mode asked for, by the variable or by ``Configuration/debugEnabled``, is logged at
    /// notice level either way: that it is on, or that a release build ignores it.
    static func apply(
        to configuration: Configuration, environment: [String: String], logger: Logger, isDebugBuild: Bool
    ) -> Configuration {
        var configuration = configuration
        var source = "debugEnabled"
        if let value = environment[variable] {
            switch value.lowercased() {
            case "1", "true", "yes", "on":
                configuration.debugEnabled = true
                source = variable
            case "", "0", "false", "no", "off":
                break
            default:
                logger.warning("\(variable)=\(value) is not understood; use 1 to turn debug mode on. Ignoring it.")
            }
        }
        guard configuration.debugEnabled else { return configuration }
        if configuration.isDebugActive(inDebugBuild: isDebugBuild) {
            logger.notice("\(source) is set: the rating prompt shows every time it is checked.")
        } else {
            logger.notice(
                "\(source) is set but ignored: this is a release build of Armchair, and the app has not set allowsDebugInReleaseBuilds."
            )
        }
        return configuration
    }
}
