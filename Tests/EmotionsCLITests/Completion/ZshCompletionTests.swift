import EmotionKit
@testable import EmotionsCLI
import Testing

@Suite struct ZshCompletionTests {
    private let script = ZshCompletion(model: .emotions).script

    @Test func theScriptIsACompletionFunctionForEmotions() {
        #expect(script.hasPrefix("#compdef emotions\n"))
        #expect(script.contains("\n_emotions() {\n"))
        #expect(script.hasSuffix("compdef _emotions emotions\nfi"))
    }

    @Test func everySubcommandHasACaseWithEveryOptionAndArgument() {
        for command in Root.subcommandSpecs {
            #expect(script.contains("(\(command.name))\n"), "no case for \(command.name)")
            #expect(script.contains("'\(command.name)  "), "\(command.name) is not offered")
            let body = script.components(separatedBy: "(\(command.name))\n").dropFirst().first?
                .components(separatedBy: ";;").first ?? ""
            for option in command.allOptions {
                for name in CompletionModel.names(of: option) {
                    // A value follows "--name=" or the next word; "-n+", in the same word or the next.
                    let marks = option.valueName == nil ? ["["] : name.hasPrefix("--") ? ["=["] : ["+["]
                    #expect(marks.contains { body.contains("\(name)\($0)") }, "\(command.name) lacks \(name)")
                }
            }
            for argument in command.arguments {
                #expect(body.contains(":\(argument.name):"), "\(command.name) lacks <\(argument.name)>")
            }
        }
    }

    @Test func anOptionalValueIsMarkedOptional() {
        #expect(script.contains("'--year=[This year up to now, or the whole of YEAR (1 to 9999\\: --year 2025).]::year: '"))
        #expect(script.contains("'--since=[From TIME, included.]:time: '"))
    }

    @Test func theRootsOptionsComeBeforeTheSubcommand() {
        let root = script.components(separatedBy: "_arguments -C").dropFirst().first?.components(separatedBy: "case").first ?? ""
        for option in Root.spec.allOptions {
            for name in CompletionModel.names(of: option) {
                #expect(root.contains("\(name)[") || root.contains("\(name)=["), "root lacks \(name)")
            }
        }
        #expect(root.contains("'(- : *)--version[Show the version.]'"))
        #expect(root.contains(":shell:(bash zsh fish)'"))
        #expect(root.contains("--file=[The data file to use; overrides EMOTIONS_FILE and the default place.]:path:_files'"))
    }

    @Test func everyEmotionNameIsOfferedInOrder() {
        let line = script.split(separator: "\n").first { $0.contains("local -a words=('happy'") }
        expect(line.map { String($0.drop { $0 == " " }) }, equals: "local -a words=("
            + CompletionModel.emotions.words(for: .emotions).map { "'\($0)'" }.joined(separator: " ") + ")")
    }

    @Test func theEmojiAreOfferedAndEveryDescriptionLinesUpInTerminalCells() throws {
        let function = try #require(script.components(separatedBy: "__emotions_emotion() {").last)
        #expect(function.contains("'😄' '🙂' '😐' '😕' '😢')"))
        let shown = function.split(separator: "\n").filter { $0.contains(" -- ") }
        expect(shown.count, equals: Emotion.acceptedNames.count)
        #expect(shown.contains { $0.contains("'😄  ") && $0.hasSuffix("-- same as happy'") })
        let columns = shown.compactMap { line in line.range(of: "-- ").map { CellWidth.of(String(line[..<$0.lowerBound])) } }
        expect(Set(columns).count, equals: 1, "descriptions start at cells \(columns)")
    }

    @Test func bracketsAndColonsInHelpAreEscaped() {
        expect(ZshCompletion.escapedForBrackets(#"Print JSON: {"a": [1]}"#), equals: #"Print JSON\: {"a"\: \[1\]}"#)
        #expect(script.contains(#"'--json[Print JSON\: {"counts"\: {…}, "total"\: N}; with a range, it and its "days" and "streak"; {"by"\: …} by period, weekday or tag.]'"#))
    }
}
