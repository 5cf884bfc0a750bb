// Measures the engine against the physical floor of what it does, in the same run:
//
//     swift run -c release armchair-benchmark [--iterations N]
//
// Prints medians (and the 90th percentile) for: an engine start on an existing state file plus
// one persisted use; one persisted significant event, in the state file and in a synced folder
// with three other computers' files; the rule evaluation alone; the desktop's rules, read and
// recorded when a prompt is near. The floors are a
// bare write + fsync + rename of the same bytes, and a bare read of the file. Each persisted
// figure is measured alternately with the write floor, and compared with that floor.
import ArmchairCore
import Glibc
import Logging

let iterations =
    CommandLine.arguments.firstIndex(of: "--iterations")
    .flatMap { Int(CommandLine.arguments[$0 + 1]) } ?? 300

var folderTemplate = Array("/tmp/armchair-benchmark-XXXXXX".utf8CString)
guard let folderPointer = mkdtemp(&folderTemplate) else { fatalError("cannot create a temporary folder") }
let folder = String(cString: folderPointer)
let statePath = folder + "/org.example.Notes/armchair.ini"
defer { _ = system("rm -rf '\(folder)'") }

// Constants, so that the measured calls borrow them: each use of a variable global copies it,
// and a copy of the configuration costs more than the rules it is evaluated by.
let configuration = {
    var configuration = Configuration(appID: "org.example.Notes", appVersion: "1.0")
    configuration.significantEventsUntilPrompt = 5
    return configuration
}()

/// Nanoseconds of a monotonic clock.
func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

struct Figure {
    var name: String
    var samples: [Double]  // nanoseconds
    var median: Double { percentile(0.5) }
    func percentile(_ p: Double) -> Double {
        let sorted = samples.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }
}

/// Nanoseconds that `body` took.
func time(_ body: () -> Void) -> Double {
    let start = now()
    body()
    return Double(now() - start)
}

func measure(_ name: String, runs: Int = iterations, _ body: () -> Void) -> Figure {
    for _ in 0..<max(3, runs / 10) { body() }  // warm up
    return Figure(name: name, samples: (0..<runs).map { _ in time(body) })
}

/// `body` measured alternately with the write floor, one run of each in turn, so that its ratio to
/// the floor compares runs under the same load of a shared disk: the floor's median measured
/// seconds before differs from run to run by more than the engine adds to it.
func measureAgainstFloor(_ name: String, _ body: () -> Void) -> (figure: Figure, floor: Figure) {
    for _ in 0..<max(3, iterations / 10) {  // warm up
        writeFloorOnce()
        body()
    }
    var samples: [Double] = []
    var floorSamples: [Double] = []
    for _ in 0..<iterations {
        floorSamples.append(time(writeFloorOnce))
        samples.append(time(body))
    }
    return (Figure(name: name, samples: samples), Figure(name: "floor alongside", samples: floorSamples))
}

func format(_ nanoseconds: Double) -> String {
    if nanoseconds >= 1_000_000 { return decimal(nanoseconds / 1_000_000, places: 3) + " ms" }
    if nanoseconds >= 1_000 { return decimal(nanoseconds / 1_000, places: 2) + " µs" }
    return "\(Int(nanoseconds.rounded())) ns"
}

/// `value` with exactly `places` decimals, without Foundation's locale-dependent formatting.
func decimal(_ value: Double, places: Int) -> String {
    let scale = (0..<places).reduce(1) { result, _ in result * 10 }
    let scaled = Int((value * Double(scale)).rounded())
    let fraction = String(scaled % scale)
    return "\(scaled / scale)." + String(repeating: "0", count: places - fraction.count) + fraction
}

extension String {
    /// The text followed by spaces up to `width` characters (at least one space).
    func padded(_ width: Int) -> String { self + String(repeating: " ", count: max(1, width - count)) }
}

// An existing state file, as after a few weeks of use.
do {
    let engine = try await MainActor.run {
        try RatingEngine(configuration: configuration, store: KeyFileStore(path: statePath), delivery: nil)
    }
    await MainActor.run {
        for _ in 0..<12 { engine.appLaunched() }
        engine.significantEvent("export", mayPrompt: false)
    }
}
let fileBytes: [UInt8] = {
    let descriptor = open(statePath, O_RDONLY)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = read(descriptor, &buffer, buffer.count)
    close(descriptor)
    return Array(buffer[..<count])
}()

// The floors: what any durable, atomic file update and any file read must cost.
let floorPath = folder + "/floor.ini"
/// A bare durable, atomic update of a file with the state file's bytes.
func writeFloorOnce() {
    let temporary = floorPath + ".tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    _ = fileBytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    fsync(descriptor)
    close(descriptor)
    rename(temporary, floorPath)
}
let writeFloor = measure("floor: write + fsync + rename of \(fileBytes.count) bytes", writeFloorOnce)
let readFloor = measure("floor: read the file") {
    let descriptor = open(statePath, O_RDONLY)
    var buffer = [UInt8](repeating: 0, count: 4096)
    _ = read(descriptor, &buffer, buffer.count)
    close(descriptor)
}

// What the start costs before the first write: validation, texts, the store and the state keeper.
let startAlone = await MainActor.run {
    measure("engine start alone (nothing read or written yet)") {
        _ = try! RatingEngine(configuration: configuration, store: KeyFileStore(path: statePath), delivery: nil)
    }
}
let startAndUse = await MainActor.run {
    measureAgainstFloor("engine start on the existing file + one persisted use") {
        let engine = try! RatingEngine(
            configuration: configuration, store: KeyFileStore(path: statePath), delivery: nil)
        engine.appLaunched()
    }
}
let event = await MainActor.run {
    let engine = try! RatingEngine(configuration: configuration, store: KeyFileStore(path: statePath), delivery: nil)
    return measureAgainstFloor("one persisted significant event") {
        engine.significantEvent(mayPrompt: false)
    }
}

// A synced folder holding this computer's file and three other computers' copies of the same state.
let syncedFolder = folder + "/synced"
mkdir(syncedFolder, 0o700)
for device in ["laptop", "desktop", "tablet"] {
    let descriptor = open("\(syncedFolder)/armchair-\(device).ini", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    _ = fileBytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
}
let syncedEvent = await MainActor.run {
    let store = SyncedFolderStore(
        folder: syncedFolder, configuration: configuration, deviceID: "this",
        environment: ["XDG_STATE_HOME": folder + "/local-state"])
    let engine = try! RatingEngine(configuration: configuration, store: store, delivery: nil)
    return measureAgainstFloor("one persisted event, synced folder with 3 other computers") {
        engine.significantEvent(mayPrompt: false)
    }
}

// The desktop's files, read only when an app's own rules would prompt: the person's settings, a
// distribution's and the record of five apps' prompts; and the prompt's locked write of the record.
let desktopEnvironment = [
    "HOME": folder, "XDG_STATE_HOME": folder + "/desktop-state", "XDG_CONFIG_HOME": folder + "/desktop-config",
    "XDG_CONFIG_DIRS": folder + "/desktop-etc",
]
let desktopFiles = [
    (folder + "/desktop-config/armchair/desktop.conf", "[Desktop]\nquiet-days=10\n"),
    (folder + "/desktop-etc/armchair/desktop.conf", "[Desktop Defaults]\nreviews-and-feedback=off\n"),
]
for (path, text) in desktopFiles {
    _ = system("mkdir -p '\(FileSystem.directory(of: path))'")
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    _ = text.utf8CString.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count - 1) }
    close(descriptor)
}
let desktop = DesktopAccess(
    environment: desktopEnvironment, sandbox: nil, logger: Logger(label: "armchair") { _ in SwiftLogNoOpLogHandler() })
let appTokens = (0..<5).map { _ in DesktopRecord.newToken() }
for (index, token) in appTokens.enumerated() {
    try! desktop.record.recordPrompt(
        by: token, at: ContinuousClockReference.start.addingTimeInterval(Double(index) * 8 * 86_400))
}
let desktopPaths = desktopFiles.map(\.0) + [desktop.locations.recordFile]
let desktopReadFloor = measure("floor: read those 3 files") {
    for path in desktopPaths {
        let descriptor = open(path, O_RDONLY)
        var buffer = [UInt8](repeating: 0, count: 4096)
        _ = read(descriptor, &buffer, buffer.count)
        close(descriptor)
    }
}
let desktopRead = measure("the desktop's rules read: 2 settings files, record of 5 apps") {
    _ = desktop.context(token: appTokens[0], now: ContinuousClockReference.start)
}
let desktopClaim = measureAgainstFloor("the prompt recorded in the desktop's record") {
    _ = desktop.claimPrompt(by: appTokens[0], at: ContinuousClockReference.start, quietDays: 0)
}

let state = {
    var state = RatingState()
    state.firstUseDate = ContinuousClockReference.start
    state.trackedVersion = "1.0"
    state.useCount = 12
    state.significantEventCount = 3
    return state
}()
let evaluationTime = ContinuousClockReference.start.addingTimeInterval(12 * 86_400)
let batch = 1_000
var sink = 0
let evaluation = measure("rule evaluation alone (per call, batches of \(batch))", runs: iterations) {
    for _ in 0..<batch {
        sink &+= PromptRules.evaluate(configuration, state, now: evaluationTime).criteria.count
    }
}
let perEvaluation = Figure(name: evaluation.name, samples: evaluation.samples.map { $0 / Double(batch) })

print("Armchair benchmark: \(iterations) runs each, medians (p90); state file of \(fileBytes.count) bytes")
print("")
func row(_ figure: Figure, floor: Figure? = nil) {
    var line = "  \(figure.name.padded(61))\(format(figure.median).padded(11)) (p90 \(format(figure.percentile(0.9))))"
    if let floor {
        line += "   = \(decimal(figure.median / floor.median, places: 2))× the write floor"
        line += " (\(format(floor.median)) alongside)"
    }
    print(line)
}
row(writeFloor)
row(readFloor)
row(startAlone)
row(startAndUse.figure, floor: startAndUse.floor)
row(event.figure, floor: event.floor)
row(syncedEvent.figure, floor: syncedEvent.floor)
row(perEvaluation)
row(desktopReadFloor)
print(
    "  \(desktopRead.name.padded(61))\(format(desktopRead.median).padded(11)) (p90 \(format(desktopRead.percentile(0.9))))"
        + "   = \(decimal(desktopRead.median / desktopReadFloor.median, places: 2))× reading them")
row(desktopClaim.figure, floor: desktopClaim.floor)
print("")
print(
    "Aims: start + one persisted use ≤ 1.25× the write floor, one event ≤ 1.1×, synced ≤ 1.5×; evaluation ≤ 250 ns."
        + " (checksum \(sink % 10))")
