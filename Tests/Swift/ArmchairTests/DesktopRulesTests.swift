import Armchair
import Foundation
import Testing

/// The desktop's rules in the decision: the switch, the quiet period between apps, and their words.
@Suite("Desktop rules")
struct DesktopRulesTests {
    let start = Date(timeIntervalSince1970: 1_767_225_600)
    var readyTime: Date { start.addingTimeInterval(30 * 86_400) }
    let personFile = "/home/ada/.config/armchair/desktop.conf"

    func decide(
        _ policy: DesktopPolicy = .builtIn, lastOther: Date? = nil, record: DesktopContext.Record? = nil,
        debug: Bool = false
    ) -> Decision {
        let desktop = DesktopContext(
            policy: policy, record: record ?? .read(lastPromptByAnotherApp: lastOther),
            recordPath: "/home/ada/.local/state/armchair/desktop.ini")
        return PromptRules.evaluate(
            configuration { $0.debugEnabled = debug }, readyState(firstUse: start), now: readyTime,
            session: SessionContext(desktop: desktop))
    }

    @Test("Without a desktop the decision has no desktop rules; with one and nothing said, they pass")
    func noDesktop() {
        let alone = PromptRules.evaluate(configuration(), readyState(firstUse: start), now: readyTime)
        #expect(alone.criterion(.desktopSwitch) == nil && alone.criterion(.desktopQuietPeriod) == nil)
        let decision = decide()
        #expect(decision.shouldPrompt)
        #expect(decision.summary(.desktopSwitch) == "prompts of apps allowed by default")
        #expect(decision.summary(.desktopQuietPeriod) == "no other app asked in the desktop's 7-day quiet period")
    }

    @Test("The person's off holds every prompt, and says who to ask")
    func switchedOff() {
        var policy = DesktopPolicy.builtIn
        policy.prompts = .init(value: false, source: .person(path: personFile))
        let decision = decide(policy)
        #expect(!decision.shouldPrompt && !decision.gatesPassed && !decision.limitsPassed)
        #expect(decision.headline == "Not prompting: prompts of every app turned off by you (\(personFile)).")
        #expect(decision.stillNeeded == "prompts turned back on for this desktop (armchair desktop --on)")
        policy.prompts = .init(value: false, source: .administrator(path: "/etc/xdg/armchair/desktop.conf"))
        #expect(
            decide(policy).summary(.desktopSwitch)
                == "prompts of every app turned off by the administrator (/etc/xdg/armchair/desktop.conf)")
        #expect(decide(policy).stillNeeded == "the administrator to allow prompts again")
        #expect(decide(policy, debug: true).shouldPrompt, "debug mode still shows for developers")
    }

    @Test(
        "Another app's prompt holds this one for the quiet period, to the second",
        arguments: [(2.0, false), (6.999, false), (7.0, true), (30.0, true)])
    func quietPeriod(daysAgo: Double, prompts: Bool) {
        let decision = decide(lastOther: readyTime.addingTimeInterval(-daysAgo * 86_400))
        #expect(decision.shouldPrompt == prompts)
        #expect(decision.criterion(.desktopQuietPeriod)?.status == (prompts ? .met : .missing))
    }

    @Test("The quiet period in words: when another app asked and on which day it ends")
    func quietPeriodWords() throws {
        let decision = decide(lastOther: readyTime.addingTimeInterval(-2 * 86_400))
        #expect(
            decision.summary(.desktopQuietPeriod)
                == "another app asked 2 days ago; the desktop's quiet period ends on 2026-02-05 at 00:00 UTC")
        #expect(decision.desktopQuietPeriodEnds == readyTime.addingTimeInterval(5 * 86_400))
        #expect(decision.stillNeeded == "5 more days of the desktop's quiet period between apps")
        let over = decide(lastOther: readyTime.addingTimeInterval(-9 * 86_400))
        #expect(
            over.summary(.desktopQuietPeriod)
                == "another app asked 9 days ago; the desktop's 7-day quiet period is over")
    }

    @Test("quiet-days 0 and a record out of reach leave the app its own limits, and say so")
    func quietPeriodOff() {
        var policy = DesktopPolicy.builtIn
        policy.quietDays = .init(value: 0, source: .person(path: personFile))
        let none = decide(policy, lastOther: readyTime)
        #expect(none.shouldPrompt)
        #expect(
            none.summary(.desktopQuietPeriod)
                == "no quiet period between apps (quiet-days is 0, set by you (\(personFile)))")
        let away = decide(
            record: .outOfReach(
                reason: "this sandboxed app's manifest needs --filesystem=~/.local/state/armchair:create"))
        #expect(away.shouldPrompt)
        #expect(
            away.summary(.desktopQuietPeriod)
                == "the desktop's prompt record is out of reach (this sandboxed app's manifest needs --filesystem=~/.local/state/armchair:create); the app keeps only its own limits"
        )
    }

    @Test(
        "A prompt recorded less than a day ahead of the clock counts as now (the record does not count one further ahead)"
    )
    func futurePrompt() {
        let decision = decide(lastOther: readyTime.addingTimeInterval(0.5 * 86_400))
        #expect(decision.criterion(.desktopQuietPeriod)?.current == 0)
        #expect(decision.desktopQuietPeriodEnds == readyTime.addingTimeInterval(7 * 86_400))
    }
}
