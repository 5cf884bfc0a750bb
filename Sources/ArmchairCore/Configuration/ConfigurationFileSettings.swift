/// The names of a settings file's keys (``ConfigurationFile``), and the hints for a mistyped one.
enum SettingName {
    /// Every `[Armchair]` key, sorted.
    static let allKeys = Setting.fileKeys.sorted()

    /// Every `[Texts]` key, sorted.
    static let allTextKeys = Setting.textKeys.sorted()

    /// `daysUntilPrompt` → `days-until-prompt`, `reviewURLTemplate` → `review-url-template`; a
    /// kebab-case name is returned as it is.
    static func kebab(_ name: some StringProtocol) -> String {
        let characters = Array(name)
        var result = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase {
                let previous = index > 0 ? characters[index - 1] : nil
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                // A word starts after a lowercase letter or digit, or at the last capital of an
                // acronym that a lowercase word follows (URLTemplate: url, template).
                let startsWord =
                    (previous.map { $0.isLowercase || $0.isNumber } ?? false)
                    || (previous?.isUppercase == true && next?.isLowercase == true)
                if startsWord, !result.isEmpty { result.append("-") }
                result.append(contentsOf: character.lowercased())
            } else {
                result.append(character == "_" ? "-" : character)
            }
        }
        return result
    }

    /// The Levenshtein distance, for "did you mean".
    static func editDistance(_ first: String, _ second: String) -> Int {
        let (a, b) = (Array(first), Array(second))
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}

/// How settings-file values are written: numbers in C notation, GLib's booleans, kebab-case choices.
enum SettingValue {
    /// Why a value cannot be used.
    struct Failure: Error {
        var message: String
    }

    /// A finite number of 0 or more, such as `30` or `0.5`.
    static func number(_ text: String) throws(Failure) -> Double {
        guard let value = Double(text.trimmedOfWhitespace), value.isFinite else {
            throw Failure(message: "\"\(text)\" is not a number (write it like 30 or 0.5)")
        }
        guard value >= 0 else { throw Failure(message: "must be 0 or more, not \(text)") }
        return value
    }

    /// A whole number of 0 or more.
    static func count(_ text: String) throws(Failure) -> Int {
        guard let value = Int(text.trimmedOfWhitespace) else {
            throw Failure(message: "\"\(text)\" is not a whole number")
        }
        guard value >= 0 else { throw Failure(message: "must be 0 or more, not \(text)") }
        return value
    }

    /// A whole number of 1 or more.
    static func positiveCount(_ text: String) throws(Failure) -> Int {
        let value = try count(text)
        guard value >= 1 else { throw Failure(message: "must be 1 or more, not \(text)") }
        return value
    }

    /// `true` or `false` (GLib also reads `1` and `0`).
    static func flag(_ text: String) throws(Failure) -> Bool {
        switch text.trimmedOfWhitespace {
        case "true", "1": return true
        case "false", "0": return false
        default: throw Failure(message: "\"\(text)\" is not true or false")
        }
    }

    /// Text that is not blank.
    static func text(_ text: String) throws(Failure) -> String {
        guard !text.allSatisfy(\.isWhitespace) else { throw Failure(message: "is empty; remove it to use the default") }
        return text
    }

    /// One of `choices`.
    static func choice(_ choices: [String]) -> (String) throws(Failure) -> String {
        { text throws(Failure) in
            let value = text.trimmedOfWhitespace
            guard choices.contains(value) else {
                throw Failure(message: "\"\(text)\" is not one of: " + choices.joined(separator: ", "))
            }
            return value
        }
    }
}
