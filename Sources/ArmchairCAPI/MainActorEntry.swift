import ArmchairGLib

// Calls a main-actor entry point from C, which calls on the main thread.
//
// The C function checked the thread before it called (`armchair_c_api_is_main_thread()`, which asks
// ``MainThread/isOnMainActor``), so these do not check again: a second check could only trap, and
// a trap would end the host app. Debug builds (the tests) assert it. The arguments are passed, not
// captured, so that C's pointers need not be `Sendable`; one function per arity.

/// Calls `function` with no arguments as the main actor.
package func onMainActor<Result>(_ function: @MainActor () -> Result) -> Result {
    assertMainActor()
    return withoutActuallyEscaping(function) { unsafeBitCast($0, to: (() -> Result).self)() }
}

/// Calls `function(a)` as the main actor.
package func onMainActor<A, Result>(_ function: @MainActor (A) -> Result, _ a: A) -> Result {
    assertMainActor()
    return withoutActuallyEscaping(function) { unsafeBitCast($0, to: ((A) -> Result).self)(a) }
}

/// Calls `function(a, b)` as the main actor.
package func onMainActor<A, B, Result>(_ function: @MainActor (A, B) -> Result, _ a: A, _ b: B) -> Result {
    assertMainActor()
    return withoutActuallyEscaping(function) { unsafeBitCast($0, to: ((A, B) -> Result).self)(a, b) }
}

/// Calls `function(a, b, c)` as the main actor.
package func onMainActor<A, B, C, Result>(
    _ function: @MainActor (A, B, C) -> Result, _ a: A, _ b: B, _ c: C
) -> Result {
    assertMainActor()
    return withoutActuallyEscaping(function) { unsafeBitCast($0, to: ((A, B, C) -> Result).self)(a, b, c) }
}

/// Calls `function(a, b, c, d)` as the main actor.
package func onMainActor<A, B, C, D, Result>(
    _ function: @MainActor (A, B, C, D) -> Result, _ a: A, _ b: B, _ c: C, _ d: D
) -> Result {
    assertMainActor()
    return withoutActuallyEscaping(function) { unsafeBitCast($0, to: ((A, B, C, D) -> Result).self)(a, b, c, d) }
}

private func assertMainActor() {
    assert(MainThread.isOnMainActor, "an entry point that needs the main thread was entered on another one")
}
