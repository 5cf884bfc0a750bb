/// The rule for names of significant events.
///
/// Event names become keys in the state file, so they are kept to a safe alphabet: ASCII letters,
/// digits, `_`, `-` and `.`, from 1 to 64 characters.
enum EventName {
    static let maximumLength = 64
    /// The most one event may count.
    static let maximumWeight = 1000

    /// Returns why `name` cannot be an event name, or `nil` when it can.
    static func problem(with name: String) -> String? {
        if name.isEmpty { return "an event name cannot be empty" }
        if name.utf8.count > maximumLength {
            return "the event name \"\(name.prefix(maximumLength))…\" is longer than \(maximumLength) characters"
        }
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".": true
            default: false
            }
        }
        return allowed ? nil : "the event name \"\(name)\" may only use letters, digits, _, - and ."
    }
}
