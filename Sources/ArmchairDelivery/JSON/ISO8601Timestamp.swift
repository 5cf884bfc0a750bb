import ArmchairCore

import struct FoundationEssentials.Date

/// Dates in JSON: ISO 8601 timestamps in UTC to the second, such as `2026-11-23T10:14:03Z`, as
/// Foundation's `JSONEncoder` writes them with its `.iso8601` date strategy.
///
/// The calendar is the proleptic Gregorian one ISO 8601 uses; Foundation's switches to the
/// Julian calendar before 15 October 1582, so the two differ only for dates before then.
enum ISO8601Timestamp {
    /// The earliest date written, 0000-01-01T00:00:00Z, in seconds since 1970.
    private static let earliest: Double = -62_167_219_200
    /// The latest date written, 9999-12-31T23:59:59Z, in seconds since 1970.
    private static let latest: Double = 253_402_300_799

    /// `date` as text, with the seconds rounded down as `JSONEncoder` does (`…:03.999` is
    /// `…:03Z`). A date before the year 0 or after 9999, which four digits cannot hold, is written
    /// as the nearest that can, and one that is not a number as 1970-01-01T00:00:00Z, so that
    /// whatever is written can be read again.
    static func text(of date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let writable = seconds.isNaN ? 0 : min(max(seconds.rounded(.down), earliest), latest)
        return GregorianCalendar.timestamp(secondsSinceEpoch: Int64(writable))
    }

    /// The date `text` gives: `YYYY-MM-DDTHH:MM:SS`, then optionally a fraction of a second
    /// (`.250`, up to nanoseconds; further digits are ignored), then `Z` or an offset from UTC
    /// (`+01:00`, `-0530`). `nil` for anything else, a day or time that does not exist
    /// (2026-02-30, 24:00) included.
    static func date(from text: String) -> Date? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"),
            let month = reader.number(digits: 2), reader.skip("-"), let day = reader.number(digits: 2),
            reader.skip("T"), let hour = reader.number(digits: 2), reader.skip(":"),
            let minute = reader.number(digits: 2), reader.skip(":"), let second = reader.number(digits: 2),
            (1...12).contains(month), (1...GregorianCalendar.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var fraction: Double = 0
        if reader.skip(".") {
            var nanoseconds: Int64 = 0
            var digitCount = 0
            while let digit = reader.number(digits: 1) {
                if digitCount < 9 { nanoseconds = nanoseconds * 10 + digit }
                digitCount += 1
            }
            guard digitCount > 0 else { return nil }
            for _ in digitCount..<max(digitCount, 9) { nanoseconds *= 10 }
            fraction = Double(nanoseconds) / 1e9
        }
        var offset: Int64 = 0
        if !reader.skip("Z") {
            let sign: Int64
            if reader.skip("+") { sign = 1 } else if reader.skip("-") { sign = -1 } else { return nil }
            guard let offsetHours = reader.number(digits: 2) else { return nil }
            _ = reader.skip(":")
            guard let offsetMinutes = reader.number(digits: 2), offsetHours < 24, offsetMinutes < 60 else { return nil }
            offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        }
        guard reader.isAtEnd else { return nil }
        let days = GregorianCalendar.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Reads a timestamp's text from the start.
    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        var isAtEnd: Bool { position == bytes.count }

        /// Whether `character` comes next; if so, it is read.
        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        /// The number `digits` decimal digits next make, read; `nil`, and nothing read, when
        /// fewer come next.
        mutating func number(digits: Int) -> Int64? {
            guard bytes.count - position >= digits else { return nil }
            var value: Int64 = 0
            for byte in bytes[position..<(position + digits)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            position += digits
            return value
        }
    }
}
