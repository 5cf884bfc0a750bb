import Glibc

/// A process, named so that it cannot be confused with another: the boot it runs in, its process
/// ID, and its start time in clock ticks since boot (`/proc/<pid>/stat`, field 22).
///
/// Written as `<boot-id>/<pid>/<start-ticks>`.
public struct ProcessIdentity: Sendable, Hashable, CustomStringConvertible {
    /// The text form, `<boot-id>/<pid>/<start-ticks>`.
    public let description: String

    /// Reads an identity from its text form; `nil` if it is not one.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, Int32(parts[1]) != nil, UInt64(parts[2]) != nil else { return nil }
        description = text
    }

    private init(boot: String, process: Int32, startTicks: UInt64) {
        description = "\(boot)/\(process)/\(startTicks)"
    }

    /// The boot the process runs in.
    public var bootID: Substring { description.split(separator: "/").first ?? "" }

    /// This process.
    public static let current: ProcessIdentity =
        identity(of: getpid())
        ?? ProcessIdentity(
            boot: bootID ?? "unknown-boot", process: getpid(), startTicks: 0)

    /// Whether the process this identity names is still running.
    ///
    /// Processes of another boot (or of another machine, for synced state) count as gone.
    public var isRunning: Bool {
        let parts = description.split(separator: "/")
        guard parts.count == 3, let process = Int32(parts[1]) else { return false }
        return Self.identity(of: process) == self
    }

    /// The identity of the running process `process`, or `nil` if there is none.
    static func identity(of process: Int32) -> ProcessIdentity? {
        guard let boot = bootID, let ticks = startTicks(of: process) else { return nil }
        return ProcessIdentity(boot: boot, process: process, startTicks: ticks)
    }

    private static let bootID: String? = {
        guard case .contents(let bytes)? = try? FileSystem.read("/proc/sys/kernel/random/boot_id", limit: 64) else {
            return nil
        }
        let text = String(decoding: bytes, as: UTF8.self).filter { $0.isHexDigit || $0 == "-" }
        return text.isEmpty ? nil : text
    }()

    /// Field 22 of `/proc/<pid>/stat`; the command name before it may contain spaces and
    /// parentheses, so fields are counted after the last `)`.
    private static func startTicks(of process: Int32) -> UInt64? {
        guard case .contents(let bytes)? = try? FileSystem.read("/proc/\(process)/stat", limit: 4096),
            let close = bytes.lastIndex(of: UInt8(ascii: ")"))
        else { return nil }
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
        // After ")" come field 3 (state) onwards, so field 22 is the 20th.
        guard fields.count >= 20 else { return nil }
        return UInt64(String(decoding: fields[19], as: UTF8.self))
    }
}
