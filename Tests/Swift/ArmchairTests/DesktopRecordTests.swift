import Armchair
import ArmchairTesting
import Foundation
import Testing

/// The desktop's record of which app asked when, and what a sandboxed app can reach of it.
@Suite("Desktop record")
struct DesktopRecordTests {
    let folder = try! TemporaryFolder()
    var path: String { folder.file("state/armchair/desktop.ini") }
    let day = 86_400.0
    let start = Date(timeIntervalSince1970: 1_767_225_600)

    @Test("An app sees the others' latest prompt, never its own, and no app's name")
    func latestPrompt() throws {
        let record = DesktopRecord(path: path, logger: LogRecorder().logger)
        let (notes, maps) = (DesktopRecord.newToken(), DesktopRecord.newToken())
        #expect(notes != maps && DesktopRecord.isToken(notes))
        #expect(try record.latestPrompt(notBy: notes, now: start) == nil, "no record yet")
        try record.recordPrompt(by: maps, at: start)
        try record.recordPrompt(by: notes, at: start.addingTimeInterval(2 * day))
        #expect(try record.latestPrompt(notBy: notes, now: start) == start)
        #expect(
            try record.latestPrompt(notBy: maps, now: start.addingTimeInterval(2 * day))
                == start.addingTimeInterval(2 * day))
        let text = try #require(path.fileContents)
        #expect(text.contains("prompted.\(maps)=2026-01-01T00:00:00.000Z"))
        #expect(!text.contains("org."), "the record names no app")
    }

    @Test("A claim is refused while another app's quiet period runs; the app's own prompts never hold it")
    func claim() throws {
        let record = DesktopRecord(path: path, logger: LogRecorder().logger)
        let (notes, maps) = (DesktopRecord.newToken(), DesktopRecord.newToken())
        #expect(try record.claimPrompt(by: maps, at: start, quietDays: 7) == nil)
        #expect(try record.claimPrompt(by: notes, at: start.addingTimeInterval(6.9 * day), quietDays: 7) == start)
        #expect(try record.prompts() == [maps: start], "a refused claim records nothing")
        #expect(try record.claimPrompt(by: maps, at: start.addingTimeInterval(day), quietDays: 7) == nil, "its own")
        #expect(try record.claimPrompt(by: notes, at: start.addingTimeInterval(8 * day), quietDays: 7) == nil)
        #expect(
            try record.prompts() == [maps: start.addingTimeInterval(day), notes: start.addingTimeInterval(8 * day)])
    }

    @Test("A prompt recorded more than a day ahead of the clock holds nobody; a clock behind erases nothing")
    func aheadOfTheClock() throws {
        let record = DesktopRecord(path: path, logger: LogRecorder().logger)
        let (wrongClock, notes) = (DesktopRecord.newToken(), DesktopRecord.newToken())
        try record.recordPrompt(by: wrongClock, at: start.addingTimeInterval(300 * day))
        #expect(try record.latestPrompt(notBy: notes, now: start) == nil)
        #expect(try record.claimPrompt(by: notes, at: start, quietDays: 7) == nil)
        #expect(try record.prompts() == [wrongClock: start.addingTimeInterval(300 * day), notes: start])
        #expect(
            try record.latestPrompt(notBy: notes, now: start.addingTimeInterval(300 * day))
                == start.addingTimeInterval(300 * day), "once the clock gets there, it counts")
    }

    @Test("Prompts older than 400 days are forgotten; lines it does not know are kept")
    func pruning() throws {
        let record = DesktopRecord(path: path, logger: LogRecorder().logger)
        let (old, new) = (DesktopRecord.newToken(), DesktopRecord.newToken())
        try record.recordPrompt(by: old, at: start)
        try FileManager.default.createDirectory(
            atPath: folder.file("state/armchair"), withIntermediateDirectories: true)
        let withForeign = try #require(path.fileContents).replacingOccurrences(
            of: "[State]\n", with: "[State]\nsomeone.else=kept\n")
        try path.write(withForeign)
        try record.recordPrompt(by: new, at: start.addingTimeInterval(401 * day))
        #expect(try record.prompts() == [new: start.addingTimeInterval(401 * day)])
        #expect(try #require(path.fileContents).contains("someone.else=kept"))
    }

    @Test("A spoiled record is moved aside with a warning that names it, and a new one started")
    func spoiled() throws {
        let log = LogRecorder()
        try FileManager.default.createDirectory(
            atPath: folder.file("state/armchair"), withIntermediateDirectories: true)
        try path.write("\u{0}binary")
        let record = DesktopRecord(path: path, logger: log.logger)
        let token = DesktopRecord.newToken()
        try record.recordPrompt(by: token, at: start)
        #expect(try record.prompts() == [token: start])
        #expect(folder.file("state/armchair").folderEntries.contains { $0.hasPrefix("desktop.ini.unusable-") })
        #expect(
            log.messages(atLeast: .warning).contains {
                $0.contains("The desktop's prompt record \(path) could not be used")
            })
    }

    @Test("Apps recording at once lose nothing: each app's last prompt is there")
    func concurrentApps() async throws {
        let tokens = (0..<8).map { _ in DesktopRecord.newToken() }
        let path = path
        let start = start
        await withTaskGroup(of: Void.self) { group in
            for (index, token) in tokens.enumerated() {
                group.addTask {
                    let record = DesktopRecord(path: path, logger: LogRecorder().logger)
                    for round in 0..<20 {
                        try? record.recordPrompt(by: token, at: start.addingTimeInterval(Double(round * 8 + index)))
                    }
                }
            }
        }
        let prompts = try DesktopRecord(path: path, logger: LogRecorder().logger).prompts()
        #expect(prompts.count == 8)
        for (index, token) in tokens.enumerated() {
            #expect(prompts[token] == start.addingTimeInterval(Double(19 * 8 + index)))
        }
    }

    @Test("Four app processes recording at once lose nothing: each one's last prompt is there")
    func concurrentProcesses() throws {
        let apps = try (0..<4).map { _ in try TestAppProcess("desktop-prompts", stateFile: path, "100") }
        let finished = try apps.map { try $0.finish().split(separator: " ") }
        let prompts = try DesktopRecord(path: path, logger: LogRecorder().logger).prompts()
        #expect(prompts.count == 4)
        for app in finished {
            #expect(prompts[String(app[0])] == Date(timeIntervalSince1970: try #require(Double(app[1]))))
        }
    }

    @Test("An app killed with SIGKILL while it records never spoils the record nor loses another app's prompt")
    func killedWriters() throws {
        let earlier = try TestAppProcess.run("desktop-prompts", stateFile: path, "1").split(separator: " ")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let writer = try TestAppProcess("desktop-prompts", stateFile: path, "0")
            for _ in 0..<500 where !FileManager.default.fileExists(atPath: path + ".lock") { usleep(2_000) }
            usleep(UInt32.random(in: 2_000...15_000, using: &generator))
            writer.kill()
            guard case .values(let values) = KeyFileStore(path: path).inspect() else {
                Issue.record("after a SIGKILL the record reads as \(KeyFileStore(path: path).inspect())")
                return
            }
            #expect(values["prompted.\(earlier[0])"] != nil, "another app's prompt was lost")
        }
    }

    @Test(
        "A sandbox's filesystems grant a host folder as Flatpak does",
        arguments: [
            ("xdg-config/armchair:ro", "/h/.config/armchair", FlatpakSandbox.Access.readOnly),
            ("xdg-config", "/h/.config/armchair", .readWrite),
            ("~/.local/state/armchair:create", "/h/.local/state/armchair", .readWrite),
            ("home", "/h/.local/state/armchair", .readWrite),
            ("host:ro", "/h/.local/state/armchair", .readOnly),
            ("home;!home", "/h/.local/state/armchair", nil),
            ("xdg-config/armchair;~/.local/state/armchairs", "/h/.local/state/armchair", nil),
            ("xdg-data;xdg-cache;host-os", "/h/.local/state/armchair", nil),
            ("/h/.local:ro;~/.local/state:rw", "/h/.local/state/armchair", .readWrite),
            // The most specific entry decides, as Flatpak mounts it over its parents.
            ("home;~/.local/state/armchair:ro", "/h/.local/state/armchair", .readOnly),
            ("~/.local/state/armchair:ro;home", "/h/.local/state/armchair", .readOnly),
            ("~/.local/state/armchair:create;!home", "/h/.local/state/armchair", .readWrite),
            ("!~/.local/state/armchair;~/.local/state/armchair:create", "/h/.local/state/armchair", nil),
            ("home:ro;home", "/h/.local/state/armchair", .readWrite),
        ])
    func access(filesystems: String, folder: String, expected: FlatpakSandbox.Access?) {
        let sandbox = FlatpakSandbox(shared: "", filesystems: filesystems)
        #expect(sandbox.access(toHostFolder: folder, home: "/h", configHome: "/h/.config") == expected)
    }

    @Test("Inside a sandbox the record is the host's, reachable only when granted and there")
    func sandboxedLocations() throws {
        let home = folder.file("home")
        let environment = [
            "HOME": home, "XDG_STATE_HOME": home + "/.var/app/org.example.Notes/.local/state",
            "XDG_CONFIG_DIRS": "/app/etc/xdg:/etc/xdg",
        ]
        let granted = FlatpakSandbox(shared: "", filesystems: "~/.local/state/armchair:create;xdg-config/armchair:ro")
        var locations = DesktopLocations(environment: environment, homeDirectory: nil, sandbox: granted)
        #expect(locations.recordFile == home + "/.local/state/armchair/desktop.ini")
        #expect(locations.personFile == home + "/.config/armchair/desktop.conf")
        #expect(locations.systemFiles == ["/app/etc/xdg/armchair/desktop.conf", "/etc/xdg/armchair/desktop.conf"])
        #expect(locations.canReadPersonFile)
        #expect(!locations.canUseRecord, "a granted folder missing on the host is not mounted")
        try FileManager.default.createDirectory(
            atPath: home + "/.local/state/armchair", withIntermediateDirectories: true)
        locations = DesktopLocations(environment: environment, homeDirectory: nil, sandbox: granted)
        #expect(locations.canUseRecord)
        let hostSet = environment.merging(["HOST_XDG_STATE_HOME": folder.file("elsewhere")]) { $1 }
        #expect(
            DesktopLocations(environment: hostSet, homeDirectory: nil, sandbox: granted).recordFile
                == folder.file("elsewhere") + "/armchair/desktop.ini")
        let wholeHome = FlatpakSandbox(shared: "", filesystems: "home")
        try FileManager.default.removeItem(atPath: home + "/.local/state/armchair")
        locations = DesktopLocations(environment: environment, homeDirectory: nil, sandbox: wholeHome)
        #expect(locations.canUseRecord, "below the mounted home the record's folder is made as on the host")
        #expect(locations.recordPermission == "--filesystem=~/.local/state/armchair:create")
        #expect(
            DesktopLocations(environment: hostSet, homeDirectory: nil, sandbox: granted).recordPermission
                == "--filesystem=\(folder.file("elsewhere"))/armchair:create",
            "the line names the host's own state folder")
        let withoutPermission = FlatpakSandbox(shared: "network", filesystems: "xdg-download")
        locations = DesktopLocations(environment: environment, homeDirectory: nil, sandbox: withoutPermission)
        #expect(!locations.canUseRecord && !locations.canReadPersonFile)
        let host = DesktopLocations(environment: environment, homeDirectory: nil, sandbox: nil)
        #expect(host.recordFile == home + "/.var/app/org.example.Notes/.local/state/armchair/desktop.ini")
    }
}
