/// Why a ``Configuration`` was refused: every problem found, each naming its setting.
///
/// ```
/// Invalid Armchair configuration:
/// - appID "maps": it needs at least two dot-separated parts, like org.example.App
/// - daysUntilPrompt: must be a finite number of 0 or more, not -1.0
/// ```
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One setting with an unusable value.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The setting's name, as in ``Configuration``.
        public var setting: String
        /// What is wrong and what would be accepted.
        public var message: String

        public var description: String { "\(setting): \(message)" }
    }

    /// Every problem found, in the order the settings are declared.
    public var problems: [Problem]

    public var description: String {
        (["Invalid Armchair configuration:"] + problems.map { "- \($0)" }).joined(separator: "\n")
    }
}
