import ArmchairCore
import CArmchair
import CGLib

// The Swift side of `ArmchairConfiguration`. Each function is entered only from a C function
// that checked its arguments (type, NULL); none of them traps on a value the caller controls.
// They may run on any thread: the box has a lock.

@_cdecl("armchair_swift_configuration_box_new")
func armchairSwiftConfigurationBoxNew() -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(ConfigurationBox()).toOpaque()
}

@_cdecl("armchair_swift_configuration_box_release")
func armchairSwiftConfigurationBoxRelease(_ box: UnsafeMutableRawPointer) {
    Unmanaged<ConfigurationBox>.fromOpaque(box).release()
}

@_cdecl("armchair_swift_configuration_set")
func armchairSwiftConfigurationSet(
    _ box: UnsafeMutableRawPointer, _ name: UnsafePointer<CChar>, _ value: UnsafePointer<GValue>
) {
    guard let property = Setting.named(String(cString: name)) else { return }
    let unknownKeys = ConfigurationBox.from(box).withContents { property.write(value, to: &$0) }
    for key in unknownKeys { armchair_warn_unknown_state_key(key) }
}

@_cdecl("armchair_swift_configuration_get")
func armchairSwiftConfigurationGet(
    _ box: UnsafeMutableRawPointer, _ name: UnsafePointer<CChar>, _ value: UnsafeMutablePointer<GValue>
) {
    guard let property = Setting.named(String(cString: name)) else { return }
    let contents = ConfigurationBox.from(box).withContents { $0 }
    property.read(contents, into: value)
}

@_cdecl("armchair_swift_configuration_load")
func armchairSwiftConfigurationLoad(
    _ box: UnsafeMutableRawPointer, _ path: UnsafePointer<CChar>?, _ gerror: GErrorOut
) -> gboolean {
    let box = ConfigurationBox.from(box)
    let (appID, appVersion) = box.withContents { ($0.configuration.appID, $0.configuration.appVersion) }
    let location: ConfigurationFile.Location = path.map { .path(String(cString: $0)) } ?? .installed
    do throws(ConfigurationFileError) {
        let configuration = try Configuration(appID: appID, appVersion: appVersion, file: location)
        box.withContents { contents in
            contents.configuration = configuration
            if case .keepCounters(let graceDays) = configuration.updatePolicy { contents.graceDays = graceDays }
        }
        return 1
    } catch {
        armchairSetError(gerror, error)
        return 0
    }
}

@_cdecl("armchair_swift_configuration_validate")
func armchairSwiftConfigurationValidate(_ box: UnsafeMutableRawPointer, _ gerror: GErrorOut) -> gboolean {
    do throws(ConfigurationError) {
        _ = try ConfigurationBox.from(box).validated()
        return 1
    } catch {
        armchairSetError(gerror, error)
        return 0
    }
}

@_cdecl("armchair_swift_configuration_set_event_weight")
func armchairSwiftConfigurationSetEventWeight(
    _ box: UnsafeMutableRawPointer, _ event: UnsafePointer<CChar>, _ weight: CInt
) {
    let event = String(cString: event)
    ConfigurationBox.from(box).withContents { $0.configuration.eventWeights[event] = weight == 0 ? nil : Int(weight) }
}

@_cdecl("armchair_swift_configuration_set_scenario_requirement")
func armchairSwiftConfigurationSetScenarioRequirement(
    _ box: UnsafeMutableRawPointer, _ scenario: UnsafePointer<CChar>, _ event: UnsafePointer<CChar>, _ count: CInt
) {
    let (scenario, event) = (String(cString: scenario), String(cString: event))
    ConfigurationBox.from(box).withContents { contents in
        var scenarios = contents.configuration.eventScenarios
        let index =
            scenarios.firstIndex { $0.name == scenario }
            ?? {
                scenarios.append(EventScenario(name: scenario, requirements: [:]))
                return scenarios.count - 1
            }()
        scenarios[index].requirements[event] = count == 0 ? nil : Int(count)
        if scenarios[index].requirements.isEmpty { scenarios.remove(at: index) }
        contents.configuration.eventScenarios = scenarios
    }
}

@_cdecl("armchair_swift_configuration_set_key_name")
func armchairSwiftConfigurationSetKeyName(
    _ box: UnsafeMutableRawPointer, _ key: UnsafePointer<CChar>, _ name: UnsafePointer<CChar>?
) {
    let (key, name) = (String(cString: key), name.map { String(cString: $0) })
    guard let stateKey = StateKey(rawValue: key) else { return armchair_warn_unknown_state_key(key) }
    ConfigurationBox.from(box).withContents { $0.configuration.keyNames[stateKey] = name }
}
