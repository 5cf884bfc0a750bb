package import ArmchairCore
package import ArmchairGLib
package import CArmchair
import CGLib

/// A `GError **` as Swift sees it: `NULL` when the caller does not want the error.
package typealias GErrorOut = UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?

/// Sets `error` to `ARMCHAIR_ERROR_CONFIGURATION` with every problem, as `ConfigurationError`
/// words them, naming each setting by its property name (`feedback-email`, not `feedbackEmail`).
package func armchairSetError(_ error: GErrorOut, _ problem: ConfigurationError) {
    armchairSetError(error, ARMCHAIR_ERROR_CONFIGURATION.rawValue, problem.description(naming: .properties))
}

/// Sets `error` to `ARMCHAIR_ERROR_SETTINGS_FILE`, naming the file and the line of each problem.
func armchairSetError(_ error: GErrorOut, _ problem: ConfigurationFileError) {
    armchairSetError(error, ARMCHAIR_ERROR_SETTINGS_FILE.rawValue, problem.description)
}

/// Sets `error` for an attach with no configuration: `ARMCHAIR_ERROR_METAINFO` naming the file or
/// the folders searched, or the code of the settings-file or configuration problem.
package func armchairSetError(_ error: GErrorOut, _ problem: AttachError) {
    switch problem {
    case .metainfo: armchairSetError(error, ARMCHAIR_ERROR_METAINFO.rawValue, problem.description)
    case .settingsFile(let fileProblem): armchairSetError(error, fileProblem)
    case .configuration(let configurationProblem): armchairSetError(error, configurationProblem)
    case .noApplicationID: armchairSetError(error, ARMCHAIR_ERROR_CONFIGURATION.rawValue, problem.description)
    }
}

/// Sets `error` to `code` of `ARMCHAIR_ERROR` with `message`.
package func armchairSetError(_ error: GErrorOut, _ code: UInt32, _ message: String) {
    g_set_error_literal(error, armchair_error_quark(), gint(bitPattern: code), message)
}
