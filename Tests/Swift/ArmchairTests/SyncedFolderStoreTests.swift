import Armchair
import ArmchairTesting
import Foundation
import Testing

@testable import ArmchairCore
@testable import ArmchairDelivery

/// One user's two computers sharing their rating state through a synced folder each, with the
/// sync engine simulated by copying files, in random order, with one side stale for a while.
@MainActor
@Suite("Synced folder store", .serialized)
struct SyncedFolderStoreTests {
    /// One computer: its synced folder and the app's engine on it.
    struct Device {
        let name: String
        let folder: String
        let store: SyncedFolderStore
        let engine: RatingEngine
        var file: String { store.path }
    }

    let root: TemporaryFolder
    let clock = ManualWallClock()
    let settings = configuration {
        $0.usesUntilPrompt = 10_000
        $0.daysUntilPrompt = 0
        $0.significantEventsUntilPrompt = 10_000
    }

    init() throws { root = try TemporaryFolder() }

    private func device(_ name: String) throws -> Device {
        let folder = root.file("\(name)-sync")
        let environment = ["XDG_STATE_HOME": root.file("\(name)-state"), "HOME": root.file(name)]
        let store = SyncedFolderStore(folder: folder, configuration: settings, deviceID: name, environment: environment)
        let engine = try RatingEngine(
            configuration: settings, store: store, presenter: RecordingPresenter(), clock: clock,
            environment: environment)
        return Device(name: name, folder: folder, store: store, engine: engine)
    }

    /// What a sync engine does: brings the owner's latest copy of its file to the other folder,
    /// atomically, or (`half`) leaves a half-written copy for a moment.
    private func sync(_ from: Device, to: Device, half: Bool = false) throws {
        guard let data = FileManager.default.contents(atPath: from.file) else { return }
        try FileManager.default.createDirectory(atPath: to.folder, withIntermediateDirectories: true)
        let target = to.folder + "/" + URL(fileURLWithPath: from.file).lastPathComponent
        if half {
            try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: target))
        } else {
            try data.write(to: URL(fileURLWithPath: target), options: .atomic)
        }
    }

    @Test(
        "usage adds up, an answer on one computer silences the other, and nothing is lost or counted twice",
        arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func converge(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let devices = [try device("laptop"), try device("desktop")]
        var uses = 0
        var events = 0
        var activeSeconds = 0.0
        for device in devices { _ = device.engine.appLaunched(canPromptForRating: false) }
        uses += 2

        for step in 0..<160 {
            let index = Int(random.next() % 2)
            let (device, other) = (devices[index], devices[1 - index])
            // The desktop's sync is off from step 40 to 110: it neither sends nor receives.
            let stale = (40..<110).contains(step)
            switch random.next() % 10 {
            case 0, 1, 2:
                _ = device.engine.appEnteredForeground(canPromptForRating: false)
                uses += 1
            case 3, 4:
                _ = device.engine.userDidSignificantEvent(named: "export", canPromptForRating: false)
                events += 1
            case 5:
                device.engine.addActiveUsage(seconds: 30)
                activeSeconds += 30
            case 6 where !stale:
                try sync(device, to: other, half: true)
            default:
                if !stale { try sync(device, to: other) }
            }
            clock.advance(seconds: 600)
            // Every read on either computer sees at least its own usage, never less.
            #expect(device.engine.state.useCount >= 1)
        }
        devices[1].engine.record(.decline)

        try sync(devices[0], to: devices[1])
        try sync(devices[1], to: devices[0])
        for device in devices {
            let state = device.engine.state
            #expect(state.useCount == uses, "\(device.name)")
            #expect(state.significantEventCount == events, "\(device.name)")
            #expect(state.eventCounts["export", default: 0] == events, "\(device.name)")
            #expect(state.activeUsageSeconds == activeSeconds, "\(device.name)")
            #expect(state.declinedThisVersion, "\(device.name)")
            #expect(device.engine.decision().shouldPrompt == false, "\(device.name)")
            // Only the two device files: no lock, no temporary file, no conflict copy.
            #expect(device.folder.folderEntries == ["armchair-desktop.ini", "armchair-laptop.ini"])
        }
        // Each computer wrote only its own file: the copy on the other side is the owner's, byte for byte.
        for (device, other) in [(devices[0], devices[1]), (devices[1], devices[0])] {
            let copy = other.folder + "/" + URL(fileURLWithPath: device.file).lastPathComponent
            #expect(FileManager.default.contents(atPath: copy) == FileManager.default.contents(atPath: device.file))
        }
    }

    @Test("a newer version on one computer counts apart; the older one keeps its own count")
    func versions() throws {
        let laptop = try device("laptop")
        let desktop = try device("desktop")
        for _ in 0..<3 { _ = laptop.engine.appEnteredForeground(canPromptForRating: false) }
        var newer = settings
        newer.appVersion = "2.0"
        let environment = ["XDG_STATE_HOME": root.file("desktop-state"), "HOME": root.file("desktop")]
        let desktopV2 = try RatingEngine(
            configuration: newer, store: desktop.store, presenter: RecordingPresenter(), clock: clock,
            environment: environment)
        _ = desktopV2.appEnteredForeground(canPromptForRating: false)
        try sync(laptop, to: desktop)
        try sync(desktop, to: laptop)
        #expect(laptop.engine.state.useCount == 3)
        #expect(desktopV2.state.useCount == 1)
        #expect(desktopV2.state.trackedVersion == "2.0")
    }

    @Test("a new copy of the other computer's file is read again, even at the same size")
    func newCopyOfSameSize() throws {
        let laptop = try device("laptop")
        let desktop = try device("desktop")
        for _ in 0..<3 { _ = desktop.engine.appEnteredForeground(canPromptForRating: false) }
        try sync(desktop, to: laptop)
        _ = laptop.engine.appEnteredForeground(canPromptForRating: false)
        #expect(laptop.engine.state.useCount == 4)
        let copy = laptop.folder + "/armchair-desktop.ini"
        let firstCopy = try #require(FileManager.default.contents(atPath: copy))
        for _ in 0..<4 { _ = desktop.engine.appEnteredForeground(canPromptForRating: false) }
        try sync(desktop, to: laptop)
        let secondCopy = try #require(FileManager.default.contents(atPath: copy))
        #expect(secondCopy.count == firstCopy.count && secondCopy != firstCopy)
        _ = laptop.engine.appEnteredForeground(canPromptForRating: false)
        #expect(laptop.engine.state.useCount == 9)
        #expect(laptop.store.path.fileContents?.contains("org.example.Notes.use-count=2\n") == true)
    }

    @Test("a damaged file from the other computer is skipped and left untouched")
    func damagedOther() throws {
        let laptop = try device("laptop")
        _ = laptop.engine.appEnteredForeground(canPromptForRating: false)
        let damaged = laptop.folder + "/armchair-desktop.ini"
        try "[State]\norg.example.Notes.use-count=40\n".write(toFile: damaged, atomically: true, encoding: .utf8)
        #expect(laptop.engine.state.useCount == 1)
        _ = laptop.engine.appEnteredForeground(canPromptForRating: false)
        #expect(try String(contentsOfFile: damaged, encoding: .utf8) == "[State]\norg.example.Notes.use-count=40\n")
        #expect(laptop.engine.state.useCount == 2)
    }

    @Test("the default device ID reveals neither the machine ID nor the user, and is stable")
    func deviceID() throws {
        let id = DeviceIdentity.current()
        #expect(id.count == 16 && id.allSatisfy(\.isHexDigit))
        #expect(id == DeviceIdentity.current())
        let machineID = try String(contentsOfFile: "/etc/machine-id", encoding: .utf8)
        #expect(!machineID.contains(id))
    }
}
