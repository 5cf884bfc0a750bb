import Glibc

/// A process, named so that it cannot be confused with another: the boot it runs in, its process
/// ID, its start time in clock ticks since boot (`/proc/<pid>/stat`, field 22) and, outside the
/// initial PID namespace, the PID namespace its process ID belongs to.
///
/// Written as `<boot-id>/<pid>/<start-ticks>`, or `<boot-id>/<pid>/<start-ticks>/<pid-namespace>`
/// by a process of another PID namespace than the initial one: each Flatpak instance has its own,
/// where the app is process 2, so two instances differ only there.
public struct ProcessIdentity: Sendable, Hashable, CustomStringConvertible {
    /// The text form.
    public let description: String
    /// The boot the process runs in.
    public let bootID: Substring
    /// The process ID.
    let processID: Int32
    /// The PID namespace the process ID belongs to: the inode number of `/proc/<pid>/ns/pid`.
    public let pidNamespace: UInt64

    /// Reads an identity from its text form; `nil` if it is not one.
    public init?(_ text: String) {
        // Split at the `/` byte: the state holds a few of these, read at every start.
        let parts = text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map(Substring.init)
        guard parts.count == 3 || parts.count == 4, !parts[0].isEmpty, let process = Int32(parts[1]),
            UInt64(parts[2]) != nil, let namespace = parts.count == 3 ? Self.initialPIDNamespace : UInt64(parts[3])
        else { return nil }
        (description, bootID, processID, pidNamespace) = (text, parts[0], process, namespace)
    }

    private init(boot: String, process: Int32, startTicks: UInt64, namespace: UInt64) {
        description =
            namespace == Self.initialPIDNamespace
            ? "\(boot)/\(process)/\(startTicks)" : "\(boot)/\(process)/\(startTicks)/\(namespace)"
        (bootID, processID, pidNamespace) = (Substring(boot), process, namespace)
    }

    /// Whether the process runs in this process's boot and PID namespace, where `/proc` shows it.
    public var isInThisNamespace: Bool {
        bootID == Self.current.bootID && pidNamespace == Self.current.pidNamespace
    }

    /// This process.
    public static let current: ProcessIdentity =
        identity(of: getpid())
        ?? ProcessIdentity(
            boot: bootID ?? "unknown-boot", process: getpid(), startTicks: 0,
            namespace: ownPIDNamespace ?? initialPIDNamespace)

    /// Whether the process this identity names is still running, as `/proc` shows it.
    ///
    /// A process of another PID namespace is not in `/proc`, so it counts as gone here: ask
    /// ``RunningProcesses`` instead, which also finds those. Processes of another boot (or of
    /// another machine, for synced state) count as gone.
    var isRunningInThisNamespace: Bool {
        isInThisNamespace && Self.identity(of: processID) == self
    }

    /// The identity of the running process `process` of this PID namespace, or `nil` if there is none.
    static func identity(of process: Int32) -> ProcessIdentity? {
        guard let boot = bootID, let ticks = startTicks(of: process) else { return nil }
        return ProcessIdentity(
            boot: boot, process: process, startTicks: ticks, namespace: ownPIDNamespace ?? initialPIDNamespace)
    }

    /// The inode number the kernel gives the initial PID namespace (`PROC_PID_INIT_INO`): the
    /// host's, outside any container or sandbox.
    static let initialPIDNamespace: UInt64 = 0xEFFF_FFFC

    /// This process's PID namespace, from the link `/proc/self/ns/pid` (`pid:[<inode>]`).
    private static let ownPIDNamespace: UInt64? = {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = readlink("/proc/self/ns/pid", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let text = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard text.hasPrefix("pid:["), text.hasSuffix("]") else { return nil }
        return UInt64(text.dropFirst(5).dropLast())
    }()

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
