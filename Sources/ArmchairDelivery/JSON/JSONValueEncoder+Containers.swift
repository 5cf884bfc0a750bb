// The three containers of a NodeEncoder. Each writes into an EncodingNode: a keyed container
// into an object's members, an unkeyed one into an array's elements, a single-value one into the
// node itself.

struct KeyedJSONEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode

    var codingPath: [any CodingKey] { node.codingPath }

    mutating func encodeNil(forKey key: Key) throws { node.member(key).set(.null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { node.member(key).set(.bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { node.member(key).set(.string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try encodeFloatingPoint(value, forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try encodeFloatingPoint(value, forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { node.member(key).set(JSONValue(integer: value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { node.member(key).set(JSONValue(integer: value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { node.member(key).set(JSONValue(integer: value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { node.member(key).set(JSONValue(integer: value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { node.member(key).set(JSONValue(integer: value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { node.member(key).set(JSONValue(integer: value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { node.member(key).set(JSONValue(integer: value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { node.member(key).set(JSONValue(integer: value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { node.member(key).set(JSONValue(integer: value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { node.member(key).set(JSONValue(integer: value)) }
    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try node.member(key).encode(value)
    }

    private func encodeFloatingPoint<Number: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: Number, forKey key: Key
    ) throws {
        let member = node.member(key)
        member.set(try JSONValue(floatingPoint: value, codingPath: member.codingPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: node.member(key)).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.member(key)).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.member(JSONCodingKey.superKey)) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { NodeEncoder(node: node.member(key)) }
}

struct UnkeyedJSONEncodingContainer: UnkeyedEncodingContainer {
    let node: EncodingNode

    var codingPath: [any CodingKey] { node.codingPath }
    var count: Int { node.elementCount }

    mutating func encodeNil() throws { node.appendElement().set(.null) }
    mutating func encode(_ value: Bool) throws { node.appendElement().set(.bool(value)) }
    mutating func encode(_ value: String) throws { node.appendElement().set(.string(value)) }
    mutating func encode(_ value: Double) throws { try encodeFloatingPoint(value) }
    mutating func encode(_ value: Float) throws { try encodeFloatingPoint(value) }
    mutating func encode(_ value: Int) throws { node.appendElement().set(JSONValue(integer: value)) }
    mutating func encode(_ value: Int8) throws { node.appendElement().set(JSONValue(integer: value)) }
    mutating func encode(_ value: Int16) throws { node.appendElement().set(JSONValue(integer: value)) }
    mutating func encode(_ value: Int32) throws { node.appendElement().set(JSONValue(integer: value)) }
    mutating func encode(_ value: Int64) throws { node.appendElement().set(JSONValue(integer: value)) }
    mutating func encode(_ value: UInt) throws { node.appendElement().set(JSONValue(integer: value)) }
    mutating func encode(_ value: UInt8) throws { node.appendElement().set(JSONValue(integer: value)) }
    mutating func encode(_ value: UInt16) throws { node.appendElement().set(JSONValue(integer: value)) }
    mutating func encode(_ value: UInt32) throws { node.appendElement().set(JSONValue(integer: value)) }
    mutating func encode(_ value: UInt64) throws { node.appendElement().set(JSONValue(integer: value)) }
    mutating func encode<Value: Encodable>(_ value: Value) throws { try node.appendElement().encode(value) }

    private func encodeFloatingPoint<Number: BinaryFloatingPoint & LosslessStringConvertible>(_ value: Number) throws {
        let element = node.appendElement()
        element.set(try JSONValue(floatingPoint: value, codingPath: element.codingPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: node.appendElement()).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.appendElement()).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.appendElement()) }
}

struct SingleJSONEncodingContainer: SingleValueEncodingContainer {
    let node: EncodingNode

    var codingPath: [any CodingKey] { node.codingPath }

    mutating func encodeNil() throws { node.set(.null) }
    mutating func encode(_ value: Bool) throws { node.set(.bool(value)) }
    mutating func encode(_ value: String) throws { node.set(.string(value)) }
    mutating func encode(_ value: Double) throws {
        node.set(try JSONValue(floatingPoint: value, codingPath: codingPath))
    }
    mutating func encode(_ value: Float) throws {
        node.set(try JSONValue(floatingPoint: value, codingPath: codingPath))
    }
    mutating func encode(_ value: Int) throws { node.set(JSONValue(integer: value)) }
    mutating func encode(_ value: Int8) throws { node.set(JSONValue(integer: value)) }
    mutating func encode(_ value: Int16) throws { node.set(JSONValue(integer: value)) }
    mutating func encode(_ value: Int32) throws { node.set(JSONValue(integer: value)) }
    mutating func encode(_ value: Int64) throws { node.set(JSONValue(integer: value)) }
    mutating func encode(_ value: UInt) throws { node.set(JSONValue(integer: value)) }
    mutating func encode(_ value: UInt8) throws { node.set(JSONValue(integer: value)) }
    mutating func encode(_ value: UInt16) throws { node.set(JSONValue(integer: value)) }
    mutating func encode(_ value: UInt32) throws { node.set(JSONValue(integer: value)) }
    mutating func encode(_ value: UInt64) throws { node.set(JSONValue(integer: value)) }
    mutating func encode<Value: Encodable>(_ value: Value) throws { try node.encode(value) }
}
