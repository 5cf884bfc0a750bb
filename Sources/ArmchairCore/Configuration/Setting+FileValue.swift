extension Setting {
    /// Sets this setting in `configuration` from `text`, its value in a settings file.
    ///
    /// The update policy's two keys are read together, and the groups (`[Event Weights]`,
    /// `[Scenario …]`, `[Key Names]`) entry by entry, by ``ConfigurationFile``; they are not values
    /// of one key.
    func apply(fileValue text: String, to configuration: inout Configuration) throws(SettingValue.Failure) {
        switch self {
        case .number(let field): configuration[keyPath: field] = try SettingValue.number(text)
        case .count(let field): configuration[keyPath: field] = try SettingValue.count(text)
        case .flag(let field): configuration[keyPath: field] = try SettingValue.flag(text)
        case .optionalText(let field): configuration[keyPath: field] = try SettingValue.text(text)
        case .text(let field, _): configuration[keyPath: field] = try SettingValue.text(text)
        case .promptText(let field): configuration.texts[keyPath: field] = try SettingValue.text(text)
        case .thresholdCombination:
            configuration.thresholdCombination =
                try Self.choice("threshold-combination", text) == 0 ? .all : .daysThenAny
        case .declinePolicy:
            configuration.declinePolicy = try Self.choice("decline-policy", text) == 0 ? .forever : .thisVersion
        case .updatePolicy, .updateGraceDays, .eventWeights, .eventScenarios, .keyNames:
            throw SettingValue.Failure(message: "is not a value of one key")
        }
    }

    /// The position of `text` among the choices of the setting `name`.
    static func choice(_ name: String, _ text: String) throws(SettingValue.Failure) -> Int {
        let choices = Self.choices[name] ?? []
        let value = try SettingValue.choice(choices)(text)
        return choices.firstIndex(of: value) ?? 0
    }
}
