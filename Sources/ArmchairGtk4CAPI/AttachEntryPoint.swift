import ArmchairAdwaita
import ArmchairCAPI
import ArmchairCore
import CArmchair
import CArmchairGtk4

/// The Swift side of `armchair_gtk4_attach`, entered after the C wrapper checked its arguments.
@MainActor
@_cdecl("armchair_gtk4_swift_attach")
func armchairGtk4SwiftAttach(
    _ application: OpaquePointer, _ configuration: OpaquePointer,
    _ gerror: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
) -> UnsafeMutableRawPointer? {
    do throws(ConfigurationError) {
        let binding = try ApplicationBinding.attach(
            to: UnsafeMutableRawPointer(application), configuration: armchairConfiguration(from: configuration))
        return Unmanaged.passRetained(binding.engine).toOpaque()
    } catch {
        armchairSetError(gerror, error)
        return nil
    }
}
