import struct Foundation.Date

/// A fixed reference date for the benchmark state.
enum ContinuousClockReference { static let start = Date(timeIntervalSince1970: 1_767_225_600) }
