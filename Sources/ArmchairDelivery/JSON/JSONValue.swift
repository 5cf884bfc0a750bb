/// A JSON value: what ``JSONValueEncoder`` builds from an `Encodable` value before writing it,
/// and what ``JSONValueDecoder`` reads before handing it to a `Decodable` type.
///
/// The module's own JSON, so that the C library does not link Foundation's `JSONEncoder` and
/// `JSONDecoder`: they work on `Data`, which brings about 6 MB of Foundation with it.
package enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its JSON text (`-12`, `0.5`, `1e+16`): converted only when a type asks for it,
    /// so a number too large for one type can still be read as another, and never traps.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object. Written with its keys sorted; a key that appears twice when read keeps its
    /// first value, as Foundation's `JSONDecoder` does.
    case object([String: JSONValue])

    /// What the value is, for error messages: "a string", "null".
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
