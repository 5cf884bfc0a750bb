package import ArmchairCore
import CGLib

extension Configuration {
    /// This configuration with the name the application gave itself (`g_set_application_name`) as
    /// its `appName`, when it has none.
    package func withApplicationName() -> Configuration {
        var configuration = self
        if configuration.appName == nil, let name = g_get_application_name() {
            configuration.appName = String(cString: name)
        }
        return configuration
    }
}
