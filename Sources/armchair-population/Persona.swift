import ArmchairTesting

/// Who a simulated user is: how often they open the app and how they answer the prompt.
struct Persona: Sendable {
    /// How often someone opens the app.
    enum Usage: String, CaseIterable, Sendable {
        case light, regular, heavy

        /// Mean launches per day.
        var launchesPerDay: Double {
            switch self {
            case .light: 0.3
            case .regular: 1.2
            case .heavy: 4
            }
        }

        /// Share of the population.
        var share: Double {
            switch self {
            case .light: 0.4
            case .regular: 0.4
            case .heavy: 0.2
            }
        }
    }

    /// How someone tends to answer a rating prompt.
    enum Attitude: String, CaseIterable, Sendable {
        case enthusiast, neutral, reluctant

        /// Chances of rate, remind later, decline and closing the dialog.
        var answerWeights: [Double] {
            switch self {
            case .enthusiast: [0.70, 0.20, 0.05, 0.05]
            case .neutral: [0.15, 0.35, 0.20, 0.30]
            case .reluctant: [0.03, 0.15, 0.57, 0.25]
            }
        }

        /// Share of the population.
        var share: Double {
            switch self {
            case .enthusiast: 0.15
            case .neutral: 0.55
            case .reluctant: 0.30
            }
        }
    }

    var usage: Usage
    var attitude: Attitude
    /// The chance that one launch includes a significant event.
    var eventChance: Double
    /// Days between a release and this user installing it.
    var updateLag: Int

    /// Draws a persona.
    static func random(using random: inout SeededRandom) -> Persona {
        let usage = Usage.allCases[random.pick(Usage.allCases.map(\.share))]
        let attitude = Attitude.allCases[random.pick(Attitude.allCases.map(\.share))]
        return Persona(
            usage: usage, attitude: attitude, eventChance: 0.1 + 0.4 * random.unit(),
            updateLag: Int(random.unit() * 7))
    }
}
