package import Logging

package import struct FoundationEssentials.Date

/// The desktop's record of when each app last prompted, shared by every app of one person on one
/// computer: `$XDG_STATE_HOME/armchair/desktop.ini`.
///
/// ```
/// [State]
/// prompted.5f0c3e9a1b7d4c2e8a6f0b1d3c5e7a9f=2026-11-30T18:02:11.000Z
/// ```
///
/// It names no app: each app is an opaque token that only the app's own state file holds
/// (``RatingState/desktopToken``), so that the record does not tell a sandboxed app which other
/// apps the person uses; `armchair desktop`, run by the person on the host, matches tokens with
/// state files. It is kept as state files are (``KeyFileStore``): locked while changed, replaced
/// atomically, an unusable file moved aside, never a crash.
package final class DesktopRecord: Sendable {
    private let store: KeyFileStore

    /// How long an app's last prompt is kept: longer than any quiet period.
    package static let keptDays = 400.0
    private static let keyPrefix = "prompted."

    /// The record at `path`; nothing is read or written until asked.
    package init(path: String, logger: Logger) {
        store = KeyFileStore(
            path: path, name: "desktop's prompt record", startingAgain: "started a new record",
            comment: [
                "Armchair for Linux: when each app on this desktop last asked for a rating, so that apps",
                "do not ask one after another. Apps are opaque tokens; `armchair desktop` names them.",
            ], lockTimeout: 1, logger: logger)
    }

    /// When each app last prompted, by token, as the file holds it.
    ///
    /// - Throws: ``StoreError`` when the record exists but cannot be read now.
    package func prompts() throws(StoreError) -> [String: Date] {
        Self.prompts(in: try store.read())
    }

    /// The latest prompt of an app other than the one with `token` that is believable at `now`:
    /// one recorded more than ``RatingState/clockTolerance`` ahead of it came from a clock that
    /// was wrong (or is wrong now) and holds no app. It is kept, not dropped: a clock behind must
    /// not erase other apps' prompts.
    package func latestPrompt(notBy token: String?, now: Date) throws(StoreError) -> Date? {
        Self.latest(in: try prompts(), notBy: token, now: now)
    }

    /// Records that the app with `token` prompted at `date`, and forgets prompts older than
    /// ``keptDays``. Entries it does not understand are kept as they are.
    package func recordPrompt(by token: String, at date: Date) throws(StoreError) {
        _ = try claimPrompt(by: token, at: date, quietDays: 0)
    }

    /// Records that the app with `token` prompts at `date` unless another app prompted less than
    /// `quietDays` before, in one locked step: of two apps deciding at the same moment, one
    /// prompts. A prompt recorded ahead of `date`, by less than a day, counts as at `date`.
    ///
    /// - Returns: The other app's prompt that holds this one, or `nil` when this one was recorded.
    package func claimPrompt(by token: String, at date: Date, quietDays: Int) throws(StoreError) -> Date? {
        var holding: Date?
        try store.update { values in
            let prompts = Self.prompts(in: values)
            if quietDays > 0, let latest = Self.latest(in: prompts, notBy: token, now: date),
                date.timeIntervalSince(min(latest, date)) < Double(quietDays) * RatingState.secondsPerDay
            {
                holding = latest
                return
            }
            let oldest = date.addingTimeInterval(-Self.keptDays * RatingState.secondsPerDay)
            for (key, prompted) in prompts where prompted < oldest {
                values[Self.keyPrefix + key] = nil
            }
            values[Self.keyPrefix + token] = StoredText.text(of: date)
        }
        return holding
    }

    /// A new app token: 128 random bits, in hexadecimal.
    package static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let text = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }

    /// Whether `text` is a token ``newToken()`` could have made.
    package static func isToken(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Whether a prompt recorded at `prompted` counts at `now`: not when it lies more than
    /// ``RatingState/clockTolerance`` ahead (see ``latestPrompt(notBy:now:)``).
    package static func counts(_ prompted: Date, at now: Date) -> Bool {
        prompted <= now.addingTimeInterval(RatingState.clockTolerance)
    }

    /// The latest prompt in `prompts` that counts at `now`, of an app other than `token`'s.
    private static func latest(in prompts: [String: Date], notBy token: String?, now: Date) -> Date? {
        prompts.filter { $0.key != token && counts($0.value, at: now) }.values.max()
    }

    private static func prompts(in values: [String: String]) -> [String: Date] {
        var result: [String: Date] = [:]
        for (key, text) in values where key.hasPrefix(keyPrefix) {
            let token = String(key.dropFirst(keyPrefix.count))
            if isToken(token), let date = StoredText.date(text) { result[token] = date }
        }
        return result
    }
}
