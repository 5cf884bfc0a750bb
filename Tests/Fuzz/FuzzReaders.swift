// libFuzzer entry point for the readers of untrusted files: the state file, the outbox, and the
// settings file. Built and run by scripts/fuzz.sh with -sanitize=fuzzer; a normal build gets a
// main that says so.
import Armchair
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

    // The outbox: one message file among none other.
    let outboxFolder = scratch + "/outbox"
    mkdir(outboxFolder, 0o700)
    write(bytes, to: outboxFolder + "/message.json")
    _ = FeedbackOutbox(folder: outboxFolder, logger: quiet).pending()
    // The same bytes as a waiting review (an unreadable one was moved aside above; write it again).
    write(bytes, to: outboxFolder + "/message.json")
    _ = ReviewOutbox(folder: outboxFolder, logger: quiet).pending()
    // An unreadable message was moved aside under this name; start the next input without it.
    unlink(outboxFolder + "/message.json.unreadable")

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
