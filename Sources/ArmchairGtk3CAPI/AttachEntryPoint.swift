import ArmchairCAPI
import ArmchairCore
import ArmchairGtk
import CArmchair
import CArmchairGtk3

/// The Swift side of `armchair_gtk3_attach`, entered after the C wrapper checked its arguments.
@MainActor
@_cdecl("armchair_gtk3_swift_attach")
func armchairGtk3SwiftAttach(
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
