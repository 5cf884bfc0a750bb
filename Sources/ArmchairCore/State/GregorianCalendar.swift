/// Calendar arithmetic for timestamps in UTC, in the proleptic Gregorian calendar that ISO 8601
/// uses, after Howard Hinnant's `days_from_civil` and `civil_from_days` algorithms.
///
/// Foundation's `Calendar` is not used: it would bring its time zones and ICU into every program
/// that links the core, for the few lines each writer of dates needs.
package enum GregorianCalendar {
    /// The days from 1970-01-01 to `year`-`month`-`day`, negative before it.
    ///
    /// - Parameters:
    ///   - year: The year, such as 2026; 0 is 1 BC.
    ///   - month: The month, 1 to 12.
    ///   - day: The day of the month, from 1.
    package static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month and day `days` days after 1970-01-01 (before it, when negative).
    package static func date(daysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, or `YYYY-MM-DDTHH:MM:SS.mmmZ` with `milliseconds`, `seconds`
    /// seconds after 1970-01-01T00:00:00 UTC (before it, when negative).
    ///
    /// The digits are written straight into the string's storage: the state file formats a date
    /// at every start, and padding each number as a string of its own cost 9,000 instructions.
    ///
    /// - Parameters:
    ///   - seconds: The whole seconds; the callers keep the year within 0 to 9999, which four
    ///     digits hold (a year outside would be written as the nearest one within).
    ///   - milliseconds: The milliseconds after `seconds`, from 0 to 999, if written.
    package static func timestamp(secondsSinceEpoch seconds: Int64, milliseconds: Int64? = nil) -> String {
        let secondOfDay = (seconds % 86_400 + 86_400) % 86_400
        let (year, month, day) = date(daysSinceEpoch: (seconds - secondOfDay) / 86_400)
        let year4 = min(max(year, 0), 9999)
        return String(unsafeUninitializedCapacity: 24) { text in
            var count = 0
            func put(_ value: Int64, digits: Int) {
                var rest = value
                for place in stride(from: digits - 1, through: 0, by: -1) {
                    text[count + place] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                count += digits
            }
            func put(_ character: Unicode.Scalar) {
                text[count] = UInt8(ascii: character)
                count += 1
            }
            put(year4, digits: 4)
            put("-")
            put(month, digits: 2)
            put("-")
            put(day, digits: 2)
            put("T")
            put(secondOfDay / 3600, digits: 2)
            put(":")
            put(secondOfDay / 60 % 60, digits: 2)
            put(":")
            put(secondOfDay % 60, digits: 2)
            if let milliseconds {
                put(".")
                put(milliseconds, digits: 3)
            }
            put("Z")
            return count
        }
    }

    /// How many days `month` (1 to 12) of `year` has.
    package static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
