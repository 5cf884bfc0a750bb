import Armchair
import ArmchairTesting
import Foundation
import Testing

@testable import ArmchairCore
@testable import ArmchairDelivery

/// The default file store: what it writes, and how it survives files it cannot use.
@MainActor
@Suite("Key-file store", .serialized)
struct KeyFileStoreTests {
    let folder: TemporaryFolder
    var statePath: String { folder.path + "/org.example.Notes/armchair.ini" }

    init() throws { folder = try TemporaryFolder() }

    func fixture(
        _ adjust: (inout Configuration) -> Void = { _ in }, answers: [RatingAnswer] = [], lockTimeout: Double = 2
    ) throws -> EngineFixture {
        let log = LogRecorder()
        return try EngineFixture(
            configuration(adjust), store: KeyFileStore(path: statePath, lockTimeout: lockTimeout, logger: log.logger),
            presenter: RecordingPresenter(answers: answers), log: log)
    }

    // MARK: What is written

    @Test("Everything recorded comes back in a new engine")
    func roundTrip() async throws {
        let first = try fixture({ $0.appVersion = " 2.0 beta\n=\\x" }, answers: [.decline])
        first.use(20)
        first.engine.userDidSignificantEvent(named: "export", weight: 2, canPromptForRating: false)
        first.engine.userDidSignificantEvent(named: "share.link", canPromptForRating: false)
        first.engine.addActiveUsage(seconds: 12.25)
        first.clock.advance(seconds: 30 * 86_400 + 0.5)
        _ = await first.engine.showPromptIfNecessary()?.value
        let written = first.engine.state

        let second = try fixture({ $0.appVersion = " 2.0 beta\n=\\x" })
        second.clock.advance(seconds: 30 * 86_400 + 0.5)  // the same time: dates ahead of a clock are repaired
        #expect(second.engine.state == written)
        #expect(written.trackedVersion == " 2.0 beta\n=\\x")
        #expect(written.eventCounts == ["export": 2, "share.link": 1])
        #expect(written.declinedThisVersion && written.lastDeclinedDate != nil)
        #expect(written.promptDates.count == 1)
    }

    @Test("The file is private, human-readable, and ends with its format")
    func fileLayout() throws {
        let fixture = try fixture()
        fixture.engine.appLaunched()
        let text = try #require(statePath.fileContents)
        #expect(text.hasPrefix("# Armchair for Linux"))
        #expect(text.contains("[State]\n"))
        #expect(text.contains("org.example.Notes.use-count=1\n"))
        #expect(text.contains("org.example.Notes.first-use-date=2026-01-01T00:00:00.000Z\n"))
        #expect(text.hasSuffix("[Format]\nversion=1\n"))
        let attributes = try FileManager.default.attributesOfItem(atPath: statePath)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: folder.path + "/org.example.Notes")
        #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
    }

    @Test(
        "GLib's own key-file parser reads the file",
        .enabled(if: GLibKeyFile.isAvailable, "/usr/bin/python3 cannot import GLib (Debian's python3-gi)"))
    func glibReadsTheFile() throws {
        let fixture = try fixture { $0.appVersion = " 1.0\tfinal\\" }
        fixture.engine.appLaunched()
        #expect(try GLibKeyFile.value(in: statePath, group: "State", key: "org.example.Notes.use-count") == "1")
        #expect(
            try GLibKeyFile.value(in: statePath, group: "State", key: "org.example.Notes.tracked-version")
                == " 1.0\tfinal\\")
        #expect(try GLibKeyFile.value(in: statePath, group: "Format", key: "version") == "1")
    }

    @Test("Keys that are not Armchair's are kept")
    func foreignKeysKept() throws {
        try FileManager.default.createDirectory(
            atPath: folder.path + "/org.example.Notes", withIntermediateDirectories: true)
        try statePath.write("[State]\ncom.other.App.use-count=7\nnote=kept\n[Format]\nversion=1\n")
        let fixture = try fixture()
        fixture.engine.appLaunched()
        let text = try #require(statePath.fileContents)
        #expect(text.contains("com.other.App.use-count=7\n"))
        #expect(text.contains("note=kept\n"))
    }

    @Test("Renamed keys and a custom prefix are what is written")
    func keyNames() throws {
        let fixture = try fixture {
            $0.keyPrefix = "notes"
            $0.keyNames = [.useCount: "launches"]
        }
        fixture.engine.appLaunched()
        let text = try #require(statePath.fileContents)
        #expect(text.contains("notes.launches=1\n"))
        #expect(text.contains("notes.first-use-date="))
        #expect(!text.contains("org.example.Notes."))
    }

    // MARK: Reading before each change

    @Test(
        "Each change reads the file once, in full, and keeps what another process saved since",
        .enabled(if: ThreadReads.areCounted, "no /proc/thread-self/io (a kernel without I/O accounting)"))
    func oneReadPerChange() throws {
        let fixture = try fixture()
        fixture.use(2)
        // Another process of the app counts a use, with a store of its own, between two changes.
        try KeyFileStore(path: statePath).update { values in
            let count = values["org.example.Notes.use-count"].flatMap { Int($0) } ?? 0
            values["org.example.Notes.use-count"] = String(count + 1)
        }
        for _ in 0..<2 {  // after the other process's write, then after its own
            let size = try #require(FileSystem.size(of: statePath))
            let bytesRead = try ThreadReads.bytes { fixture.engine.userDidSignificantEvent(canPromptForRating: false) }
            #expect(bytesRead == size)
        }
        #expect(statePath.fileContents?.contains("org.example.Notes.use-count=3\n") == true)
        #expect(fixture.engine.state.useCount == 3)
        #expect(fixture.engine.state.significantEventCount == 2)
    }

    @Test("A file edited by hand between two changes is read again, even at the same size")
    func handEditSameSize() throws {
        let fixture = try fixture()
        fixture.use(3)
        let before = try #require(statePath.fileContents)
        let edited = before.replacingOccurrences(of: "use-count=3\n", with: "use-count=7\n")
        try statePath.write(edited)
        #expect(edited.utf8.count == before.utf8.count)
        fixture.engine.appLaunched()
        #expect(fixture.engine.state.useCount == 8)
    }

    @Test("A key the file cannot hold as written reads back as the file holds it")
    func keyThatDoesNotReadBack() throws {
        let store = KeyFileStore(path: statePath)
        try store.update { values in
            values[" padded "] = "1"
            values["note"] = "kept"
        }
        #expect(try store.read() == ["padded": "1", "note": "kept"])
        #expect(try KeyFileStore(path: statePath).read() == ["padded": "1", "note": "kept"])
    }

    @Test("Reading and writing the state leave the access times of the file and its folder alone")
    func accessTimesKept() throws {
        let first = try fixture()
        first.engine.appLaunched()
        let appFolder = folder.path + "/org.example.Notes"
        // An access time before the last change: under relatime, the next plain read sets it to now.
        let hourAgo = timespec(tv_sec: time(nil) - 3_600, tv_nsec: 0)
        for path in [statePath, appFolder] {
            var times = [hourAgo, timespec(tv_sec: time(nil), tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        }
        let second = try fixture()
        #expect(second.engine.state.useCount == 1)
        #expect(accessTime(of: statePath) == hourAgo.tv_sec)
        second.engine.appLaunched()  // lists the folder for stray temporary files, then writes
        #expect(accessTime(of: appFolder) == hourAgo.tv_sec)
    }

    func accessTime(of path: String) -> Int? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_atim.tv_sec : nil
    }

    // MARK: Files that cannot be used

    nonisolated static let unusableFiles: [(String, [UInt8])] = [
        ("empty", []),
        ("binary garbage", [0x7F, 0x45, 0x4C, 0x46, 0x00, 0xFF, 0xFE, 0x01]),
        ("not UTF-8", Array("[State]\nkey=\u{FF}".utf8).map { $0 == 0xC3 ? 0xFF : $0 }),
        ("not a key file", Array("{\"use-count\": 12}\n".utf8)),
        ("cut short", Array("[State]\norg.example.Notes.use-count=12\norg.example.Notes.first-use-".utf8)),
        ("no format", Array("[State]\norg.example.Notes.use-count=12\n".utf8)),
    ]

    @Test("An unusable file is moved aside intact and counting starts again", arguments: unusableFiles)
    func unusableFileMovedAside(name: String, bytes: [UInt8]) throws {
        try FileManager.default.createDirectory(
            atPath: folder.path + "/org.example.Notes", withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: statePath))
        let fixture = try fixture()
        fixture.engine.appLaunched()
        #expect(fixture.engine.state.useCount == 1)
        #expect(!fixture.engine.hasUnsavedChanges)
        let aside = try #require(movedAside())
        #expect(FileManager.default.contents(atPath: aside).map(Array.init) == bytes)
        let warning = try #require(fixture.log.messages(atLeast: .warning).first)
        #expect(warning.contains(statePath) && warning.contains(aside))
    }

    @Test("A folder where the file should be is moved aside")
    func folderInsteadOfFile() throws {
        try FileManager.default.createDirectory(atPath: statePath + "/inside", withIntermediateDirectories: true)
        let fixture = try fixture()
        fixture.engine.appLaunched()
        #expect(fixture.engine.state.useCount == 1)
        let aside = try #require(movedAside())
        #expect(aside.folderEntries == ["inside"])
        #expect(fixture.log.messages(atLeast: .warning).first?.contains("it is a folder") == true)
    }

    @Test("A file cut short at any byte is never read as different values")
    func truncationAtEveryByte() throws {
        let fixture = try fixture()
        fixture.use(3)
        fixture.engine.userDidSignificantEvent(named: "export", canPromptForRating: false)
        let bytes = try #require(FileManager.default.contents(atPath: statePath).map(Array.init))
        let complete = KeyFileStore.contents(of: bytes)
        guard case .values = complete else {
            Issue.record("the complete file does not read: \(complete)")
            return
        }
        for length in 0..<bytes.count {
            switch KeyFileStore.contents(of: Array(bytes.prefix(length))) {
            case .unusable: continue
            case let other: #expect(other == complete, "cut at \(length) of \(bytes.count) bytes")
            }
        }
    }

    @Test("A bad value costs only itself, and is reported")
    func badValue() throws {
        try FileManager.default.createDirectory(
            atPath: folder.path + "/org.example.Notes", withIntermediateDirectories: true)
        try statePath.write(
            "[State]\norg.example.Notes.tracked-version=1.0\norg.example.Notes.use-count=lots\n"
                + "org.example.Notes.first-use-date=2026-01-01\norg.example.Notes.rated-any-version=true\n"
                + "org.example.Notes.event-count.export=3\norg.example.Notes.event-count.bad name=1\n[Format]\nversion=1\n"
        )
        let fixture = try fixture()
        let state = fixture.engine.state
        #expect(state.useCount == 0)
        #expect(state.ratedAnyVersion)
        #expect(state.eventCounts == ["export": 3])
        #expect(state.firstUseDate == Date(timeIntervalSince1970: 1_767_225_600))
        let warnings = fixture.log.messages(atLeast: .warning)
        #expect(warnings.count == 2)
        #expect(warnings.contains { $0.contains("org.example.Notes.use-count=lots") })
    }

    @Test("A file from a newer format is left untouched and the engine works in memory")
    func newerFormat() throws {
        try FileManager.default.createDirectory(
            atPath: folder.path + "/org.example.Notes", withIntermediateDirectories: true)
        let newer = "[State]\norg.example.Notes.use-count=40\n[Format]\nversion=2\n"
        try statePath.write(newer)
        let fixture = try fixture()
        fixture.engine.appLaunched()
        fixture.engine.appLaunched()
        #expect(fixture.engine.state.useCount == 2)
        #expect(fixture.engine.hasUnsavedChanges)
        #expect(statePath.fileContents == newer)
        #expect(movedAside() == nil)
        let warnings = fixture.log.messages(atLeast: .warning)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("newer version of Armchair (format 2") == true)
    }

    @Test(
        "An unreadable file is left untouched and the session works in memory",
        .enabled(
            if: geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            "root reads every file, and no /usr/bin/setpriv (util-linux) to run as another user"))
    func unreadableFile() throws {
        let appFolder = folder.path + "/org.example.Notes"
        try FileManager.default.createDirectory(atPath: appFolder, withIntermediateDirectories: true)
        let original = "[State]\norg.example.Notes.use-count=5\n[Format]\nversion=1\n"
        try statePath.write(original)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: statePath)
        if geteuid() == 0 {
            // Root reads every file, so the reader runs as an unprivileged user who owns the folder.
            let nobody: UInt32 = 65_534
            for path in [folder.path, appFolder, statePath] {
                try FileManager.default.setAttributes(
                    [.ownerAccountID: nobody, .groupOwnerAccountID: nobody], ofItemAtPath: path)
            }
            #expect(try TestAppProcess.run("count", stateFile: statePath, "1", asUser: nobody) == "unsaved")
        } else {
            let fixture = try fixture()
            fixture.engine.appLaunched()
            #expect(fixture.engine.hasUnsavedChanges)
            #expect(fixture.engine.state.useCount == 1)
            #expect(fixture.log.messages(atLeast: .warning).first?.contains("cannot be read") == true)
        }
        #expect(movedAside() == nil)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: statePath)
        #expect(statePath.fileContents == original)
    }

    // MARK: Locks and leftovers

    @Test("A lock held too long fails the write without hanging; the change is kept and saved later")
    func lockTimeout() throws {
        let fixture = try fixture(lockTimeout: 0.2)
        fixture.engine.appLaunched()
        let lock = open(statePath + ".lock", O_RDWR)
        #expect(flock(lock, LOCK_EX) == 0)
        let started = Date()
        fixture.engine.appLaunched()
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(fixture.engine.hasUnsavedChanges)
        #expect(fixture.engine.state.useCount == 2)
        #expect(fixture.log.messages(atLeast: .warning).contains { $0.contains("held the lock") })
        flock(lock, LOCK_UN)
        close(lock)
        #expect(fixture.engine.flush())
        #expect(statePath.fileContents?.contains("org.example.Notes.use-count=2\n") == true)
    }

    @Test("A lock file deleted while the app runs is made again, and still keeps writers apart")
    func deletedLockFileOpenedAgain() throws {
        let fixture = try fixture(lockTimeout: 0.2)
        fixture.engine.appLaunched()
        #expect(unlink(statePath + ".lock") == 0)
        // Another instance creates a new lock file of the same name and holds it.
        let lock = open(statePath + ".lock", O_RDWR | O_CREAT, 0o600)
        #expect(flock(lock, LOCK_EX) == 0)
        fixture.engine.appLaunched()
        #expect(fixture.engine.hasUnsavedChanges)
        #expect(fixture.log.messages(atLeast: .warning).contains { $0.contains("held the lock") })
        flock(lock, LOCK_UN)
        close(lock)
        #expect(fixture.engine.flush())
        #expect(statePath.fileContents?.contains("org.example.Notes.use-count=2\n") == true)
    }

    @Test("Temporary files left by a killed writer are removed by the next writer")
    func strayTemporaryFilesRemoved() throws {
        let fixture = try fixture()
        fixture.engine.appLaunched()
        let stray = folder.path + "/org.example.Notes/.armchair.ini.tmp.12345.678"
        try stray.write("half a file")
        let second = try self.fixture()
        second.engine.appLaunched()
        #expect((folder.path + "/org.example.Notes").folderEntries == ["armchair.ini", "armchair.ini.lock"])
    }

    // MARK: Full and read-only disks

    @Test(
        "A full disk keeps changes in memory and saves them all once there is room",
        .enabled(if: ScratchMount.isAvailable, ScratchMount.unavailable))
    func fullDisk() async throws {
        let disk = try ScratchMount(kilobytes: 64)
        let path = disk.path + "/org.example.Notes/armchair.ini"
        let fixture = try EngineFixture(
            configuration(), store: KeyFileStore(path: path), presenter: RecordingPresenter(answers: [.decline]))
        fixture.use(20)
        let before = try #require(path.fileContents)
        disk.fill()
        fixture.clock.advance(days: 30)
        fixture.engine.userDidSignificantEvent(canPromptForRating: false)
        _ = await fixture.engine.showPrompt()?.value
        #expect(fixture.engine.hasUnsavedChanges)
        #expect(fixture.engine.state.declinedThisVersion)
        #expect(path.fileContents == before)
        #expect(fixture.log.messages(atLeast: .warning).count == 1)
        #expect(fixture.log.messages(atLeast: .warning).first?.contains("No space left on device") == true)

        try FileManager.default.removeItem(atPath: disk.path + "/filler")
        #expect(fixture.engine.flush())
        let reread = try EngineFixture(configuration(), store: KeyFileStore(path: path))
        #expect(reread.engine.state.declinedThisVersion)
        #expect(reread.engine.state.useCount == 20)
        #expect(reread.engine.state.significantEventCount == 1)
        #expect(reread.engine.state.promptDates.count == 1)
    }

    @Test(
        "A read-only disk keeps changes in memory until it is writable again",
        .enabled(if: ScratchMount.isAvailable, ScratchMount.unavailable))
    func readOnlyDisk() throws {
        let disk = try ScratchMount(kilobytes: 256)
        let path = disk.path + "/org.example.Notes/armchair.ini"
        let fixture = try EngineFixture(configuration(), store: KeyFileStore(path: path))
        fixture.use(2)
        try disk.setReadOnly(true)
        fixture.use(3)
        #expect(fixture.engine.hasUnsavedChanges)
        #expect(fixture.engine.state.useCount == 5)
        #expect(fixture.log.messages(atLeast: .warning).first?.contains("Read-only file system") == true)
        try disk.setReadOnly(false)
        fixture.use(1)
        #expect(!fixture.engine.hasUnsavedChanges)
        #expect(path.fileContents?.contains("org.example.Notes.use-count=6\n") == true)
    }

    @Test("A folder that cannot be created is reported, and the app goes on")
    func folderCannotBeCreated() throws {
        try "a file".write(
            to: URL(fileURLWithPath: folder.path + "/org.example.Notes"), atomically: true, encoding: .utf8)
        let fixture = try fixture()
        fixture.engine.appLaunched()
        #expect(fixture.engine.state.useCount == 1)
        #expect(fixture.engine.hasUnsavedChanges)
        #expect(fixture.log.messages(atLeast: .warning).first?.contains("Could not create the folder") == true)
    }

    /// The file the store moved aside, if any.
    func movedAside() -> String? {
        let appFolder = folder.path + "/org.example.Notes"
        return appFolder.folderEntries.first { $0.hasPrefix("armchair.ini.unusable-") }.map { appFolder + "/" + $0 }
    }
}

/// A store that refuses writes from the very first one must not make the engine forget what the
/// file says.
@MainActor
@Suite("Key-file store locked at launch", .serialized)
struct LockedAtLaunchTests {
    @Test("When the first write fails, the engine still reads the answers on disk")
    func lockedFromTheStart() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/org.example.Notes/armchair.ini"
        let first = try EngineFixture(
            store: KeyFileStore(path: path), presenter: RecordingPresenter(answers: [.decline]))
        _ = await first.engine.showPrompt()?.value
        #expect(first.engine.state.declinedAnyVersion)

        let lock = open(path + ".lock", O_RDWR)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX) == 0)
        let second = try EngineFixture(
            store: KeyFileStore(path: path, lockTimeout: 0.05), clock: first.clock, presenter: RecordingPresenter())
        second.engine.appLaunched()
        #expect(second.engine.hasUnsavedChanges)
        let state = second.engine.state
        #expect(state.declinedAnyVersion, "the decline on disk is still known")
        #expect(state.promptDates.count == 1)
        #expect(state.useCount == 1)
        #expect(second.engine.showPrompt() == nil)
        flock(lock, LOCK_UN)
        #expect(second.engine.flush())
    }

    @Test("Counts from a hand-edited file are capped, so counting on never overflows")
    func hugeCounts() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/org.example.Notes/armchair.ini"
        try FileManager.default.createDirectory(
            atPath: folder.path + "/org.example.Notes", withIntermediateDirectories: true)
        try path.write(
            "[State]\norg.example.Notes.use-count=9223372036854775807\norg.example.Notes.significant-event-count=9223372036854775806\n"
                + "org.example.Notes.active-usage-seconds=1e300\norg.example.Notes.event-count.export=9223372036854775807\n[Format]\nversion=1\n"
        )
        let fixture = try EngineFixture(store: KeyFileStore(path: path))
        fixture.engine.appLaunched()
        fixture.engine.userDidSignificantEvent(named: "export", weight: 1000, canPromptForRating: false)
        fixture.engine.addActiveUsage(seconds: 60)
        let state = fixture.engine.state
        #expect(state.useCount == 1_000_000_000)
        #expect(state.significantEventCount == 1_000_000_000)
        #expect(state.eventCounts["export"] == 1_000_000_000)
        #expect(state.activeUsageSeconds == 1_000_000_000)
        #expect(fixture.engine.decision().description.contains("uses 1000000000/20"))
    }
}
