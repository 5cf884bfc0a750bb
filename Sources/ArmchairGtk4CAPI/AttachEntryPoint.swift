import ArmchairAdwaita
import ArmchairCAPI
import ArmchairCore
import CArmchairGtk4

// The Swift side of `ArmchairGtk4Binding`, entered only after the C function checked its
// arguments and the main thread.

@MainActor
@_cdecl("armchair_gtk4_swift_attach")
func armchairGtk4SwiftAttach(
    _ application: UnsafeMutableRawPointer, _ box: UnsafeMutableRawPointer, _ gerror: GErrorOut
) -> UnsafeMutableRawPointer? {
    do throws(ConfigurationError) {
        let configuration = try ConfigurationBox.from(box).validated()
        let binding = try ApplicationBinding.attach(to: application, configuration: configuration)
        return Unmanaged.passRetained(binding).toOpaque()
    } catch {
        armchairSetError(gerror, error)
        return nil
    }
}

@MainActor
@_cdecl("armchair_gtk4_swift_binding_engine")
func armchairGtk4SwiftBindingEngine(_ binding: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(Unmanaged<ApplicationBinding>.fromOpaque(binding).takeUnretainedValue().engine).toOpaque()
}

/// Releases the binding as its application goes: the engine, which the app may still hold,
/// shows nothing from then on, since its dialogs belonged to the application.
@MainActor
@_cdecl("armchair_gtk4_swift_binding_release")
func armchairGtk4SwiftBindingRelease(_ binding: UnsafeMutableRawPointer) {
    Unmanaged<ApplicationBinding>.fromOpaque(binding).takeRetainedValue().engine.presenter = nil
}
