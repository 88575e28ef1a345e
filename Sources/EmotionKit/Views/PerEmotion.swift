/// Five values, one per emotion, held inline: a `Felt` is made for every day of a calendar, and an
/// array would cost a heap allocation and a metadata lookup each time.
struct PerEmotion<Value: Sendable>: Sendable {
    private var happy, smile, neutral, upset, sad: Value

    /// Every emotion's value `value`.
    init(repeating value: Value) {
        (happy, smile, neutral, upset, sad) = (value, value, value, value, value)
    }

    /// The value of the emotion at `index` in `Emotion.allCases`.
    subscript(index: Int) -> Value {
        get {
            switch index {
            case 0: happy
            case 1: smile
            case 2: neutral
            case 3: upset
            default: sad
            }
        }
        set {
            switch index {
            case 0: happy = newValue
            case 1: smile = newValue
            case 2: neutral = newValue
            case 3: upset = newValue
            default: sad = newValue
            }
        }
    }

    /// The indices, `0..<5`.
    var indices: Range<Int> { 0..<5 }
}

extension PerEmotion: Equatable where Value: Equatable {}
