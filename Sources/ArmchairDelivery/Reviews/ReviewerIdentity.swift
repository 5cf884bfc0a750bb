import ArmchairCore

/// Who publishes a review, as GNOME Software and KDE Discover identify them to the Open Desktop
/// Ratings Service, so that a review written in the app is the user's own there too.
public struct ReviewerIdentity: Sendable, Hashable {
    /// The anonymous ID: 40 hexadecimal digits, the SHA-1 of
    /// `gnome-software[<user name>:<contents of /etc/machine-id, newline included>]`.
    public var userHash: String
    /// The name to suggest for the review: the user's full name from the user database, else
    /// their user name.
    public var suggestedName: String
    /// The distribution's `NAME` from os-release, such as "Debian GNU/Linux"; "Unknown" without one.
    public var distro: String

    /// Creates an identity from explicit values.
    public init(userHash: String, suggestedName: String, distro: String) {
        self.userHash = userHash
        self.suggestedName = suggestedName
        self.distro = distro
    }

    /// The identity of the user running this process on this computer.
    ///
    /// - Parameters:
    ///   - machineIDPath: The machine ID file; default `/etc/machine-id`.
    ///   - environment: Where `LOGNAME` is read, as GLib reads it; default: this process's.
    /// - Returns: `nil` when the computer has no readable machine ID: reviews then cannot be
    ///   tied to the user, and the form is not offered.
    public static func current(
        machineIDPath: String = "/etc/machine-id", environment: [String: String]? = nil
    ) -> ReviewerIdentity? {
        guard case .contents(let bytes)? = try? FileSystem.read(machineIDPath, limit: 4_096), !bytes.isEmpty
        else { return nil }
        let account = Account.current(environment: environment ?? ProcessEnvironment.current)
        return ReviewerIdentity(
            userHash: userHash(userName: account.userName, machineID: bytes),
            suggestedName: account.displayName,
            distro: SystemDetails.osRelease("NAME") ?? "Unknown")
    }

    /// GNOME Software's user hash for `userName` on the computer whose machine-id file holds
    /// `machineID` (its bytes exactly, newline included).
    public static func userHash(userName: String, machineID: [UInt8]) -> String {
        SHA1.hexDigest(Array("gnome-software[\(userName):".utf8) + machineID + Array("]".utf8))
    }
}
