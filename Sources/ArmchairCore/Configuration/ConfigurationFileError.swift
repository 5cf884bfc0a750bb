/// Why an app's settings file (``ConfigurationFile``) cannot be used: the file, and every problem
/// with its line.
///
/// ```
/// The Armchair settings file /usr/share/armchair/org.example.Notes.armchair cannot be used:
/// - line 3: days-until-prompt: "thirty" is not a number
/// - line 5: unknown setting "uses-untill-prompt"; did you mean "uses-until-prompt"?
/// ```
public struct ConfigurationFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One problem in the file.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The line, counted from 1, when the problem is on one line.
        public var line: Int?
        /// What is wrong and what would be accepted.
        public var message: String

        public var description: String { line.map { "line \($0): \(message)" } ?? message }
    }

    /// The file.
    public var path: String
    /// Every problem found, in file order.
    public var problems: [Problem]

    public var description: String {
        let header = "The Armchair settings file \(path) cannot be used"
        if problems.count == 1, problems[0].line == nil { return "\(header): \(problems[0].message)." }
        return ([header + ":"] + problems.map { "- \($0)" }).joined(separator: "\n")
    }
}
