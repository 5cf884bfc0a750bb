import Armchair
import ArmchairTesting
import Foundation
import TestProcesses
import Testing

/// `armchair desktop` and the desktop's part of `explain`, run as a person runs them.
@Suite("The armchair tool on the desktop's settings")
struct DesktopToolTests {
    let folder: TemporaryFolder
    var tool: ToolProcess
    var personFile: String { folder.file("home/.config/armchair/desktop.conf") }
    var recordPath: String { folder.file("state/armchair/desktop.ini") }

    init() throws {
        folder = try TemporaryFolder()
        tool = ToolProcess(folder: folder.path)
        tool.environment["XDG_CONFIG_DIRS"] = folder.file("etc")
    }

    /// Gives `appID` a state file at `path` that holds `token`, as the app writes it at its first prompt.
    func writeState(_ path: String, appID: String, token: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try path.write("[State]\n\(appID).desktop-token=\(token)\n\n[Format]\nversion=1\n")
    }

    @Test("--off, --on and --quiet-days write the person's file, and plain shows what is in force and who set it")
    func changes() throws {
        let off = try tool.run(["desktop", "--off", "--quiet-days", "10"])
        #expect(off.status == 0, "\(off.errors)")
        #expect(off.output.contains("Saved your settings in \(personFile)."))
        #expect(off.output.contains("Prompts: off (by you (\(personFile)))"))
        #expect(off.output.contains("Quiet period between apps: 10 days (by you (\(personFile)))"))
        #expect(personFile.fileContents?.contains("[Desktop]\nprompts=off\nquiet-days=10\n") == true)

        let plain = try tool.run(["desktop"])
        #expect(plain.output.contains("Prompts: off (by you (\(personFile)))"))
        #expect(plain.output.contains("No app has asked for a rating in the last 400 days."))
        let on = try tool.run(["desktop", "--on", "--reviews-and-feedback", "off"])
        #expect(on.output.contains("Prompts: on (by you"))
        #expect(on.output.contains("In-app reviews and feedback: off (by you"))
    }

    @Test("The administrator's off holds, and the person is told so; bad input changes nothing")
    func administratorAndBadInput() throws {
        try FileManager.default.createDirectory(atPath: folder.file("etc/armchair"), withIntermediateDirectories: true)
        try folder.file("etc/armchair/desktop.conf").write("[Desktop]\nprompts=off\n")
        let on = try tool.run(["desktop", "--on"])
        #expect(on.status == 0)
        #expect(
            on.output.contains(
                "Prompts stay off by the administrator (\(folder.file("etc/armchair/desktop.conf"))); you cannot turn them on."
            ))

        let range = try tool.run(["desktop", "--quiet-days", "400"])
        #expect(range.status == 2)
        #expect(range.errors.contains("--quiet-days must be a whole number of days from 0 to 365."))
        try personFile.write("spoiled")
        let spoiled = try tool.run(["desktop", "--off"])
        #expect(spoiled.status == 3)
        #expect(spoiled.errors.contains("\(personFile) is not a settings file"))
        #expect(personFile.fileContents == "spoiled", "left untouched")
        let shown = try tool.run(["desktop"])
        #expect(shown.status == 0)
        #expect(shown.output.contains("warning: \(personFile) is not a settings file"))
    }

    @Test("Which apps asked when: tokens matched with host and Flatpak apps' state files, only here")
    func whichAppsAsked() throws {
        let (notes, maps, gone) = (DesktopRecord.newToken(), DesktopRecord.newToken(), DesktopRecord.newToken())
        try writeState(tool.statePath("org.example.Notes"), appID: "org.example.Notes", token: notes)
        try writeState(
            folder.file("home/.var/app/org.example.Maps/.local/state/org.example.Maps/armchair.ini"),
            appID: "org.example.Maps", token: maps)
        let record = DesktopRecord(path: recordPath, logger: .init(label: "test"))
        let now = Date()
        try record.recordPrompt(by: gone, at: now.addingTimeInterval(-30 * 86_400))
        try record.recordPrompt(by: maps, at: now.addingTimeInterval(-2 * 86_400))
        try record.recordPrompt(by: notes, at: now.addingTimeInterval(-10 * 86_400))
        let output = try tool.run(["desktop"]).output
        let lines = output.split(separator: "\n").map(String.init)
        let listed = lines.drop { !$0.hasPrefix("Last prompt of each app") }.dropFirst().prefix(3)
        #expect(
            listed.map { $0.split(separator: " ").dropFirst(3).joined(separator: " ") } == [
                "org.example.Maps", "org.example.Notes", "an app whose state file was not found (\(gone.prefix(8))…)",
            ])
        #expect(output.contains("No other app asks before "))
        let json = try JSONSerialization.jsonObject(with: Data(try tool.run(["desktop", "--json"]).output.utf8))
        let prompts = try #require((json as? [String: Any])?["lastPrompts"] as? [[String: Any]])
        #expect(prompts.map { $0["appID"] as? String } == ["org.example.Maps", "org.example.Notes", nil])
    }

    @Test("explain says which desktop rule holds the prompt, in text and JSON")
    func explain() throws {
        let appID = "org.example.Notes"
        try tool.run(["simulate", appID, "--days", "30", "--uses", "20", "--app-version", "1.0"])
        let other = DesktopRecord.newToken()
        let asked = Date().addingTimeInterval(-2 * 86_400)
        try DesktopRecord(path: recordPath, logger: .init(label: "test")).recordPrompt(by: other, at: asked)
        let text = try tool.run(["explain", appID])
        #expect(text.status == 1)
        #expect(text.output.contains("Desktop: prompts on (by default); 7 quiet days between apps (by default)"))
        #expect(
            text.output.contains(
                "missing  another app asked 2 days ago; the desktop's quiet period ends on \(minute(of: asked.addingTimeInterval(7 * 86_400)))"
            ))
        #expect(text.output.contains("Still needed: 5 more days of the desktop's quiet period between apps."))

        var tool = tool
        tool.environment["ARMCHAIR_DESKTOP_POLICY"] = "prompts=off"
        let json =
            try JSONSerialization.jsonObject(
                with: Data(try tool.run(["explain", appID, "--json"]).output.utf8)) as! [String: Any]
        let desktop = try #require(json["desktop"] as? [String: Any])
        #expect(
            (desktop["prompts"] as? [String: Any])?["setBy"] as? String
                == "by the administrator ($ARMCHAIR_DESKTOP_POLICY)")
        #expect(desktop["lastPromptByAnotherApp"] != nil)
        let now = try #require(json["now"] as? [String: Any])
        #expect(
            now["headline"] as? String
                == "Not prompting: prompts of every app turned off by the administrator ($ARMCHAIR_DESKTOP_POLICY); another app asked 2 days ago; the desktop's quiet period ends on \(minute(of: asked.addingTimeInterval(7 * 86_400)))."
        )
    }

    /// The UTC minute of `date`, as explain names it: `2026-12-05 at 18:02 UTC`.
    func minute(of date: Date) -> String {
        let text = ISO8601DateFormatter().string(from: date)
        return "\(text.prefix(10)) at \(text.dropFirst(11).prefix(5)) UTC"
    }
}
