import ArmchairCore
import CArmchair
import CGLib

extension Setting {
    /// Sets this property in `contents` from `value`, a `GValue` of the property's type (GObject
    /// checked the type, and the range the property declares).
    ///
    /// - Returns: The keys of `key-names` entries that name no state key and were left out, for
    ///   the caller to warn about once it no longer holds the box's lock.
    func write(_ value: UnsafePointer<GValue>, to contents: inout ConfigurationBox.Contents) -> [String] {
        var unknownKeys: [String] = []
        switch self {
        case .number(let field): contents.configuration[keyPath: field] = g_value_get_double(value)
        case .count(let field): contents.configuration[keyPath: field] = Int(g_value_get_int(value))
        case .flag(let field): contents.configuration[keyPath: field] = g_value_get_boolean(value) != 0
        case .optionalText(let field): contents.configuration[keyPath: field] = Self.string(value)
        case .text(let field, let fallback): contents.configuration[keyPath: field] = Self.string(value) ?? fallback
        case .promptText(let field): contents.configuration.texts[keyPath: field] = Self.string(value)
        case .thresholdCombination:
            contents.configuration.thresholdCombination =
                Self.isEnum(value, ARMCHAIR_THRESHOLD_COMBINATION_DAYS_THEN_ANY.rawValue) ? .daysThenAny : .all
        case .declinePolicy:
            contents.configuration.declinePolicy =
                Self.isEnum(value, ARMCHAIR_DECLINE_POLICY_THIS_VERSION.rawValue) ? .thisVersion : .forever
        case .updatePolicy:
            contents.configuration.updatePolicy =
                Self.isEnum(value, ARMCHAIR_UPDATE_POLICY_RESET_COUNTERS.rawValue)
                ? .resetCounters : .keepCounters(graceDays: contents.graceDays)
        case .updateGraceDays:
            contents.graceDays = g_value_get_double(value)
            if case .keepCounters = contents.configuration.updatePolicy {
                contents.configuration.updatePolicy = .keepCounters(graceDays: contents.graceDays)
            }
        case .eventWeights:
            contents.configuration.eventWeights = g_value_get_variant(value).map(VariantDictionary.readCounts) ?? [:]
        case .eventScenarios:
            var scenarios: [EventScenario] = []
            if let variant = g_value_get_variant(value) {
                VariantDictionary.forEachEntry(of: variant) { name, requirements in
                    scenarios.append(
                        EventScenario(name: name, requirements: VariantDictionary.readCounts(requirements)))
                }
            }
            contents.configuration.eventScenarios = scenarios
        case .keyNames:
            var names: [StateKey: String] = [:]
            if let variant = g_value_get_variant(value) {
                VariantDictionary.forEachEntry(of: variant) { key, name in
                    guard let stateKey = StateKey(rawValue: key) else { return unknownKeys.append(key) }
                    names[stateKey] = String(cString: g_variant_get_string(name, nil))
                }
            }
            contents.configuration.keyNames = names
        }
        return unknownKeys
    }

    /// Sets `value`, a `GValue` initialised to the property's type, from `contents`.
    func read(_ contents: ConfigurationBox.Contents, into value: UnsafeMutablePointer<GValue>) {
        let configuration = contents.configuration
        switch self {
        case .number(let field): g_value_set_double(value, configuration[keyPath: field])
        case .count(let field): g_value_set_int(value, gint(clamping: configuration[keyPath: field]))
        case .flag(let field): g_value_set_boolean(value, configuration[keyPath: field] ? 1 : 0)
        case .optionalText(let field): g_value_set_string(value, configuration[keyPath: field])
        case .text(let field, _): g_value_set_string(value, configuration[keyPath: field])
        case .promptText(let field): g_value_set_string(value, configuration.texts[keyPath: field])
        case .thresholdCombination:
            let combination: ArmchairThresholdCombination =
                switch configuration.thresholdCombination {
                case .all: ARMCHAIR_THRESHOLD_COMBINATION_ALL
                case .daysThenAny: ARMCHAIR_THRESHOLD_COMBINATION_DAYS_THEN_ANY
                }
            g_value_set_enum(value, gint(bitPattern: combination.rawValue))
        case .declinePolicy:
            let policy: ArmchairDeclinePolicy =
                switch configuration.declinePolicy {
                case .thisVersion: ARMCHAIR_DECLINE_POLICY_THIS_VERSION
                case .forever: ARMCHAIR_DECLINE_POLICY_FOREVER
                }
            g_value_set_enum(value, gint(bitPattern: policy.rawValue))
        case .updatePolicy:
            let policy: ArmchairUpdatePolicy =
                switch configuration.updatePolicy {
                case .keepCounters: ARMCHAIR_UPDATE_POLICY_KEEP_COUNTERS
                case .resetCounters: ARMCHAIR_UPDATE_POLICY_RESET_COUNTERS
                }
            g_value_set_enum(value, gint(bitPattern: policy.rawValue))
        case .updateGraceDays:
            g_value_set_double(value, contents.graceDays)
        case .eventWeights:
            g_value_set_variant(
                value, VariantDictionary.make(VariantDictionary.counts(configuration.eventWeights), entryType: "{si}"))
        case .eventScenarios:
            let entries = configuration.eventScenarios.map { scenario in
                VariantDictionary.entry(
                    scenario.name,
                    VariantDictionary.make(VariantDictionary.counts(scenario.requirements), entryType: "{si}"))
            }
            g_value_set_variant(value, VariantDictionary.make(entries, entryType: "{sa{si}}"))
        case .keyNames:
            let entries = configuration.keyNames.sorted { $0.key.rawValue < $1.key.rawValue }.map {
                VariantDictionary.entry($0.key.rawValue, g_variant_new_string($0.value))
            }
            g_value_set_variant(value, VariantDictionary.make(entries, entryType: "{ss}"))
        }
    }

    private static func string(_ value: UnsafePointer<GValue>) -> String? {
        g_value_get_string(value).map { String(cString: $0) }
    }

    private static func isEnum(_ value: UnsafePointer<GValue>, _ raw: UInt32) -> Bool {
        g_value_get_enum(value) == gint(bitPattern: raw)
    }
}
