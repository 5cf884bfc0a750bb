import ArmchairGLib

/// What the C functions check before they enter the engine's `@MainActor` Swift: that they run
/// on the main actor, as ArmchairGLib recognises it, so that the isolation can never trap.
///
/// Public, unlike the other `@_cdecl` functions of this module: the toolkit libraries' C calls it
/// across the library boundary, and a release build gives internal functions hidden visibility,
/// which no version script can export. It returns a C `gboolean`.
@_cdecl("armchair_c_api_is_main_thread")
public func armchairCAPIIsMainThread() -> CInt {
    MainThread.isOnMainActor ? 1 : 0
}
