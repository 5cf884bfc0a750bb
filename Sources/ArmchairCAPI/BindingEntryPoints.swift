package import ArmchairCore
package import ArmchairGLib
package import CArmchair
import CGLib
import Logging

// The Swift side of `ArmchairApplicationBinding`: the `binding_…` entries of `ArmchairSwiftCore`,
// and the attach every toolkit library's table calls. Each is entered only from a C function that
// checked its arguments and the main thread (all but `bindingRelease`, which any thread may call).

/// A handle C holds to a toolkit's Swift binding.
package typealias BindingHandle = UnsafeMutablePointer<ArmchairSwiftBinding>

/// What C holds of a toolkit's binding, whatever the toolkit.
package final class BindingBox {
    /// The binding.
    let binding: any ApplicationBindingProtocol
    /// What ties it to its application.
    let link: ApplicationLink

    @MainActor
    init(_ binding: any LinkedBinding) {
        self.binding = binding
        link = binding.link
    }
}

/// Attaches a toolkit's binding to `application`: with `configuration` when C gave one
/// (`configured`), else with what the app installs (`installed`). The handle, or `nil` with
/// `gerror` set.
@MainActor
package func attach(
    to application: UnsafeMutablePointer<GApplication>, configuration box: ConfigurationHandle?, _ gerror: GErrorOut,
    installed: (UnsafeMutableRawPointer) throws(AttachError) -> any LinkedBinding,
    configured: (UnsafeMutableRawPointer, Configuration) throws(ConfigurationError) -> any LinkedBinding
) -> BindingHandle? {
    let application = UnsafeMutableRawPointer(application)
    guard let box else {
        do throws(AttachError) {
            return .retaining(BindingBox(try installed(application)))
        } catch {
            armchairSetError(gerror, error)
            return nil
        }
    }
    do throws(ConfigurationError) {
        return .retaining(BindingBox(try configured(application, try box.borrow().validated())))
    } catch {
        armchairSetError(gerror, error)
        return nil
    }
}

@MainActor
func bindingEngine(_ binding: BindingHandle) -> EngineHandle {
    .retaining(binding.borrow().binding.engine)
}

/// Reads the property `name` of the binding: a setting of `Configuration.scheduling`.
@MainActor
func bindingGetSetting(_ binding: BindingHandle, _ name: UnsafePointer<CChar>, _ value: UnsafeMutablePointer<GValue>) {
    guard let setting = Setting.named(String(cString: name)) else { return }
    setting.read(contents(of: binding.borrow().binding), into: value)
}

/// Changes the property `name` of the binding; GObject checked the value's type and range.
@MainActor
func bindingSetSetting(_ binding: BindingHandle, _ name: UnsafePointer<CChar>, _ value: UnsafePointer<GValue>) {
    guard let setting = Setting.named(String(cString: name)) else { return }
    let binding = binding.borrow().binding
    var contents = contents(of: binding)
    _ = setting.write(value, to: &contents)
    binding.settings = contents.configuration.scheduling
}

/// A configuration holding the binding's settings now, where the settings' names reach them as
/// they reach an `ArmchairConfiguration`'s.
@MainActor
private func contents(of binding: any ApplicationBindingProtocol) -> ConfigurationBox.Contents {
    var contents = ConfigurationBox.Contents()
    contents.configuration.scheduling = binding.settings
    return contents
}

@MainActor
func bindingMarkBusy(_ binding: BindingHandle, _ reason: UnsafePointer<CChar>) -> guint {
    binding.borrow().binding.scheduler.markBusy(String(cString: reason))
}

@MainActor
func bindingUnmarkBusy(_ binding: BindingHandle, _ cookie: guint) {
    binding.borrow().binding.scheduler.unmarkBusy(cookie)
}

/// Hands the binding what C saw before it was made (armchair-swift-private.h's `ArmchairHeadStart`).
@MainActor
func bindingCatchUp(_ binding: BindingHandle, _ headStart: UnsafePointer<ArmchairHeadStart>) {
    let headStart = headStart.pointee
    binding.borrow().link.catchUp(
        launches: Int(headStart.launches), absorbsActivation: headStart.absorbs_activation != 0,
        activeSince: headStart.active_since == 0 ? nil : Double(headStart.active_since) / 1e6,
        lastInput: headStart.last_input == 0 ? nil : Double(headStart.last_input) / 1e6,
        shuttingDown: headStart.shutting_down != 0)
}

/// Ends the binding and drops C's reference, from any thread (at once on the main thread, later
/// from another): Armchair lets go of the application and its windows, and the engine, which the
/// app may still hold, counts but never prompts again.
func bindingRelease(_ binding: BindingHandle) {
    let binding = UncheckedSendable(binding)
    MainThread.run { binding.value.take().binding.end() }
}
