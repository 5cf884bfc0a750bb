public import ArmchairCore

/// Why Armchair could not be attached to an app with no configuration, from what the app installs.
public enum AttachError: Error, Sendable, CustomStringConvertible {
    /// The application has no application ID (`g_application_new` was given `NULL`).
    case noApplicationID
    /// The app's AppStream metadata is missing or gives no version.
    case metainfo(MetainfoError)
    /// The app's settings file cannot be used.
    case settingsFile(ConfigurationFileError)
    /// The resulting configuration has unusable settings.
    case configuration(ConfigurationError)

    public var description: String {
        switch self {
        case .noApplicationID:
            return "The application has no application ID, so Armchair cannot know which app it is: give"
                + " g_application_new() an ID such as org.example.Notes, or attach with a configuration."
        case .metainfo(let error): return error.description
        case .settingsFile(let error): return error.description
        case .configuration(let error): return error.description
        }
    }
}
