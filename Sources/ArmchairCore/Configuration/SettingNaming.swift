/// How a text for developers names settings: a ``ConfigurationError`` or a ``Decision``'s
/// explanation.
///
/// Swift code reads the names of ``Configuration`` (`daysUntilPrompt`, `scheduling.quietTime`);
/// libarmchair, and with it C, Python, JavaScript and the settings file, reads the property names
/// (`days-until-prompt`, `quiet-time`). Each text is written once, with the Swift names, and says
/// them in the naming its reader knows:
///
/// ```swift
/// SettingNaming.properties.name("scheduling.quietTime")  // "quiet-time"
/// ```
package enum SettingNaming: Sendable {
    /// The names of ``Configuration``, as Swift code writes them.
    case swift
    /// The names of libarmchair's `ArmchairConfiguration` properties, which are also the keys of
    /// the settings file.
    case properties

    /// The setting Swift calls `swiftName`, as this naming calls it; a name that is no property's
    /// stays as it is.
    package func name(_ swiftName: String) -> String {
        switch self {
        case .swift: swiftName
        case .properties: Setting.propertyName(forSwiftName: swiftName) ?? swiftName
        }
    }
}
