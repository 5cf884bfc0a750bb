import struct FoundationEssentials.Date

/// Encodes `Encodable` values as JSON text, the module's own replacement for Foundation's
/// `JSONEncoder` configured with `.sortedKeys` and the `.iso8601` date strategy.
///
/// It writes the same bytes as that `JSONEncoder` (see ``JSONValue/text(_:)``), without `Data`,
/// which would link about 6 MB of Foundation into the C library. Dates are ISO 8601 timestamps
/// in UTC to the second (``ISO8601Timestamp``); integers are written in full; a `Double` or
/// `Float` as its shortest exact text (`0.1`, `1e+16`, `3` for 3.0), and infinity or NaN is an
/// error.
///
/// ```swift
/// let body = try JSONValueEncoder().encode(message)            // {"appID":"org.example.Notes",…}
/// let file = try JSONValueEncoder(layout: .prettyPrinted).encode(entry)
/// ```
package struct JSONValueEncoder: Sendable {
    /// Compact for request bodies, pretty printed for files people may read.
    package var layout: JSONValue.Layout

    /// Creates an encoder that writes with `layout`.
    package init(layout: JSONValue.Layout = .compact) { self.layout = layout }

    /// `value` as UTF-8 JSON text.
    ///
    /// - Throws: `EncodingError.invalidValue` for a floating-point value that is infinite or not
    ///   a number, a top-level value that encodes nothing, or an `Encodable` implementation that
    ///   uses its encoder in two incompatible ways (a keyed and an unkeyed container for one
    ///   value); and whatever `value`'s own `encode(to:)` throws.
    package func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        try jsonValue(of: value).text(layout)
    }

    /// `value` as a ``JSONValue``.
    ///
    /// - Throws: What ``encode(_:)`` throws.
    package func jsonValue<Value: Encodable>(of value: Value) throws -> JSONValue {
        let root = EncodingNode(codingPath: [])
        try root.encode(value)
        guard !root.isEmpty else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "Top-level \(Value.self) did not encode any values."))
        }
        return try root.resolved()
    }
}

/// One value being encoded, which the containers of its encoder fill in. A reference, so a
/// nested container keeps writing into its parent after the call that made it has returned,
/// as the `Encoder` protocol allows.
final class EncodingNode {
    let codingPath: [any CodingKey]
    private var shape = Shape.empty
    private var members: [String: EncodingNode] = [:]
    private var elements: [EncodingNode] = []
    /// The first way the value's encoder was misused, reported when the value is resolved.
    private var misuse: String?

    private enum Shape {
        case empty
        case single(JSONValue)
        case object
        case array
    }

    init(codingPath: [any CodingKey]) { self.codingPath = codingPath }

    /// Whether nothing was encoded into this value.
    var isEmpty: Bool {
        if case .empty = shape { return true }
        return false
    }

    var elementCount: Int { elements.count }

    /// Encodes `value` here: a date as its timestamp, anything else through its `encode(to:)`.
    func encode<Value: Encodable>(_ value: Value) throws {
        if let date = value as? Date {
            set(.string(ISO8601Timestamp.text(of: date)))
        } else {
            try value.encode(to: NodeEncoder(node: self))
        }
    }

    // MARK: Filling in

    func set(_ value: JSONValue) {
        guard isEmpty else { return reportMisuse("a single value was encoded where a value was already encoded") }
        shape = .single(value)
    }

    func becomeObject() {
        switch shape {
        case .empty: shape = .object
        case .object: break
        case .single, .array: reportMisuse("a keyed container was asked for where another kind of value was encoded")
        }
    }

    func becomeArray() {
        switch shape {
        case .empty: shape = .array
        case .array: break
        case .single, .object:
            reportMisuse("an unkeyed container was asked for where another kind of value was encoded")
        }
    }

    /// A new value for the member `key` of this object; one encoded for the same key before is replaced.
    func member(_ key: any CodingKey) -> EncodingNode {
        let node = EncodingNode(codingPath: codingPath + [key])
        if case .object = shape { members[key.stringValue] = node }
        return node
    }

    /// A new value at the end of this array.
    func appendElement() -> EncodingNode {
        let node = EncodingNode(codingPath: codingPath + [JSONCodingKey(index: elements.count)])
        if case .array = shape { elements.append(node) }
        return node
    }

    private func reportMisuse(_ problem: String) {
        if misuse == nil { misuse = problem }
    }

    // MARK: Resolving

    /// The finished value. A nested value that encoded nothing is an empty object, as with
    /// `JSONEncoder`.
    func resolved() throws -> JSONValue {
        if let misuse {
            throw EncodingError.invalidValue(
                misuse, EncodingError.Context(codingPath: codingPath, debugDescription: "Cannot encode: \(misuse)."))
        }
        switch shape {
        case .empty: return .object([:])
        case .single(let value): return value
        case .object:
            var object: [String: JSONValue] = [:]
            for (key, node) in members { object[key] = try node.resolved() }
            return .object(object)
        case .array:
            var array: [JSONValue] = []
            array.reserveCapacity(elements.count)
            for node in elements { array.append(try node.resolved()) }
            return .array(array)
        }
    }
}

/// The `Encoder` that `encode(to:)` implementations see: the containers of one ``EncodingNode``.
struct NodeEncoder: Encoder {
    let node: EncodingNode

    var codingPath: [any CodingKey] { node.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedJSONEncodingContainer<Key>(node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedJSONEncodingContainer(node: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleJSONEncodingContainer(node: node) }
}

extension JSONValue {
    /// An integer as a JSON number.
    init(integer: some BinaryInteger) { self = .number(String(integer)) }

    /// A `Double` or `Float` as `JSONEncoder` writes it: its shortest exact text without a
    /// trailing `.0`.
    ///
    /// - Throws: `EncodingError.invalidValue` for infinity and NaN, which JSON cannot hold.
    init<Number: BinaryFloatingPoint & LosslessStringConvertible>(
        floatingPoint number: Number, codingPath: [any CodingKey]
    ) throws {
        guard number.isFinite else {
            throw EncodingError.invalidValue(
                number,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Unable to encode \(Number.self).\(number) directly in JSON."))
        }
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        self = .number(text)
    }
}
