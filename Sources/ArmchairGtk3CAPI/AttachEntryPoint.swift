import ArmchairCAPI
import ArmchairCore
import ArmchairGLib
import ArmchairGtk
public import CArmchair
import CArmchairGtk3
import CGLib

/// libarmchair-gtk3-1's Swift, as its C reaches it: `ArmchairSwiftToolkit`, whose one entry point
/// attaches GTK 3's `ApplicationBinding`. The compiler checks it against the C field's type.
///
/// Public, so that its module exports it for libarmchair-1's loader (an internal one is hidden).
@_cdecl("armchair_gtk3_swift")
public func armchairGtk3Swift() -> UnsafePointer<ArmchairSwiftToolkit> {
    UnsafePointer(toolkitEntryPoints)
}

private nonisolated(unsafe) let toolkitEntryPoints: UnsafeMutablePointer<ArmchairSwiftToolkit> = {
    let table = UnsafeMutablePointer<ArmchairSwiftToolkit>.allocate(capacity: 1)
    table.initialize(
        to: ArmchairSwiftToolkit(attach: { onMainActor(attachApplicationBinding, $0, $1, $2) }))
    return table
}()

/// Attaches `ApplicationBinding` to `application`, with `configuration` when C gave one.
@MainActor
private func attachApplicationBinding(
    _ application: UnsafeMutablePointer<GApplication>, _ configuration: ConfigurationHandle?, _ error: GErrorOut
) -> BindingHandle? {
    attach(
        to: application, configuration: configuration, error,
        installed: { application throws(AttachError) in try ApplicationBinding.attach(to: application, logger: .glib) },
        configured: { application, configuration throws(ConfigurationError) in
            try ApplicationBinding.attach(to: application, configuration: configuration, logger: .glib)
        })
}
