import ArmchairGLib
import CGLib

/// What the C functions check before they enter the engine's `@MainActor` Swift: that they run
/// on the main actor, as ArmchairGLib recognises it, so that the isolation can never trap.
@_cdecl("armchair_c_api_is_main_thread")
func armchairCAPIIsMainThread() -> gboolean {
    MainThread.isOnMainActor ? 1 : 0
}
