package import ArmchairCore
import CGLib

extension Configuration {
    /// This configuration with the name the application gave itself (`g_set_application_name`) as
    /// its `appName`, when it has none.
    ///
    /// Without that call GLib answers with the program's name (`g_get_prgname`, such as
    /// `notes-gtk3`), which is no name for a person to read: it is not taken, and the name comes
    /// from the app's AppStream metadata, else from its ID.
    package func withApplicationName() -> Configuration {
        var configuration = self
        guard configuration.appName == nil, let name = g_get_application_name() else { return configuration }
        let given = String(cString: name)
        if given != g_get_prgname().map({ String(cString: $0) }) { configuration.appName = given }
        return configuration
    }
}
