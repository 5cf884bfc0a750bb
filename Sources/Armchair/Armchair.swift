@_exported public import ArmchairCore
@_exported public import ArmchairDelivery
public import Logging

extension RatingEngine {
    /// Creates an engine that sends feedback and reviews over the network when the configuration
    /// asks for it (``NetworkDelivery``); see ArmchairCore's initializer for the parameters.
    ///
    /// - Parameters:
    ///   - configuration: The settings; checked with `Configuration.validate()`.
    ///   - store: Where the state is kept. Default: a `KeyFileStore` under `$XDG_STATE_HOME`.
    ///   - presenter: Shows the prompt. Default: none, so nothing is shown.
    ///   - clock: The current time. Default: the system clock.
    ///   - environment: The environment for the review destination, the default store and
    ///     `ARMCHAIR_DEBUG`. Default: this process's.
    ///   - logger: Where decisions and recovered errors go.
    /// - Throws: `ConfigurationError` when the configuration is not usable.
    public convenience init(
        configuration: Configuration,
        store: (any KeyValueStore)? = nil,
        presenter: (any RatingPresenter)? = nil,
        clock: any WallClock = SystemWallClock(),
        environment: [String: String]? = nil,
        logger: Logger = Logger(label: "armchair")
    ) throws(ConfigurationError) {
        try self.init(
            configuration: configuration, store: store, presenter: presenter, clock: clock, environment: environment,
            logger: logger, delivery: NetworkDelivery())
    }
}
