import Glibc

/// The user's names as GLib's `g_get_user_name` and `g_get_real_name` find them.
package struct Account: Sendable, Hashable {
    package var userName: String
    package var realName: String?

    /// The name to show for the user: their full name, else their user name.
    package var displayName: String { realName ?? userName }

    /// Like GLib: the account named by `LOGNAME` when it is this process's user, else the account
    /// of the user ID; "somebody" when the user database has neither. The real name is the first
    /// field of the GECOS entry, with `&` standing for the capitalised user name.
    package static func current(environment: [String: String]) -> Account {
        var entry: UnsafeMutablePointer<passwd>?
        if let logName = environment["LOGNAME"], let named = getpwnam(logName), named.pointee.pw_uid == getuid() {
            entry = named
        }
        if entry == nil { entry = getpwuid(getuid()) }
        guard let entry, let name = entry.pointee.pw_name else { return Account(userName: "somebody", realName: nil) }
        let userName = String(cString: name)
        let gecos = entry.pointee.pw_gecos.map { String(cString: $0) } ?? ""
        let full = gecos.prefix { $0 != "," }
        let capitalised = userName.prefix(1).uppercased() + userName.dropFirst()
        let realName = String(full).replacingAll("&", with: capitalised)
        return Account(userName: userName, realName: realName.isEmpty ? nil : realName)
    }
}
