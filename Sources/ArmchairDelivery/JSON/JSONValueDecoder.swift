import struct FoundationEssentials.Date

/// Decodes `Decodable` values from JSON text, the module's own replacement for Foundation's
/// `JSONDecoder` with the `.iso8601` date strategy.
///
/// It reads what ``JSONValueEncoder`` and Foundation's `JSONEncoder` write, and is built for
/// text from outside (outbox files on disk, a server's answer): any bytes give a value or a
/// `DecodingError` with the coding path of the problem, never a trap.
///
/// - A date is an ISO 8601 timestamp (``ISO8601Timestamp/date(from:)``): `2026-11-23T10:14:03Z`,
///   with a fraction of a second or an offset such as `+01:00` if it has one.
/// - An integer type reads a number that fits it, `2.0` and `2e3` included; anything else, such as
///   `1.5` or `9223372036854775808` for `Int`, is `DecodingError.dataCorrupted`.
/// - `Double` and `Float` read any number within their range.
/// - Members a type does not know are ignored; a missing one is `DecodingError.keyNotFound`,
///   `null` for a value that is not optional `DecodingError.valueNotFound`, and the wrong kind of
///   value `DecodingError.typeMismatch`.
///
/// ```swift
/// let entry = try JSONValueDecoder().decode(OutboxEntry<FeedbackMessage>.self, from: bytes)
/// ```
package struct JSONValueDecoder: Sendable {
    /// Creates a decoder.
    package init() {}

    /// The `Value` that the JSON text `text` holds.
    ///
    /// - Throws: `DecodingError`: `dataCorrupted` when `text` is not JSON
    ///   (``JSONValue/init(parsing:)``), else whatever reading `Value` from it finds wrong.
    package func decode<Value: Decodable>(_ type: Value.Type, from text: [UInt8]) throws -> Value {
        try decode(type, from: JSONValue(parsing: text))
    }

    /// The `Value` that `value` holds.
    ///
    /// - Throws: `DecodingError`, or what `Value`'s own `init(from:)` throws.
    package func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue) throws -> Value {
        try ValueDecoder(value: value, codingPath: []).decode(type)
    }
}

/// The `Decoder` that `init(from:)` implementations see: one ``JSONValue`` at a coding path, and
/// the conversions every container shares.
struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: Any].self, "an object") }
        return KeyedDecodingContainer(KeyedJSONDecodingContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([Any].self, "an array") }
        return UnkeyedJSONDecodingContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleJSONDecodingContainer(decoder: self)
    }

    // MARK: Conversions

    var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// A date from its timestamp; any other type through its `init(from:)`.
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        if type == Date.self, let date = try decodeDate() as? Value { return date }
        return try Value(from: self)
    }

    func decodeBool() throws -> Bool {
        guard case .bool(let truth) = value else { throw mismatch(Bool.self, "a boolean") }
        return truth
    }

    func decodeString() throws -> String {
        guard case .string(let text) = value else { throw mismatch(String.self, "a string") }
        return text
    }

    func decodeInteger<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        guard case .number(let text) = value else { throw mismatch(type, "a number") }
        if let integer = Integer(text) { return integer }
        // `2.0` or `2e3`: a whole number written as a floating-point one.
        if let digits = Self.wholeNumberDigits(text), let integer = Integer(digits) { return integer }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: codingPath, debugDescription: "Number \(text) does not fit in \(type)."))
    }

    func decodeFloatingPoint<Number: BinaryFloatingPoint & LosslessStringConvertible>(
        _ type: Number.Type
    ) throws -> Number {
        guard case .number(let text) = value else { throw mismatch(type, "a number") }
        guard let number = Number(text), number.isFinite else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "Number \(text) is not representable as \(type)."))
        }
        return number
    }

    /// The digits of a JSON number with a fraction or an exponent that is a whole number, with its
    /// sign (`-2.50e1` → `-25`), worked out in decimal so nothing is rounded on the way; `nil` when
    /// it is not whole or has more than 40 digits, more than any integer type holds.
    static func wholeNumberDigits(_ text: String) -> String? {
        var rest = Substring(text)
        let isNegative = rest.first == "-"
        if isNegative { rest = rest.dropFirst() }
        let exponentStart = rest.firstIndex { $0 == "e" || $0 == "E" }
        let mantissa = rest[..<(exponentStart ?? rest.endIndex)]
        var exponent = 0
        if let exponentStart {
            let exponentText = rest[rest.index(after: exponentStart)...]
            // An exponent beyond any integer's reach only matters when the digits are all zero.
            exponent = Int(exponentText) ?? (exponentText.first == "-" ? -1_000 : 1_000)
            exponent = min(max(exponent, -1_000), 1_000)
        }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let integerPart = parts[0]
        let fractionPart = parts.count > 1 ? parts[1] : ""
        var digits = Array(integerPart + fractionPart)
        if digits.allSatisfy({ $0 == "0" }) { return "0" }
        // Where the decimal point falls among `digits` once the exponent has moved it.
        let point = integerPart.count + exponent
        if point < digits.count {
            guard digits[max(point, 0)...].allSatisfy({ $0 == "0" }) else { return nil }
            digits.removeLast(digits.count - max(point, 0))
        } else {
            guard point <= 40 else { return nil }
            digits += repeatElement("0", count: point - digits.count)
        }
        let significant = digits.drop { $0 == "0" }
        guard significant.count <= 40 else { return nil }
        return (isNegative ? "-" : "") + String(significant)
    }

    private func decodeDate() throws -> Date {
        guard case .string(let text) = value else { throw mismatch(Date.self, "a string") }
        guard let date = ISO8601Timestamp.date(from: text) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "Expected date string to be ISO8601-formatted."))
        }
        return date
    }

    /// The error for a value of the wrong kind: `valueNotFound` for `null`, else `typeMismatch`.
    func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
        if isNull {
            return DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        }
        return DecodingError.typeMismatch(
            type,
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "Expected to decode \(type) (\(expected)) but found \(value.kindDescription) instead."
            ))
    }
}
