import EmotionKit
@testable import EmotionsCLI
import Testing

@Suite struct ArgumentsTests {
    @Test func theEmotionNamesAreEveryEmotionsNameInOrder() {
        var names: [String] = []
        for emotion in Emotion.allCases { names.append(emotion.name) }
        expect(Arguments.emotionNames, equals: names.joined(separator: ", "))
    }

    @Test func theEmotionArgumentsHelpNamesEveryEmotion() {
        let help = Arguments.emotion().help
        for emotion in Emotion.allCases {
            #expect(help.contains(emotion.name), "\(emotion.name)")
        }
    }
}
