import CArmchair
import Foundation
import Synchronization

/// Small conveniences for GObject from Swift, which cannot call GLib's variadic functions.
enum GObjectHelpers {
    /// Drops a reference.
    static func unref(_ object: OpaquePointer?) {
        g_object_unref(UnsafeMutableRawPointer(object))
    }

    /// A toolkit's binding (`ArmchairGtk3Binding *`) as its parent type, for the methods every
    /// toolkit's binding shares, as `ARMCHAIR_APPLICATION_BINDING ()` casts it in C.
    static func applicationBinding(_ binding: OpaquePointer?) -> UnsafeMutablePointer<ArmchairApplicationBinding>? {
        binding.map { UnsafeMutablePointer($0) }
    }

    /// The fundamental type named `name` (`gdouble`, `gint`, `gboolean`, `gchararray`, `GEnum`,
    /// `GVariant`).
    static func type(_ name: String) -> GType { g_type_from_name(name) }

    /// Every property of `type`'s class.
    static func properties(of type: GType) -> [UnsafeMutablePointer<GParamSpec>] {
        let klass = g_type_class_ref(type)
        defer { g_type_class_unref(klass) }
        var count: guint = 0
        guard let list = g_object_class_list_properties(klass?.assumingMemoryBound(to: GObjectClass.self), &count)
        else { return [] }
        defer { g_free(list) }
        return (0..<Int(count)).compactMap { list[$0] }
    }

    /// The property `name` of `type`'s class.
    static func property(_ name: String, of type: GType) -> UnsafeMutablePointer<GParamSpec>? {
        let klass = g_type_class_ref(type)
        defer { g_type_class_unref(klass) }
        return g_object_class_find_property(klass?.assumingMemoryBound(to: GObjectClass.self), name)
    }

    /// The value of `object`'s property `name`, printed: `30`, `TRUE`, `"text"`, `{'export': 2}`,
    /// an enum's nick, or `NULL`.
    static func printed(_ object: OpaquePointer?, _ name: String) -> String {
        guard let spec = property(name, of: typeOfInstance(object)) else { return "no property \(name)" }
        var value = GValue()
        g_value_init(&value, spec.pointee.value_type)
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutablePointer(object), name, &value)
        return printed(&value)
    }

    /// `value`, printed as ``printed(_:_:)`` does.
    static func printed(_ value: UnsafePointer<GValue>) -> String {
        let type = value.pointee.g_type
        if g_type_is_a(type, Self.type("GEnum")) != 0 {
            let klass = g_type_class_ref(type)?.assumingMemoryBound(to: GEnumClass.self)
            defer { g_type_class_unref(klass) }
            return g_enum_get_value(klass, g_value_get_enum(value)).map { String(cString: $0.pointee.value_nick) }
                ?? "?"
        }
        if type == Self.type("GVariant") {
            guard let variant = g_value_get_variant(value) else { return "NULL" }
            let text = g_variant_print(variant, 0)
            defer { g_free(text) }
            return text.map { String(cString: $0) } ?? ""
        }
        let text = g_strdup_value_contents(value)
        defer { g_free(text) }
        return text.map { String(cString: $0) } ?? ""
    }

    /// Sets `object`'s property `name` from `text`, parsed for the property's type: a number,
    /// `true`/`false`, a string, an enum nick or a GVariant in GVariant text format.
    static func set(_ object: OpaquePointer?, _ name: String, to text: String) {
        guard let spec = property(name, of: typeOfInstance(object)) else { return }
        let type = spec.pointee.value_type
        var value = GValue()
        g_value_init(&value, type)
        defer { g_value_unset(&value) }
        switch g_type_fundamental(type) {
        case Self.type("gdouble"): g_value_set_double(&value, Double(text) ?? .nan)
        case Self.type("gint"): g_value_set_int(&value, gint(text) ?? 0)
        case Self.type("gboolean"): g_value_set_boolean(&value, text == "true" ? 1 : 0)
        case Self.type("gchararray"): g_value_set_string(&value, text)
        case Self.type("GEnum"):
            let klass = g_type_class_ref(type)?.assumingMemoryBound(to: GEnumClass.self)
            defer { g_type_class_unref(klass) }
            g_value_set_enum(&value, g_enum_get_value_by_nick(klass, text)?.pointee.value ?? -1)
        default:
            let variantSpec = UnsafeMutableRawPointer(spec).assumingMemoryBound(to: GParamSpecVariant.self)
            g_value_set_variant(&value, g_variant_parse(variantSpec.pointee.type, text, nil, nil, nil))
        }
        g_object_set_property(UnsafeMutablePointer(object), name, &value)
    }

    /// The type of `instance`, a GObject.
    static func typeOfInstance(_ instance: OpaquePointer?) -> GType {
        UnsafeMutableRawPointer(instance)?.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class?.pointee.g_type
            ?? 0
    }
}

/// A `GError` taken from a call, freed here.
struct CallError: Equatable {
    var domain: String
    var code: Int32
    var message: String
}

extension CallError {
    /// Takes `error`, frees it and sets it back to `NULL`, for the next call.
    init?(_ error: inout UnsafeMutablePointer<GError>?) {
        guard let taken = error else { return nil }
        error = nil
        defer { g_error_free(taken) }
        let error = taken
        domain = String(cString: g_quark_to_string(error.pointee.domain))
        code = error.pointee.code
        message = String(cString: error.pointee.message)
    }
}

/// A pointer a test hands to another thread, on which the library must refuse it.
struct Unchecked<Value>: @unchecked Sendable {
    var value: Value
}

/// Runs `body` on a new thread, not the main one, and waits for it.
func onAnotherThread<Result>(_ body: @escaping () -> Result) -> Result {
    let result = Mutex<Unchecked<Result>?>(nil)
    let body = Unchecked(value: body)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        let value = body.value()
        result.withLock { $0 = Unchecked(value: value) }
        done.signal()
    }
    thread.start()
    done.wait()
    return result.withLock { $0!.value }
}
