/// Turns the groups of a settings key file into a ``Configuration``, collecting every problem with
/// its line.
struct ConfigurationFileReader {
    let keyFile: KeyFile
    /// The configuration so far: the defaults, then each setting read.
    private(set) var configuration: Configuration
    /// Every problem found.
    private(set) var problems: [ConfigurationFileError.Problem] = []
    private let lines: LineIndex

    init(keyFile: KeyFile, text: [UInt8], configuration: Configuration) {
        self.keyFile = keyFile
        self.configuration = configuration
        self.lines = LineIndex(text)
    }

    static let settingsGroup = "Armchair"
    static let weightsGroup = "Event Weights"
    static let scenarioPrefix = "Scenario "
    static let textsGroup = "Texts"
    static let keyNamesGroup = "Key Names"

    /// Reads every group, then checks the whole configuration as ``Configuration/validate()`` does.
    mutating func read() {
        var scenarios: [EventScenario] = []
        var seenGroups: Set<String> = []
        for name in keyFile.groups.map(\.name) where seenGroups.insert(name).inserted {
            let entries = keyFile.orderedEntries(of: name)
            switch name {
            case Self.settingsGroup:
                readSettings(entries)
            case Self.weightsGroup:
                for (event, weight) in entries {
                    configuration.eventWeights[event] = parse(weight, name, event, SettingValue.positiveCount)
                }
            case Self.textsGroup:
                readTexts(entries)
            case Self.keyNamesGroup:
                readKeyNames(entries)
            case let name where name.hasPrefix(Self.scenarioPrefix):
                var requirements: [String: Int] = [:]
                let problemsBefore = problems.count
                for (event, count) in entries {
                    requirements[event] = parse(count, name, event, SettingValue.positiveCount)
                }
                // A scenario with a bad count is reported once, not again as incomplete.
                guard problems.count == problemsBefore else { continue }
                scenarios.append(
                    EventScenario(name: String(name.dropFirst(Self.scenarioPrefix.count)), requirements: requirements))
            default:
                report(
                    lines.line(ofGroup: name),
                    "unknown group [\(name)]; the groups are [\(Self.settingsGroup)], [\(Self.weightsGroup)], "
                        + "[\(Self.scenarioPrefix)NAME], [\(Self.textsGroup)] and [\(Self.keyNamesGroup)]")
            }
        }
        if !scenarios.isEmpty { configuration.eventScenarios = scenarios }
        do {
            try configuration.validate()
        } catch {
            // The app ID comes from the caller; only the file's own values are reported here, by
            // their keys.
            for problem in error.problems where key(of: problem) != "app-id" {
                report(line(of: problem), problem.description(naming: .properties))
            }
        }
        problems.sort { ($0.line ?? .max) < ($1.line ?? .max) }
    }

    // MARK: Groups

    private mutating func readSettings(_ entries: [(key: String, value: String)]) {
        var updatePolicyName: String?
        var graceDays: Double?
        for (key, value) in entries {
            switch key {
            case "update-policy":
                updatePolicyName = parse(
                    value, Self.settingsGroup, key, SettingValue.choice(Setting.choices[key] ?? []))
            case "update-grace-days":
                graceDays = parse(value, Self.settingsGroup, key, SettingValue.number)
            default:
                guard Setting.fileKeys.contains(key), let setting = Setting.named(key) else {
                    report(
                        lines.line(ofKey: key, inGroup: Self.settingsGroup), unknown(key, among: SettingName.allKeys))
                    continue
                }
                do {
                    try setting.apply(fileValue: value, to: &configuration)
                } catch {
                    report(lines.line(ofKey: key, inGroup: Self.settingsGroup), "\(key): \(error.message)")
                }
            }
        }
        switch (updatePolicyName, graceDays) {
        case ("reset-counters", .some):
            report(
                lines.line(ofKey: "update-grace-days", inGroup: Self.settingsGroup),
                "update-grace-days applies only with update-policy=keep-counters")
        case ("reset-counters", nil):
            configuration.updatePolicy = .resetCounters
        case (_, let days?):
            configuration.updatePolicy = .keepCounters(graceDays: days)
        default:
            break
        }
    }

    private mutating func readTexts(_ entries: [(key: String, value: String)]) {
        for (key, value) in entries {
            if key.contains("[") {
                report(
                    lines.line(ofKey: key, inGroup: Self.textsGroup),
                    "\(key): translated keys are not read; translate your texts in your own gettext domain "
                        + "and set translation-domain")
                continue
            }
            guard Setting.textKeys.contains(key), case .promptText(let field)? = Setting.named("text-" + key) else {
                report(lines.line(ofKey: key, inGroup: Self.textsGroup), unknown(key, among: SettingName.allTextKeys))
                continue
            }
            if value.allSatisfy(\.isWhitespace) {
                if Setting.hideableTextKeys.contains(key) {
                    configuration.texts[keyPath: field] = ""  // hides that line of the dialog
                } else {
                    report(
                        lines.line(ofKey: key, inGroup: Self.textsGroup),
                        "\(key): is empty; remove it to use the default (only a dialog's title or message may be empty, "
                            + "which hides it)")
                }
            } else {
                configuration.texts[keyPath: field] = value
            }
        }
    }

    private mutating func readKeyNames(_ entries: [(key: String, value: String)]) {
        for (key, value) in entries {
            guard let stateKey = StateKey(rawValue: key) else {
                report(
                    lines.line(ofKey: key, inGroup: Self.keyNamesGroup),
                    unknown(key, among: StateKey.allCases.map(\.rawValue)))
                continue
            }
            configuration.keyNames[stateKey] = value
        }
    }

    // MARK: Helpers

    /// The property name of the setting a problem of ``Configuration/validate()`` is about: the
    /// `days-until-prompt` of `days-until-prompt`, the `event-scenarios` of
    /// `event-scenarios["pros"]`.
    private func key(of problem: ConfigurationError.Problem) -> String {
        String(problem.property.prefix { $0.isLetter || $0 == "-" })
    }

    /// The line of the setting a problem of ``Configuration/validate()`` is about: its key, or
    /// its group for a setting that has one (`event-scenarios["pros"]`: `[Scenario pros]`).
    private func line(of problem: ConfigurationError.Problem) -> Int? {
        switch key(of: problem) {
        case "event-scenarios":
            let scenario = problem.property.drop { $0 != "\"" }.dropFirst().prefix { $0 != "\"" }
            return lines.line(ofGroup: Self.scenarioPrefix + scenario)
        case "event-weights": return lines.line(ofGroup: Self.weightsGroup)
        case "key-names": return lines.line(ofGroup: Self.keyNamesGroup)
        case let key: return lines.line(ofKey: key, inGroup: Self.settingsGroup)
        }
    }

    private mutating func parse<Value>(
        _ text: String, _ group: String, _ key: String, _ parser: (String) throws(SettingValue.Failure) -> Value
    ) -> Value? {
        do {
            return try parser(text)
        } catch {
            report(lines.line(ofKey: key, inGroup: group), "\(key): \(error.message)")
            return nil
        }
    }

    private mutating func report(_ line: Int?, _ message: String) {
        problems.append(.init(line: line, message: message))
    }

    /// "unknown setting", with the nearest known name when one is close.
    private func unknown(_ key: String, among known: [String]) -> String {
        let message = "unknown setting \"\(key)\""
        let kebab = SettingName.kebab(key)
        if known.contains(kebab) { return message + "; did you mean \"\(kebab)\"?" }
        let nearest = known.map { ($0, SettingName.editDistance(kebab, $0)) }.min { $0.1 < $1.1 }
        if let (name, distance) = nearest, distance <= 3 { return message + "; did you mean \"\(name)\"?" }
        return message
    }
}

extension KeyFile {
    /// The entries of every group called `name`, in file order, one per key with its last value,
    /// as GLib reads a group or key written twice.
    fileprivate func orderedEntries(of name: String) -> [(key: String, value: String)] {
        var positions: [String: Int] = [:]
        var result: [(key: String, value: String)] = []
        for group in groups where group.name == name {
            for (key, value) in group.entries {
                if let index = positions[key] {
                    result[index].value = value
                } else {
                    positions[key] = result.count
                    result.append((key, value))
                }
            }
        }
        return result
    }
}

/// The line on which each group and key first appears, for error messages.
struct LineIndex {
    private var groups: [String: Int] = [:]
    private var keys: [String: Int] = [:]

    init(_ text: [UInt8]) {
        var group = ""
        for (index, rawLine) in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
        {
            let line = String(decoding: rawLine, as: UTF8.self).trimmedOfWhitespace
            if line.hasPrefix("["), line.hasSuffix("]") {
                group = String(line.dropFirst().dropLast())
                if groups[group] == nil { groups[group] = index + 1 }
            } else if !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") {
                let key = String(line[..<equals]).trimmedOfWhitespace
                if keys[group + "\n" + key] == nil { keys[group + "\n" + key] = index + 1 }
            }
        }
    }

    func line(ofGroup group: String) -> Int? { groups[group] }
    func line(ofKey key: String, inGroup group: String) -> Int? { keys[group + "\n" + key] }
}
