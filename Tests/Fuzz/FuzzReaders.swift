// libFuzzer entry point for the readers of untrusted files: the state file, the outbox, and the
// settings file. Built and run by scripts/fuzz.sh with -sanitize=fuzzer; a normal build gets a
// main that says so.
import Armchair
import Dispatch
import Foundation
import Glibc
import Logging

#if FUZZING
/// One folder in memory-backed storage per fuzzing process, reused for every input.
private let scratch: String = {
    var template = Array("/dev/shm/armchair-fuzz-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
}()

/// Recovered problems are expected here by the thousand; printing them would only slow the fuzzer.
private let quiet = Logger(label: "armchair-fuzz") { _ in SwiftLogNoOpLogHandler() }

private func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    precondition(descriptor >= 0, "cannot write \(path)")
    _ = Glibc.write(descriptor, bytes.baseAddress, bytes.count)
    close(descriptor)
}

/// Runs `work` to its end from the synchronous fuzzing callback.
private func waitFor(_ work: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task {
        await work()
        done.signal()
    }
    done.wait()
}

/// The names in `folder`, for checking where files went.
private func names(in folder: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
}

/// Feeds the same bytes to every reader: none may crash, hang or read as something it is not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReaders(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)

    // The state file, as the app and `armchair status` read it.
    let statePath = scratch + "/armchair.ini"
    write(bytes, to: statePath)
    if case .values(let values) = KeyFileStore(path: statePath, logger: quiet).inspect() {
        let (state, _) = StateCodec(configuration: Configuration(appID: "org.example.Fuzz")).decode(values)
        precondition(state.useCount >= 0 && state.significantEventCount >= 0, "a count read as negative")
    }

    // The outbox: one message file among none other, read, then sent through a delivery that
    // fails and one that refuses, as at a launch without network and with a strict receiver.
    let outboxFolder = scratch + "/outbox"
    mkdir(outboxFolder, 0o700)
    write(bytes, to: outboxFolder + "/message.json")
    let feedback = FeedbackOutbox(folder: outboxFolder, logger: quiet)
    let attemptsBefore = feedback.pending().first?.attempts
    waitFor { _ = await feedback.deliverDue(now: .now, includingNotDue: true) { _ in .failed("offline") } }
    if let attemptsBefore, let attemptsAfter = feedback.pending().first?.attempts {
        precondition(attemptsAfter >= min(attemptsBefore, Int.max - 1), "a failed try lowered the try count")
    }
    waitFor { _ = await feedback.deliverDue(now: .now, includingNotDue: true) { _ in .refused("HTTP 400") } }
    // The same bytes as a waiting review (an unreadable one was moved aside above; write it again).
    write(bytes, to: outboxFolder + "/message.json")
    let reviews = ReviewOutbox(folder: outboxFolder, logger: quiet)
    _ = reviews.pending()
    waitFor { _ = await reviews.deliverDue(now: .now, includingNotDue: true) { _ in .refused("HTTP 400") } }
    // Whatever ID a message claims, refusing it writes only inside the outbox.
    let outside = names(in: scratch).filter { !["armchair.ini", "outbox"].contains($0) }
    precondition(outside.allSatisfy { $0.hasPrefix("org.example.Fuzz") }, "a file left the outbox: \(outside)")
    // Start the next input with an empty outbox.
    for name in names(in: outboxFolder + "/failed") { unlink(outboxFolder + "/failed/" + name) }
    for name in names(in: outboxFolder) { unlink(outboxFolder + "/" + name) }

    // The settings file.
    let settingsPath = scratch + "/org.example.Fuzz.armchair"
    write(bytes, to: settingsPath)
    if let settings = try? ConfigurationFile(path: settingsPath, appID: "org.example.Fuzz").settings {
        precondition((try? settings.validate()) != nil, "a settings file passed that its configuration refuses")
    }
    return 0
}

/// libFuzzer's driver, for SwiftPM's entry point (it links executables to `<module>_main`).
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

@_cdecl("ArmchairFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in fuzzReaders(data, size) }
}

#else
@main
enum FuzzReaders {
    static func main() {
        print("Build and run this with scripts/fuzz.sh (libFuzzer, -sanitize=fuzzer).")
    }
}
#endif
