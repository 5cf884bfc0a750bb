import struct FoundationEssentials.Date

/// The text forms of stored values, readable by GLib's `GKeyFile` and by people.
///
/// Dates are ISO 8601 in UTC with milliseconds (`2026-11-23T07:31:54.250Z`); a date alone
/// (`2026-11-23`) is also read, as midnight UTC, for people who edit the file by hand.
enum StoredText {
    /// The largest count or amount kept; a larger one (from a hand-edited file) is capped, so
    /// adding to it can never overflow.
    static let largest = 1_000_000_000

    static func count(_ text: String) -> Int? {
        guard let value = Int(text.trimmed), value >= 0 else { return nil }
        return min(value, largest)
    }

    static func amount(_ text: String) -> Double? {
        guard let value = Double(text.trimmed), value.isFinite, value >= 0 else { return nil }
        return min(value, Double(largest))
    }

    static func bool(_ text: String) -> Bool? {
        switch text.trimmed {
        case "true", "1": true
        case "false", "0": false
        default: nil
        }
    }

    static func text(of amount: Double) -> String {
        amount.rounded() == amount && abs(amount) < 1e15 ? String(Int(amount)) : String(amount)
    }

    // MARK: Dates

    /// A date as text; one before the year 0 or after 9999, which four digits cannot hold, is
    /// written as the nearest that can.
    static func text(of date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let writable = seconds.isNaN ? 0 : min(max(seconds, -62_167_219_200), 253_402_300_799.999)
        let (wholeSeconds, milliseconds) = Int64((writable * 1000).rounded()).floorDivided(by: 1000)
        return GregorianCalendar.timestamp(secondsSinceEpoch: wholeSeconds, milliseconds: milliseconds)
    }

    /// The minute of `date` in UTC, as `2026-12-05 at 18:02 UTC`.
    static func minute(of date: Date) -> String {
        let text = text(of: date)
        return "\(text.prefix(10)) at \(text.dropFirst(11).prefix(5)) UTC"
    }

    static func text(of dates: [Date]) -> String {
        dates.map { text(of: $0) + ";" }.joined()
    }

    static func date(_ text: String) -> Date? { date(text[...]) }

    static func date(_ text: Substring) -> Date? {
        let characters = Array(text.trimmed.utf8)
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= characters.count else { return nil }
            var value: Int64 = 0
            for byte in characters[range] {
                guard isDigit(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard characters.count >= 10, characters[4] == UInt8(ascii: "-"), characters[7] == UInt8(ascii: "-"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            (1...12).contains(month), (1...GregorianCalendar.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = Double(GregorianCalendar.daysSinceEpoch(year: year, month: month, day: day)) * 86_400
        if characters.count == 10 { return Date(timeIntervalSince1970: seconds) }

        guard characters.count >= 20, characters[10] == UInt8(ascii: "T"),
            characters[13] == UInt8(ascii: ":"), characters[16] == UInt8(ascii: ":"),
            characters.last == UInt8(ascii: "Z"),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            hour < 24, minute < 60, second < 61
        else { return nil }
        seconds += Double(hour * 3600 + minute * 60 + second)
        let fraction = characters[19..<(characters.count - 1)]
        if !fraction.isEmpty {
            let digits = fraction.dropFirst()
            guard fraction.first == UInt8(ascii: "."), !digits.isEmpty, digits.allSatisfy(isDigit) else { return nil }
            let used = digits.prefix(9)
            seconds += Double(used.reduce(Int64(0)) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }) / pow10(used.count)
        }
        return Date(timeIntervalSince1970: seconds)
    }

    static func dates(_ text: String) -> [Date]? {
        var dates: [Date] = []
        for item in listItems(text) {
            guard let date = date(item) else { return nil }
            dates.append(date)
        }
        return dates
    }

    // MARK: Processes

    /// Sessions as `<process>@<started>;` items.
    static func text(of sessions: [SessionRecord]) -> String {
        sessions.map { "\($0.process)@\(text(of: $0.started));" }.joined()
    }

    static func sessions(_ text: String) -> [SessionRecord]? {
        var sessions: [SessionRecord] = []
        for item in listItems(text) {
            guard let (process, date) = processAndDate(item) else { return nil }
            sessions.append(SessionRecord(process: process, started: date))
        }
        return sessions
    }

    /// A prompt hold as `<process>@<expires>`.
    static func text(of hold: PromptHold) -> String { "\(hold.process)@\(text(of: hold.expires))" }

    static func promptHold(_ text: String) -> PromptHold? {
        processAndDate(text.trimmed).map { PromptHold(process: $0.0, expires: $0.1) }
    }

    private static func processAndDate(_ item: Substring) -> (ProcessIdentity, Date)? {
        let utf8 = item.utf8
        guard let at = utf8.firstIndex(of: UInt8(ascii: "@")),
            !utf8[utf8.index(after: at)...].contains(UInt8(ascii: "@")),
            let process = ProcessIdentity(String(item[..<at].trimmed)), let date = date(item[item.index(after: at)...])
        else { return nil }
        return (process, date)
    }

    /// The items of a `;`-separated list, leaving out empty ones and those of white space only.
    ///
    /// The list is split at the `;` byte: splitting it into characters would cost more than the
    /// rest of decoding the state.
    private static func listItems(_ text: String) -> [Substring] {
        text.utf8.split(separator: UInt8(ascii: ";")).map(Substring.init).filter { !isWhitespace($0) }
    }

    /// Whether `item` is white space only, decided on its bytes unless it has non-ASCII ones.
    private static func isWhitespace(_ item: Substring) -> Bool {
        guard item.utf8.allSatisfy({ $0 < 0x80 }) else { return item.allSatisfy(\.isWhitespace) }
        // Unicode's white space in ASCII: tab, line feed, vertical tab, form feed, carriage return, space.
        return item.utf8.allSatisfy { $0 == UInt8(ascii: " ") || (0x09...0x0D).contains($0) }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func pow10(_ exponent: Int) -> Double {
        (0..<exponent).reduce(1) { value, _ in value * 10 }
    }
}

extension Int64 {
    /// Division rounding towards negative infinity, with a remainder that is never negative.
    fileprivate func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = self % divisor
        return remainder < 0 ? (self / divisor - 1, remainder + divisor) : (self / divisor, remainder)
    }
}

extension StringProtocol where SubSequence == Substring {
    /// The text without leading and trailing spaces and tabs, found in its UTF-8 bytes.
    var trimmed: Substring {
        let text = self[...]
        let utf8 = text.utf8
        var start = utf8.startIndex
        var end = utf8.endIndex
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        while start < end, isBlank(utf8[start]) { utf8.formIndex(after: &start) }
        while start < end, isBlank(utf8[utf8.index(before: end)]) { utf8.formIndex(before: &end) }
        return text[start..<end]
    }
}
