import Armchair
import Foundation
import Testing

@testable import ArmchairCore
@testable import ArmchairDelivery

/// The text forms in the state file, and where the file lives.
@Suite("State format")
struct StateFormatTests {
    @Test(
        "Dates round-trip to the millisecond, in UTC",
        arguments: [0, 1_767_225_600, 1_767_225_600.123, 951_782_400, 4_102_444_799.999, -86_400.5])
    func dateRoundTrip(seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let text = StoredText.text(of: date)
        let parsed = try #require(StoredText.date(text))
        #expect(abs(parsed.timeIntervalSince1970 - seconds) < 0.0005, "\(text)")
    }

    @Test("Known dates have their calendar text")
    func dateText() {
        #expect(StoredText.text(of: Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00.000Z")
        #expect(StoredText.text(of: Date(timeIntervalSince1970: 1_767_225_600.25)) == "2026-01-01T00:00:00.250Z")
        #expect(StoredText.date("2026-11-23")?.timeIntervalSince1970 == 1_795_392_000)
        #expect(StoredText.date("2026-11-23T07:31:54Z")?.timeIntervalSince1970 == 1_795_419_114)
    }

    @Test(
        "Malformed dates are refused",
        arguments: [
            "", "2026-13-01", "2026-02-30", "2025-02-29", "2026-11-23T25:00:00Z", "2026-11-23T07:31:54",
            "2026-11-23T07:31:54.Z", "2026-11-23T07:31:54.1xZ", "yesterday", "2026-1-1",
        ])
    func badDates(text: String) {
        #expect(StoredText.date(text) == nil)
    }

    @Test("Counts and flags accept only what they mean")
    func numbers() {
        #expect(StoredText.count(" 12 ") == 12)
        #expect(StoredText.count("-1") == nil)
        #expect(StoredText.count("1.5") == nil)
        #expect(StoredText.amount("12.25") == 12.25)
        #expect(StoredText.amount("nan") == nil)
        #expect(StoredText.amount("inf") == nil)
        #expect(StoredText.bool("true") == true && StoredText.bool("0") == false && StoredText.bool("yes") == nil)
        #expect(StoredText.text(of: 12.0) == "12")
        #expect(StoredText.text(of: 12.25) == "12.25")
    }

    @Test("Key-file values escape what GLib escapes")
    func escaping() throws {
        let value = " leading space\nnew line\ttab\\backslash \r\nwindows line"
        var file = KeyFile()
        file.append(group: "G", ["k": value])
        let (bytes, readsBack) = file.encoded()
        #expect(readsBack)
        #expect(try KeyFile(parsing: bytes).values(in: "G")?["k"] == value)
        var short = KeyFile()
        short.append(group: "G", ["k": " a"])
        #expect(String(decoding: short.encoded(comment: ["c"]).bytes, as: UTF8.self) == "# c\n\n[G]\nk=\\sa\n")
        #expect(KeyFile.unescaped(Array("\\q\\".utf8)) == "\\q\\")
    }

    @Test(
        "A key file says when an entry does not read back as written, so that no one trusts it unread",
        arguments: [
            (" key", "v"), ("key ", "v"), ("\tkey", "v"), ("#key", "v"), ("[key]", "v"), ("a=b", "v"),
            ("two\nlines", "v"), ("", "v"), ("key", "nul\u{0}inside"), ("nul\u{0}", "v"),
        ])
    func entriesThatDoNotReadBack(key: String, value: String) throws {
        var file = KeyFile()
        file.append(group: "G", ["plain.key-1": "value", key: value])
        #expect(!file.encoded().readsBack)
        var plain = KeyFile()
        plain.append(group: "G", ["plain.key-1": "value", "ключ": "ü=\\ \t"])
        let (bytes, readsBack) = plain.encoded()
        #expect(readsBack)
        #expect(try KeyFile(parsing: bytes).values(in: "G") == ["plain.key-1": "value", "ключ": "ü=\\ \t"])
    }

    @Test("Lists of dates and sessions skip empty and blank items, and refuse a bad one")
    func lists() throws {
        let date = try #require(StoredText.date("2026-11-23T07:31:54.250Z"))
        #expect(StoredText.dates("2026-11-23T07:31:54.250Z; ;\u{A0};;") == [date])
        #expect(StoredText.dates("2026-11-23T07:31:54.250Z;x;") == nil)
        let process = "0d1f5c3e-2f5b-4a59-9e31-3b7c1e4a9d20/4242/123456"
        let sessions = try #require(StoredText.sessions(" \(process) @2026-11-23T07:31:54.250Z;\t;"))
        #expect(sessions.map(\.process.description) == [process])
        #expect(sessions.map(\.started) == [date])
        #expect(StoredText.sessions("\(process)@2026-11-23T07:31:54.250Z@x;") == nil)
        #expect(StoredText.promptHold("\(process)@2026-11-23T07:31:54.250Z")?.expires == date)
    }

    @Test("Each state key has its own place in the tables indexed by key")
    func keyPositions() {
        #expect(StateKey.allCases.map(\.position) == Array(StateKey.allCases.indices))
    }

    @Test("Key-file syntax follows GLib: comments, spaces around =, repeated groups")
    func syntax() throws {
        let text = "# c\n\n[G]\n  key = value  \n[H]\nx=1\n[G]\nkey=last\r\nother=2\n"
        let file = try KeyFile(parsing: Array(text.utf8))
        #expect(file.values(in: "G") == ["key": "last", "other": "2"])
        #expect(file.values(in: "H") == ["x": "1"])
        #expect(file.values(in: "missing") == nil)
    }

    @Test(
        "Text that is not a key file is refused with the line",
        arguments: [
            ("key=1\n", "line 1: a key comes before"), ("[G]\njust words\n", "line 2: expected key=value"),
            ("[G\n", "line 1: a group name"), ("[G]\n=1\n", "line 2: a key is empty"),
        ])
    func syntaxErrors(text: String, message: String) {
        #expect(throws: KeyFile.SyntaxError.self) { try KeyFile(parsing: Array(text.utf8)) }
        do {
            _ = try KeyFile(parsing: Array(text.utf8))
        } catch {
            #expect(error.description.hasPrefix(message), "\(error)")
        }
    }

    @Test(
        "The state file follows XDG, and Flatpak's layout",
        arguments: [
            (["XDG_STATE_HOME": "/s", "HOME": "/h"], "/s/org.example.Notes/armchair.ini"),
            (["XDG_STATE_HOME": "/s/", "HOME": "/h"], "/s/org.example.Notes/armchair.ini"),
            (["XDG_STATE_HOME": "relative", "HOME": "/h"], "/h/.local/state/org.example.Notes/armchair.ini"),
            (["HOME": "/h"], "/h/.local/state/org.example.Notes/armchair.ini"),
            (["HOME": "/h", "XDG_DATA_HOME": "/d"], "/h/.local/state/org.example.Notes/armchair.ini"),
            (
                ["FLATPAK_ID": "org.example.Notes", "XDG_DATA_HOME": "/v/data", "HOME": "/h"],
                "/v/data/org.example.Notes/armchair.ini"
            ),
            (
                ["FLATPAK_ID": "x", "XDG_STATE_HOME": "/v/.local/state", "XDG_DATA_HOME": "/v/data"],
                "/v/.local/state/org.example.Notes/armchair.ini"
            ),
            ([:], "/home/fallback/.local/state/org.example.Notes/armchair.ini"),
        ])
    func stateFilePath(environment: [String: String], expected: String) {
        #expect(
            StateDirectory.stateFilePath(
                appID: "org.example.Notes", environment: environment, homeDirectory: "/home/fallback") == expected)
    }
}
