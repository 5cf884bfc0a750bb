package import ArmchairCore
package import CArmchair

/// A handle type of armchair-swift-private.h, which C holds for one kind of Swift object.
///
/// The handles are one-member C structs that nothing reads: Swift imports each as a distinct
/// `UnsafeMutablePointer<…>`, so the compiler refuses an engine where a binding is expected, and
/// this conformance says, once, which Swift class is behind each.
package protocol SwiftObjectHandle {
    /// The Swift class of the objects behind this handle.
    associatedtype Object: AnyObject
}

extension ArmchairSwiftConfiguration: SwiftObjectHandle { package typealias Object = ConfigurationBox }
extension ArmchairSwiftEngine: SwiftObjectHandle { package typealias Object = RatingEngine }
extension ArmchairSwiftBinding: SwiftObjectHandle { package typealias Object = BindingBox }
extension ArmchairSwiftFeedbackCompletion: SwiftObjectHandle { package typealias Object = GivenOnce<FeedbackError?> }
extension ArmchairSwiftStepCompletion: SwiftObjectHandle { package typealias Object = GivenOnce<ArmchairChoice> }

/// The ownership verbs of ``CReference`` for a typed handle.
extension UnsafeMutablePointer where Pointee: SwiftObjectHandle {
    /// A handle to a new reference to `object`, which C owns until it gives it back.
    package static func retaining(_ object: Pointee.Object) -> Self {
        CReference.retain(object).assumingMemoryBound(to: Pointee.self)
    }

    /// The object behind the handle, which C still owns; valid while C keeps it.
    package func borrow() -> Pointee.Object {
        CReference.borrow(self, as: Pointee.Object.self)
    }

    /// The object behind the handle, whose reference C gives back: Swift owns it now.
    package func take() -> Pointee.Object {
        CReference.take(self, as: Pointee.Object.self)
    }
}
