import ArmchairCore
package import CArmchair
import CGLib

// The Swift side of `ArmchairConfiguration`: the `configuration_…` entries of `ArmchairSwiftCore`.
// Each function is entered only from a C function that checked its arguments (type, NULL); none
// of them traps on a value the caller controls. They may run on any thread: the box has a lock.

/// A handle C holds to the Swift side of an `ArmchairConfiguration`.
package typealias ConfigurationHandle = UnsafeMutablePointer<ArmchairSwiftConfiguration>

func configurationNew() -> ConfigurationHandle {
    .retaining(ConfigurationBox())
}

func configurationRelease(_ box: ConfigurationHandle) {
    _ = box.take()
}

func configurationSet(
    _ box: ConfigurationHandle, _ name: UnsafePointer<CChar>, _ value: UnsafePointer<GValue>
) {
    guard let property = Setting.named(String(cString: name)) else { return }
    let unknownKeys = box.borrow().withContents { property.write(value, to: &$0) }
    for key in unknownKeys { armchair_warn_unknown_state_key(key) }
}

func configurationGet(
    _ box: ConfigurationHandle, _ name: UnsafePointer<CChar>, _ value: UnsafeMutablePointer<GValue>
) {
    guard let property = Setting.named(String(cString: name)) else { return }
    let contents = box.borrow().withContents { $0 }
    property.read(contents, into: value)
}

func configurationLoad(
    _ box: ConfigurationHandle, _ path: UnsafePointer<CChar>?, _ gerror: GErrorOut
) -> gboolean {
    let box = box.borrow()
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

@MainActor
func configurationFillFromApp(_ box: ConfigurationHandle) {
    box.borrow().withContents { contents in
        contents.configuration = contents.configuration.withApplicationName().fillingFromInstalledMetainfo(
            logger: .glib)
    }
}

func configurationValidate(_ box: ConfigurationHandle, _ gerror: GErrorOut) -> gboolean {
    do throws(ConfigurationError) {
        _ = try box.borrow().validated()
        return 1
    } catch {
        armchairSetError(gerror, error)
        return 0
    }
}

func configurationSetEventWeight(
    _ box: ConfigurationHandle, _ event: UnsafePointer<CChar>, _ weight: CInt
) {
    let event = String(cString: event)
    box.borrow().withContents { $0.configuration.eventWeights[event] = weight == 0 ? nil : Int(weight) }
}

func configurationSetScenarioRequirement(
    _ box: ConfigurationHandle, _ scenario: UnsafePointer<CChar>, _ event: UnsafePointer<CChar>, _ count: CInt
) {
    let (scenario, event) = (String(cString: scenario), String(cString: event))
    box.borrow().withContents { contents in
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

func configurationSetKeyName(
    _ box: ConfigurationHandle, _ key: UnsafePointer<CChar>, _ name: UnsafePointer<CChar>?
) {
    let (key, name) = (String(cString: key), name.map { String(cString: $0) })
    guard let stateKey = StateKey(rawValue: key) else { return armchair_warn_unknown_state_key(key) }
    box.borrow().withContents { $0.configuration.keyNames[stateKey] = name }
}
