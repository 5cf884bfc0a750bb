import ArmchairCAPI
import ArmchairCore
import CArmchair
import Testing

/// `ArmchairConfiguration`'s properties against the Swift `Configuration`: one per setting, the
/// same defaults and limits, and every value set in C reaching the Swift configuration.
extension LibArmchairSuites {
    @MainActor
    @Suite("ArmchairConfiguration properties")
    struct ConfigurationPropertyTests {
        let configuration: OpaquePointer?
        let type = armchair_configuration_get_type()

        init() {
            _ = LibArmchairEnvironment.isReady
            configuration = armchair_configuration_new("org.example.Notes", "2.4.1")
        }

        /// The Swift configuration inside `configuration`.
        var swiftConfiguration: Configuration {
            SwiftConfigurations.of(configuration)
        }

        /// `daysUntilPrompt` → `days-until-prompt`, `mailMessageID` → `mail-message-id`.
        static func kebab(_ name: String) -> String {
            let characters = Array(name)
            var result = ""
            for (index, character) in characters.enumerated() {
                let previous = index > 0 ? characters[index - 1] : nil
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord =
                    character.isUppercase
                    && ((previous?.isLowercase ?? false)
                        || (previous?.isUppercase == true && next?.isLowercase == true))
                if startsWord { result.append("-") }
                result.append(contentsOf: character.lowercased())
            }
            return result
        }

        /// The property names every stored setting of `Configuration` and `PromptTexts` calls
        /// for: its name in kebab case, `text-<name>` for a text, the update policy's two, and
        /// those of the binding's settings (`scheduling`) but the two tuning ones Swift alone has.
        static var namesTheSwiftSettingsNeed: [String] {
            Mirror(reflecting: Configuration(appID: "org.example.Notes")).children.flatMap { child -> [String] in
                switch child.label ?? "" {
                case "texts":
                    return Mirror(reflecting: PromptTexts()).children.map { "text-" + kebab($0.label ?? "") }
                case "scheduling":
                    return Mirror(reflecting: PromptScheduler.Settings()).children.map { kebab($0.label ?? "") }.filter
                    {
                        !["absence-counted-as-use", "active-seconds-per-save"].contains($0)
                    }
                case "updatePolicy": return ["update-policy", "update-grace-days"]
                case let label: return [kebab(label)]
                }
            }
        }

        @Test("Every Swift setting and text has a property, and every property is a setting")
        func everySettingHasAProperty() {
            let needed = Set(Self.namesTheSwiftSettingsNeed)
            let declared = Set(GObjectHelpers.properties(of: type).map { String(cString: $0.pointee.name) })
            #expect(needed.count > 60)
            #expect(needed.subtracting(declared).sorted() == [], "settings without a property")
            #expect(declared.subtracting(needed).sorted() == [], "properties without a setting")
            #expect(
                declared.filter { Setting.named($0) == nil }.sorted() == [],
                "properties the Swift side does not map")
        }

        @Test("Every property's default is the Swift default, read through the object")
        func defaultsAreTheSwiftDefaults() {
            for spec in GObjectHelpers.properties(of: type) {
                let name = String(cString: spec.pointee.name)
                if name == "app-id" || name == "app-version" { continue }
                let declared = GObjectHelpers.printed(g_param_spec_get_default_value(spec))
                #expect(GObjectHelpers.printed(configuration, name) == declared, "default of \(name)")
            }
            #expect(GObjectHelpers.printed(configuration, "app-id") == "\"org.example.Notes\"")
            #expect(GObjectHelpers.printed(configuration, "app-version") == "\"2.4.1\"")
            #expect(swiftConfiguration == Configuration(appID: "org.example.Notes", appVersion: "2.4.1"))
        }

        @Test("The numeric ranges are Configuration.Bounds")
        func rangesAreTheBounds() throws {
            func range(_ name: String) throws -> (Double, Double) {
                let spec = try #require(GObjectHelpers.property(name, of: type))
                let raw = UnsafeMutableRawPointer(spec)
                if spec.pointee.value_type == GObjectHelpers.type("gdouble") {
                    let double = raw.assumingMemoryBound(to: GParamSpecDouble.self).pointee
                    return (double.minimum, double.maximum)
                }
                let int = raw.assumingMemoryBound(to: GParamSpecInt.self).pointee
                return (Double(int.minimum), Double(int.maximum))
            }
            let bounds = Configuration.Bounds.self
            for name in [
                "days-until-prompt", "days-before-reminding", "days-before-asking-again-after-decline",
                "minimum-days-between-prompts", "update-grace-days",
            ] {
                #expect(try range(name) == (0, bounds.days), "\(name)")
            }
            #expect(try range("uses-until-prompt") == (0, Double(bounds.count)))
            #expect(try range("significant-events-until-prompt") == (0, Double(bounds.count)))
            #expect(try range("uses-per-week-for-prompt") == (0, bounds.usesPerWeek))
            #expect(try range("active-usage-minutes-until-prompt") == (0, bounds.minutes))
            #expect(try range("feedback-character-limit") == (1, Double(bounds.feedbackCharacters)))
            #expect(try range("max-prompts-per-year") == (1, Double(RatingState.promptHistoryLimit)))
        }

        /// A value other than the default for each kind of property, in the text
        /// ``GObjectHelpers/set(_:_:to:)`` reads and ``GObjectHelpers/printed(_:_:)`` prints.
        static func otherValue(for spec: UnsafeMutablePointer<GParamSpec>) -> (set: String, printed: String) {
            let name = String(cString: spec.pointee.name)
            switch name {
            case "threshold-combination": return ("days-then-any", "days-then-any")
            case "decline-policy": return ("this-version", "this-version")
            case "update-policy": return ("reset-counters", "reset-counters")
            case "event-weights": return ("{'export': 2}", "{'export': 2}")
            case "event-scenarios":
                return ("{'power': {'export': 3, 'share': 1}}", "{'power': {'export': 3, 'share': 1}}")
            case "key-names": return ("{'use-count': 'uses'}", "{'use-count': 'uses'}")
            default: break
            }
            switch g_type_fundamental(spec.pointee.value_type) {
            case GObjectHelpers.type("gdouble"): return ("2.5", "2.500000")
            case GObjectHelpers.type("gint"): return ("7", "7")
            case GObjectHelpers.type("gboolean"):
                let isTrue = g_value_get_boolean(g_param_spec_get_default_value(spec)) != 0
                return isTrue ? ("false", "FALSE") : ("true", "TRUE")
            default: return ("value of \(name)", "\"value of \(name)\"")
            }
        }

        @Test("Every property set through a GValue reads back, and changes the Swift configuration")
        func roundTrips() {
            let defaults = Configuration(appID: "org.example.Notes", appVersion: "2.4.1")
            let constructOnly: UInt32 = 1 << 3  // G_PARAM_CONSTRUCT_ONLY, which Swift does not import
            for spec in GObjectHelpers.properties(of: type)
            where UInt32(bitPattern: spec.pointee.flags.rawValue) & constructOnly == 0 {
                let name = String(cString: spec.pointee.name)
                let value = Self.otherValue(for: spec)
                GObjectHelpers.set(configuration, name, to: value.set)
                #expect(GObjectHelpers.printed(configuration, name) == value.printed, "\(name)")
                #expect(swiftConfiguration != defaults, "\(name) did not reach the Swift configuration")
                g_object_set_property(UnsafeMutablePointer(configuration), name, g_param_spec_get_default_value(spec))
                #expect(swiftConfiguration == defaults, "\(name) did not go back to its default")
            }
        }

        @Test("Convenience setters change the dictionaries and texts")
        func convenienceSetters() {
            armchair_configuration_set_event_weight(configuration, "export", 3)
            armchair_configuration_set_event_weight(configuration, "share", 2)
            armchair_configuration_set_event_weight(configuration, "share", 0)
            armchair_configuration_set_scenario_requirement(configuration, "power", "export", 3)
            armchair_configuration_set_scenario_requirement(configuration, "power", "share", 1)
            armchair_configuration_set_scenario_requirement(configuration, "writer", "save", 5)
            armchair_configuration_set_scenario_requirement(configuration, "writer", "save", 0)
            armchair_configuration_set_key_name(configuration, "use-count", "uses")
            armchair_configuration_set_text(configuration, "rate-button", "_Rate Notes")
            #expect(swiftConfiguration.eventWeights == ["export": 3])
            #expect(
                swiftConfiguration.eventScenarios == [
                    EventScenario(name: "power", requirements: ["export": 3, "share": 1])
                ])
            #expect(swiftConfiguration.keyNames == [.useCount: "uses"])
            #expect(swiftConfiguration.texts.rateButton == "_Rate Notes")
            let text = armchair_configuration_dup_text(configuration, "rate-button")
            defer { g_free(text) }
            #expect(text.map { String(cString: $0) } == "_Rate Notes")
            #expect(GObjectHelpers.printed(configuration, "text-rate-button") == "\"_Rate Notes\"")
        }

        @Test("The grace days survive a switch to resetting counters and back")
        func graceDays() {
            GObjectHelpers.set(configuration, "update-grace-days", to: "5")
            GObjectHelpers.set(configuration, "update-policy", to: "reset-counters")
            #expect(swiftConfiguration.updatePolicy == .resetCounters)
            GObjectHelpers.set(configuration, "update-policy", to: "keep-counters")
            #expect(swiftConfiguration.updatePolicy == .keepCounters(graceDays: 5))
        }

        @Test("A value out of a property's range is refused by GObject and the setting keeps its value")
        func outOfRange() {
            let messages = LibArmchairEnvironment.messages {
                GObjectHelpers.set(configuration, "days-until-prompt", to: "-1")
            }
            #expect(GObjectHelpers.printed(configuration, "days-until-prompt") == "30.000000")
            #expect(messages.isEmpty, "GObject, not Armchair, warns: \(messages)")
        }

        @Test("A key name for a key that is not a state key is ignored with a warning")
        func unknownKeyName() {
            let messages = LibArmchairEnvironment.messages {
                armchair_configuration_set_key_name(configuration, "no-such-key", "x")
                GObjectHelpers.set(configuration, "key-names", to: "{'use-count': 'uses', 'nor-this': 'y'}")
            }
            #expect(messages.count == 2)
            #expect(messages.first?.contains("\"no-such-key\", which is not a state key") == true)
            #expect(swiftConfiguration.keyNames == [.useCount: "uses"])
        }

        @Test("The state keys C accepts in key-names are Swift's StateKey cases")
        func stateKeys() {
            var keys: [String] = []
            var key = armchair_quick_state_keys()
            while let name = key?.pointee {
                keys.append(String(cString: name))
                key = key?.successor()
            }
            #expect(keys.sorted() == StateKey.allCases.map(\.rawValue).sorted())
        }

        @Test("Dictionaries read back as the engine keeps them: sorted, each name once, the last one winning")
        func normalizedDictionaries() {
            GObjectHelpers.set(configuration, "event-weights", to: "{'zoom': 2, 'export': 3, 'zoom': 5}")
            #expect(GObjectHelpers.printed(configuration, "event-weights") == "{'export': 3, 'zoom': 5}")
            GObjectHelpers.set(
                configuration, "event-scenarios", to: "{'pro': {'zoom': 1, 'export': 2}, 'casual': {'open': 3}}")
            armchair_configuration_set_scenario_requirement(configuration, "pro", "zoom", 0)
            armchair_configuration_set_scenario_requirement(configuration, "casual", "open", 0)
            #expect(GObjectHelpers.printed(configuration, "event-scenarios") == "{'pro': {'export': 2}}")
            #expect(swiftConfiguration.eventScenarios == [EventScenario(name: "pro", requirements: ["export": 2])])
            armchair_configuration_set_key_name(configuration, "use-count", "uses")
            armchair_configuration_set_key_name(configuration, "first-use-date", "first")
            armchair_configuration_set_key_name(configuration, "use-count", nil)
            #expect(GObjectHelpers.printed(configuration, "key-names") == "{'first-use-date': 'first'}")
        }
    }
}
