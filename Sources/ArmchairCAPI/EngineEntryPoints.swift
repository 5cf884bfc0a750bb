public import ArmchairCore
import ArmchairDelivery
public import CArmchair

// The Swift side of `armchair_engine_*`. The C wrappers have checked every argument (type,
// NULL, main thread) before any of these runs, so nothing here needs to trap. They are
// `@MainActor`: the C wrappers refuse calls from other threads with a critical.

/// The Swift `Configuration` an `ArmchairConfiguration` describes.
public func armchairConfiguration(from object: OpaquePointer) -> Configuration {
    let appID = armchair_configuration_get_app_id(object).map { String(cString: $0) } ?? ""
    let appVersion = armchair_configuration_get_app_version(object).map { String(cString: $0) }
    var configuration = Configuration(appID: appID, appVersion: appVersion)
    configuration.daysUntilPrompt = armchair_configuration_get_days_until_prompt(object)
    configuration.debugEnabled = armchair_configuration_get_debug_enabled(object) != 0
    configuration.allowsDebugInReleaseBuilds = armchair_configuration_get_allows_debug_in_release_builds(object) != 0
    return configuration
}

/// Sets `error` (a `GError **`, maybe NULL) to a configuration error.
public func armchairSetError(
    _ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?, _ problem: ConfigurationError
) {
    g_set_error_literal(error, armchair_error_quark(), gint(ARMCHAIR_ERROR_CONFIGURATION.rawValue), "\(problem)")
}

@MainActor
func engine(_ pointer: UnsafeMutableRawPointer) -> RatingEngine {
    Unmanaged<RatingEngine>.fromOpaque(pointer).takeUnretainedValue()
}

@MainActor
@_cdecl("armchair_swift_engine_create")
func armchairSwiftEngineCreate(
    _ configuration: OpaquePointer, _ gerror: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
) -> UnsafeMutableRawPointer? {
    do throws(ConfigurationError) {
        let engine = try RatingEngine(
            configuration: armchairConfiguration(from: configuration), delivery: NetworkDelivery())
        return Unmanaged.passRetained(engine).toOpaque()
    } catch {
        armchairSetError(gerror, error)
        return nil
    }
}

@_cdecl("armchair_swift_engine_release")
func armchairSwiftEngineRelease(_ pointer: UnsafeMutableRawPointer) {
    Unmanaged<AnyObject>.fromOpaque(pointer).release()
}

@MainActor
@_cdecl("armchair_swift_engine_significant_event")
func armchairSwiftEngineSignificantEvent(_ pointer: UnsafeMutableRawPointer, _ name: UnsafePointer<CChar>?) {
    engine(pointer).significantEvent(name.map { String(cString: $0) })
}

@MainActor
@_cdecl("armchair_swift_engine_should_prompt")
func armchairSwiftEngineShouldPrompt(_ pointer: UnsafeMutableRawPointer) -> gboolean {
    engine(pointer).decision().shouldPrompt ? 1 : 0
}

@MainActor
@_cdecl("armchair_swift_engine_explain")
func armchairSwiftEngineExplain(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<CChar>? {
    g_strdup(engine(pointer).decision().description)
}
