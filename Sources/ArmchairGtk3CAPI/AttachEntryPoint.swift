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
    _ application: UnsafeMutableRawPointer, _ box: UnsafeMutableRawPointer, _ gerror: GErrorOut
) -> UnsafeMutableRawPointer? {
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
    Unmanaged.passRetained(Unmanaged<ApplicationBinding>.fromOpaque(binding).takeUnretainedValue().engine).toOpaque()
}

/// Ends the binding and releases it, from any thread (on the main actor: at once on the main
/// thread, later from another): Armchair lets go of the application and its windows, and the
/// engine, which the app may still hold, counts but never prompts again.
@_cdecl("armchair_gtk3_swift_binding_release")
func armchairGtk3SwiftBindingRelease(_ binding: UnsafeMutableRawPointer) {
    let binding = UncheckedSendable(binding)
    MainThread.run { Unmanaged<ApplicationBinding>.fromOpaque(binding.value).takeRetainedValue().end() }
}
