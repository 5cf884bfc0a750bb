import ArmchairCAPI
import ArmchairCore
import CArmchair

/// The Swift side of an `ArmchairConfiguration`, which keeps its settings in C: what an engine made
/// of it gets.
enum SwiftConfigurations {
    /// The Swift configuration an engine made of `configuration` now gets.
    static func of(_ configuration: OpaquePointer?) -> Configuration {
        let core = armchair_engine_module_core()!
        let box = armchair_configuration_make_swift(configuration, core)!
        defer { core.pointee.configuration_release(box) }
        return box.borrow().withContents { $0.configuration }
    }

    /// Changes `configuration`'s settings in Swift, where no property's range applies, and gives
    /// them back to the C object.
    static func change(_ configuration: OpaquePointer?, _ body: (inout ConfigurationBox.Contents) -> Void) {
        let core = armchair_engine_module_core()!
        let box = armchair_configuration_make_swift(configuration, core)!
        defer { core.pointee.configuration_release(box) }
        box.borrow().withContents(body)
        armchair_configuration_take_swift_values(configuration, core, box)
    }
}
