import ArmchairCAPI
import ArmchairCore
import ArmchairGLib
import ArmchairGtk
import CArmchairGtk3

// The Swift side of `ArmchairGtk3Binding`, entered only after the C function checked its
// arguments and the main thread (all but `armchair_gtk3_swift_binding_release`, which any
// thread may call).

@MainActor
@_cdecl("armchair_gtk3_swift_attach")
func armchairGtk3SwiftAttach(
    _ application: UnsafeMutableRawPointer, _ box: UnsafeMutableRawPointer?, _ gerror: GErrorOut
) -> UnsafeMutableRawPointer? {
    guard let box else {
        do throws(AttachError) {
            return Unmanaged.passRetained(try ApplicationBinding.attach(to: application, logger: .glib)).toOpaque()
        } catch {
            armchairSetError(gerror, error)
            return nil
        }
    }
    do throws(ConfigurationError) {
        let configuration = try ConfigurationBox.from(box).validated()
        let binding = try ApplicationBinding.attach(to: application, configuration: configuration, logger: .glib)
        return Unmanaged.passRetained(binding).toOpaque()
    } catch {
        armchairSetError(gerror, error)
        return nil
    }
}

@MainActor
@_cdecl("armchair_gtk3_swift_binding_engine")
func armchairGtk3SwiftBindingEngine(_ binding: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(applicationBinding(binding).engine).toOpaque()
}

/// Ends the binding and releases it, from any thread (on the main actor: at once on the main
/// thread, later from another): Armchair lets go of the application and its windows, and the
/// engine, which the app may still hold, counts but never prompts again.
@_cdecl("armchair_gtk3_swift_binding_release")
func armchairGtk3SwiftBindingRelease(_ binding: UnsafeMutableRawPointer) {
    let binding = UncheckedSendable(binding)
    MainThread.run { Unmanaged<ApplicationBinding>.fromOpaque(binding.value).takeRetainedValue().end() }
}

@MainActor
@_cdecl("armchair_gtk3_swift_binding_get_settings")
func armchairGtk3SwiftBindingGetSettings(
    _ binding: UnsafeMutableRawPointer, _ settings: UnsafeMutablePointer<ArmchairSchedulerSettings>
) {
    settings.pointee = ArmchairSchedulerSettings(applicationBinding(binding).settings)
}

@MainActor
@_cdecl("armchair_gtk3_swift_binding_set_settings")
func armchairGtk3SwiftBindingSetSettings(
    _ binding: UnsafeMutableRawPointer, _ settings: UnsafePointer<ArmchairSchedulerSettings>
) {
    settings.pointee.apply(to: &applicationBinding(binding).settings)
}

@MainActor
@_cdecl("armchair_gtk3_swift_binding_mark_busy")
func armchairGtk3SwiftBindingMarkBusy(_ binding: UnsafeMutableRawPointer, _ reason: UnsafePointer<CChar>) -> guint {
    applicationBinding(binding).scheduler.markBusy(String(cString: reason))
}

@MainActor
@_cdecl("armchair_gtk3_swift_binding_unmark_busy")
func armchairGtk3SwiftBindingUnmarkBusy(_ binding: UnsafeMutableRawPointer, _ cookie: guint) {
    applicationBinding(binding).scheduler.unmarkBusy(cookie)
}

/// The Swift binding behind an opaque pointer the C binding holds.
@MainActor
private func applicationBinding(_ binding: UnsafeMutableRawPointer) -> ApplicationBinding {
    Unmanaged<ApplicationBinding>.fromOpaque(binding).takeUnretainedValue()
}
