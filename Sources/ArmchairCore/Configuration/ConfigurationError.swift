/// Why a ``Configuration`` was refused: every problem found, each naming its setting.
///
/// ```
/// Invalid Armchair configuration:
/// - appID "maps": it needs at least two dot-separated parts, like org.example.App
/// - daysUntilPrompt: must be a finite number of 0 or more, not -1.0
/// ```
///
/// libarmchair gives the same text with the property names, which are also the settings file's
/// keys: `app-id "maps"`, `days-until-prompt`.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One setting with an unusable value.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The setting's name, as in ``Configuration``, with the entry or the value at fault where
        /// that helps: `daysUntilPrompt`, `scheduling.quietTime`, `eventWeights["export"]`,
        /// `appID "maps"`.
        public var setting: String
        /// What is wrong and what would be accepted.
        public var message: String
        /// The same setting by its libarmchair property name, with the same entry or value:
        /// `days-until-prompt`, `quiet-time`, `event-weights["export"]`, `app-id "maps"`.
        package var property: String

        /// A problem with the setting Swift calls `swiftName`; `detail` follows the name in both
        /// namings: the entry at fault (`["export"]`) or the value (` "maps"`).
        init(_ swiftName: String, detail: String = "", _ message: String) {
            setting = swiftName + detail
            property = SettingNaming.properties.name(swiftName) + detail
            self.message = message
        }

        public var description: String { description(naming: .swift) }

        /// The problem, with its setting named as `naming` names it.
        package func description(naming: SettingNaming) -> String {
            "\(naming == .swift ? setting : property): \(message)"
        }
    }

    /// Every problem found, in the order the settings are declared.
    public var problems: [Problem]

    public var description: String { description(naming: .swift) }

    /// Every problem, one line each, with the settings named as `naming` names them.
    package func description(naming: SettingNaming) -> String {
        (["Invalid Armchair configuration:"] + problems.map { "- \($0.description(naming: naming))" })
            .joined(separator: "\n")
    }
}
