import CGLib

/// The GVariant dictionaries of `ArmchairConfiguration`: `a{si}`, `a{ss}` and `a{sa{si}}`, built
/// and read in their entries' order.
enum VariantDictionary {
    /// A floating array of `entries`, each floating and of `entryType`: a dictionary entry (`{si}`)
    /// for a dictionary, or any other type (`(ss)`) for a plain array.
    static func make(_ entries: [OpaquePointer?], entryType: String) -> OpaquePointer {
        let type = g_variant_type_new(entryType)
        defer { g_variant_type_free(type) }
        return entries.withUnsafeBufferPointer { g_variant_new_array(type, $0.baseAddress, gsize($0.count)) }
    }

    /// A floating dictionary entry of a string and `value` (floating).
    static func entry(_ key: String, _ value: OpaquePointer?) -> OpaquePointer? {
        g_variant_new_dict_entry(g_variant_new_string(key), value)
    }

    /// `{si}` entries of `counts`, sorted by name.
    static func counts(_ counts: [String: Int]) -> [OpaquePointer?] {
        counts.sorted { $0.key < $1.key }.map { entry($0.key, g_variant_new_int32(gint32(clamping: $0.value))) }
    }

    /// Calls `body` with the key and value of each entry of the dictionary `variant`, in order.
    static func forEachEntry(of variant: OpaquePointer, _ body: (String, OpaquePointer) -> Void) {
        for index in 0..<g_variant_n_children(variant) {
            guard let entry = g_variant_get_child_value(variant, index) else { continue }
            defer { g_variant_unref(entry) }
            guard let key = g_variant_get_child_value(entry, 0), let value = g_variant_get_child_value(entry, 1) else {
                continue
            }
            defer {
                g_variant_unref(key)
                g_variant_unref(value)
            }
            body(String(cString: g_variant_get_string(key, nil)), value)
        }
    }

    /// The `a{si}` dictionary `variant` as names and counts.
    static func readCounts(_ variant: OpaquePointer) -> [String: Int] {
        var counts: [String: Int] = [:]
        forEachEntry(of: variant) { key, value in counts[key] = Int(g_variant_get_int32(value)) }
        return counts
    }
}
