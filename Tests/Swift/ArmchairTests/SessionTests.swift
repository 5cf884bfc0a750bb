import Armchair
import ArmchairTesting
import Foundation
import TestProcesses
import Testing

@testable import ArmchairCore
@testable import ArmchairDelivery

/// Crashes and several processes of one app: no prompt after a crash, never two prompts at once.
@Suite("Sessions", .serialized)
struct SessionTests {
    let folder: TemporaryFolder
    var statePath: String { folder.path + "/org.example.Notes/armchair.ini" }

    init() throws { folder = try TemporaryFolder() }

    // MARK: Crashes, with real processes

    @Test("A killed process is a crash to the next launch; a running one is not; a clean quit is not")
    func crashDetectionAcrossProcesses() throws {
        let first = try TestAppProcess("session", stateFile: statePath, "wait")
        #expect(first.firstLine() == "crashed=false")
        // A second instance while the first runs: the first is alive, so nothing crashed.
        #expect(try TestAppProcess.run("session", stateFile: statePath, "quit") == "crashed=false")
        first.kill()
        #expect(try TestAppProcess.run("session", stateFile: statePath, "quit") == "crashed=true")
        // The crash holds back one launch only.
        #expect(try TestAppProcess.run("session", stateFile: statePath, "quit") == "crashed=false")
    }

    @Test("A session of an earlier boot is not a crash: shutting down ends apps without a clean quit")
    @MainActor
    func earlierBootIsNotACrash() throws {
        let store = InMemoryStore()
        var state = RatingState()
        state.sessions = [
            SessionRecord(process: try #require(ProcessIdentity("an-earlier-boot/1234/99")), started: Date())
        ]
        let codec = StateCodec(configuration: configuration())
        store.update { codec.encode(state, into: &$0) }
        let fixture = try EngineFixture(store: store)
        fixture.engine.appLaunched()
        #expect(fixture.engine.decision().criterion(.previousSessionCrashed)?.status == .met)
        #expect(fixture.engine.state.sessions.map(\.process) == [ProcessIdentity.current])
        #expect(fixture.engine.state.lastCrashDate == nil)
    }

    @Test("A process that quits cleanly leaves no session behind")
    func cleanQuit() throws {
        let first = try TestAppProcess("session", stateFile: statePath, "wait")
        #expect(first.firstLine() == "crashed=false")
        #expect(try first.finish().isEmpty)
        #expect(try TestAppProcess.run("session", stateFile: statePath, "quit") == "crashed=false")
        #expect(statePath.fileContents?.contains("sessions=") == false)
    }

    @Test("After a crash the launch explains itself and does not prompt, even when everything else is met")
    @MainActor
    func noPromptAfterCrash() async throws {
        let store = KeyFileStore(path: statePath)
        let crashed = try #require(ProcessIdentity("\(try bootID())/999999999/1"))
        var state = RatingState()
        state.firstUseDate = Date(timeIntervalSince1970: 1_767_225_600 - 40 * 86_400)
        state.trackedVersion = "1.0"
        state.useCount = 30
        state.sessions = [SessionRecord(process: crashed, started: state.firstUseDate!)]
        let codec = StateCodec(configuration: configuration())
        try store.update { codec.encode(state, into: &$0) }

        let fixture = try EngineFixture(store: store, presenter: RecordingPresenter())
        #expect(fixture.engine.appLaunched() == nil)
        let decision = fixture.engine.decision()
        #expect(decision.thresholdsMet)
        #expect(!decision.shouldPrompt)
        #expect(
            decision.headline == "Not prompting: the previous session ended unexpectedly; no prompt in this launch.")
        #expect(fixture.engine.state.lastCrashDate == fixture.clock.now)
        #expect(fixture.engine.state.sessions.map(\.process) == [ProcessIdentity.current])
        #expect(fixture.engine.userDidSignificantEvent(shouldPrompt: { _ in true }) == nil)

        // With the policy off, the crash is noted but does not hold the prompt back.
        try store.update { codec.encode(state, into: &$0) }
        let lenient = try EngineFixture(configuration { $0.skipsPromptAfterCrash = false }, store: store)
        lenient.engine.appLaunched()
        #expect(lenient.engine.decision().criterion(.previousSessionCrashed)?.status == .off)
    }

    // MARK: One prompt at a time

    @Test("Two processes deciding at the same moment: exactly one shows the prompt")
    func twoProcessesRace() throws {
        for _ in 0..<2 {
            try? FileManager.default.removeItem(atPath: statePath)
            // The hold lasts 4 s: far longer than starting a process, even on a loaded machine.
            let racers = try (0..<2).map { _ in try TestAppProcess("prompt", stateFile: statePath, "4") }
            let results = try racers.map { try $0.finish() }.sorted()
            #expect(results == ["not shown", "shown"])
        }
    }

    @Test("A prompt that died with its process does not block the next one")
    func deadHolderDoesNotBlock() throws {
        let holder = try TestAppProcess("prompt", stateFile: statePath, "60")
        // Wait until the hold is on disk, then kill the process holding it.
        var held = false
        for _ in 0..<200 where !held {
            usleep(10_000)
            held = statePath.fileContents?.contains("prompt-hold=") == true
        }
        #expect(held)
        holder.kill()
        #expect(try TestAppProcess.run("prompt", stateFile: statePath, "0") == "shown")
    }

    @Test("A hold by a running process blocks until it expires")
    @MainActor
    func holdExpires() throws {
        let store = InMemoryStore()
        let clock = ManualWallClock()
        let other = try #require(ProcessIdentity.identity(of: getppid()))
        var state = RatingState()
        state.promptHold = PromptHold(process: other, expires: clock.now.addingTimeInterval(PromptHold.duration))
        let codec = StateCodec(configuration: configuration())
        store.update { codec.encode(state, into: &$0) }

        let fixture = try EngineFixture(store: store, clock: clock, presenter: RecordingPresenter())
        #expect(fixture.engine.showPrompt() == nil)
        #expect(
            fixture.engine.decision().summary(.promptShownElsewhere)
                == "another window or process of the app is showing the prompt")
        clock.advance(seconds: PromptHold.duration)
        #expect(fixture.engine.showPrompt() != nil)
    }

    @Test("Process identities name running processes only")
    func processIdentity() throws {
        let running = RunningProcesses(stateFile: statePath)
        #expect(running.isRunning(ProcessIdentity.current))
        let parent = try #require(ProcessIdentity.identity(of: getppid()))
        #expect(running.isRunning(parent) && parent != ProcessIdentity.current)
        #expect(running.isRunning(try #require(ProcessIdentity("\(try bootID())/999999999/1"))) == false)
        #expect(running.isRunning(try #require(ProcessIdentity("another-boot/\(getpid())/1"))) == false)
        // Process 1 of a PID namespace that left no mark: gone, although this namespace has a process 1.
        #expect(running.isRunning(try #require(ProcessIdentity("\(try bootID())/1/1/4026599999"))) == false)
        #expect(ProcessIdentity("nonsense") == nil)
        #expect(ProcessIdentity("\(try bootID())/1/1/not-a-namespace") == nil)
    }

    // MARK: Instances in PID namespaces of their own, as Flatpak runs each one

    @Test(
        "Instances in PID namespaces of their own: a running one is not a crash, a killed one is, and no mark is left",
        .enabled(if: PIDNamespaces.unavailableReason == nil, Comment(rawValue: PIDNamespaces.unavailableReason ?? "")))
    func crashDetectionAcrossPIDNamespaces() throws {
        let first = try TestAppProcess("session", stateFile: statePath, "wait", inOwnPIDNamespace: true)
        #expect(first.firstLine() == "crashed=false")
        // Each instance is process 1 of its namespace, which the identity in the state says.
        let line = try #require(statePath.fileContents?.split(separator: "\n").first { $0.contains(".sessions=") })
        let recorded = try #require(
            StoredText.sessions(String(line.split(separator: "=", maxSplits: 1)[1]))?.first?.process)
        #expect(recorded.description.split(separator: "/").count == 4 && recorded.processID == 1)
        #expect(
            try TestAppProcess.run("session", stateFile: statePath, "quit", inOwnPIDNamespace: true) == "crashed=false")
        first.kill()
        try waitUntilMarksAreUnlocked()
        #expect(
            try TestAppProcess.run("session", stateFile: statePath, "quit", inOwnPIDNamespace: true) == "crashed=true")
        #expect(
            try TestAppProcess.run("session", stateFile: statePath, "quit", inOwnPIDNamespace: true) == "crashed=false")
        #expect(FileSystem.entries(of: RunningProcesses(stateFile: statePath).folder).isEmpty)
    }

    @Test(
        "A prompt shown by an instance in another PID namespace holds others back until that instance dies",
        .enabled(if: PIDNamespaces.unavailableReason == nil, Comment(rawValue: PIDNamespaces.unavailableReason ?? "")))
    func promptHoldAcrossPIDNamespaces() throws {
        let holder = try TestAppProcess("prompt", stateFile: statePath, "60", inOwnPIDNamespace: true)
        var held = false
        for _ in 0..<500 where !held {
            usleep(10_000)
            held = statePath.fileContents?.contains("prompt-hold=") == true
        }
        #expect(held)
        #expect(try TestAppProcess.run("prompt", stateFile: statePath, "0", inOwnPIDNamespace: true) == "not shown")
        holder.kill()
        try waitUntilMarksAreUnlocked()
        #expect(try TestAppProcess.run("prompt", stateFile: statePath, "0", inOwnPIDNamespace: true) == "shown")
    }

    /// Waits until every mark in the state's `running/` folder is unlocked: a killed `unshare`
    /// takes its namespace's process with it a moment later.
    func waitUntilMarksAreUnlocked() throws {
        let folder = RunningProcesses(stateFile: statePath).folder
        for _ in 0..<500 {
            let locked = FileSystem.entries(of: folder).contains { name in
                let descriptor = open(folder + "/" + name, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { return false }
                defer { close(descriptor) }
                return flock(descriptor, LOCK_SH | LOCK_NB) != 0
            }
            if !locked { return }
            usleep(10_000)
        }
        Issue.record("a killed instance's mark stayed locked for 5 s")
    }

    func bootID() throws -> String {
        try #require("/proc/sys/kernel/random/boot_id".fileContents?.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// The GTK presenter in a process without a display.
@Suite("No display")
struct NoDisplayTests {
    @Test("Without a display the app goes on: the engine counts, warns, and shows nothing")
    func noDisplay() throws {
        let folder = try TemporaryFolder()
        let result = try ChildProcess.run(
            TestAppProcess.path, ["gtk", folder.path + "/armchair.ini", "-"],
            environment: ProcessInfo.processInfo.environment.filter {
                $0.key != "DISPLAY" && $0.key != "WAYLAND_DISPLAY"
            })
        #expect(result.status == 0)
        #expect(result.output == "not shown\nuses=1\n")
        #expect(result.errors.contains("no presenter that can show it (no display?)"))
    }
}
