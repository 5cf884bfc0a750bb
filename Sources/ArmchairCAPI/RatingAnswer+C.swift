import ArmchairCore
import CArmchair

extension RatingAnswer {
    /// The answer `answer` names, or `nil` for a value that is no `ArmchairAnswer`.
    init?(_ answer: ArmchairAnswer) {
        switch answer {
        case ARMCHAIR_ANSWER_RATE: self = .rate
        case ARMCHAIR_ANSWER_REMIND_LATER: self = .remindLater
        case ARMCHAIR_ANSWER_DECLINE: self = .decline
        case ARMCHAIR_ANSWER_DISMISSED: self = .dismissed
        case ARMCHAIR_ANSWER_SENT_FEEDBACK: self = .sentFeedback
        default: return nil
        }
    }

    /// The `ArmchairAnswer` of this answer.
    var c: ArmchairAnswer {
        switch self {
        case .rate: ARMCHAIR_ANSWER_RATE
        case .remindLater: ARMCHAIR_ANSWER_REMIND_LATER
        case .decline: ARMCHAIR_ANSWER_DECLINE
        case .dismissed: ARMCHAIR_ANSWER_DISMISSED
        case .sentFeedback: ARMCHAIR_ANSWER_SENT_FEEDBACK
        }
    }
}
