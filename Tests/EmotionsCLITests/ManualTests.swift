@testable import EmotionsCLI
import Foundation
import Testing

/// The manual page, `Documentation/emotions.1`, kept in step with the specs help is made from;
/// `EndToEndTests/ManualPageTests` renders it with groff.
@Suite struct ManualTests {
    /// The page's path, found from this file's place in the repository.
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Documentation/emotions.1").path

    private let manual: Manual

    init() throws {
        manual = try Manual(roff: String(contentsOfFile: ManualTests.path, encoding: .utf8))
    }

    @Test func everySubcommandHasASubsectionAndNoOtherDoes() {
        let titles = manual.subsections(of: "SUBCOMMANDS").map { $0.title.split(separator: " ").first.map(String.init) ?? "" }
        expect(titles, equals: Root.subcommandSpecs.map(\.name))
    }

    @Test func everyOptionOfEverySubcommandIsListedInItsSubsection() {
        for command in Root.subcommandSpecs {
            let subsection = manual.subsections(of: "SUBCOMMANDS").first { $0.title.hasPrefix(command.name + " ") || $0.title == command.name }
            let tags = subsection.map { Manual.words(in: $0.tags.joined(separator: " ")) } ?? []
            for option in command.allOptions {
                for name in CompletionModel.names(of: option) {
                    #expect(tags.contains(name), "the manual's \(command.name) lacks \(name)")
                }
                for value in option.values {
                    #expect(subsection.map { Manual.words(in: $0.text).contains(value) } == true,
                        "the manual's \(command.name) lacks \(value) for --\(option.long)")
                }
            }
            for argument in command.arguments {
                expect(subsection?.title.contains(argument.name), equals: true, "the manual's \(command.name) lacks <\(argument.name)>")
            }
        }
    }

    @Test func everyOptionBeforeTheSubcommandIsListedWithItsValues() {
        let section = manual.section("OPTIONS")
        let tags = Manual.words(in: section.tags.joined(separator: " "))
        for option in Root.spec.allOptions {
            for name in CompletionModel.names(of: option) {
                #expect(tags.contains(name), "the manual's OPTIONS lack \(name)")
            }
            for value in option.values {
                #expect(Manual.words(in: section.text).contains(value), "the manual's OPTIONS lack \(value) for --\(option.long)")
            }
        }
    }

    @Test func everyEnvironmentVariableReadIsListed() {
        let tags = manual.section("ENVIRONMENT").tags
        for name in ProcessInput.variablesRead {
            #expect(tags.contains("\(name)"), "the manual's ENVIRONMENT lacks \(name)")
        }
    }

    @Test func theExitStatusesAreExactlyTheOnesTheToolUses() {
        expect(manual.section("EXIT STATUS").tags, equals: ExitCode.all.map(String.init))
    }

    @Test func filesNameTheDataFileAndTheLockFile() {
        let text = manual.section("FILES").text
        #expect(text.contains("~/.config/emotions/emotions.json"))
        #expect(text.contains("$XDG_CONFIG_HOME/emotions/emotions.json"))
        #expect(text.contains(".lock"))
    }

    @Test func theHeaderNamesThisVersion() {
        #expect(manual.header.contains("\"emotions \(Root.version)\""), "\(manual.header)")
    }

    @Test func theStandardSectionsAreThereInOrder() {
        let expected = ["NAME", "SYNOPSIS", "DESCRIPTION", "SUBCOMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS",
            "EXAMPLES", "SEE ALSO"]
        expect(manual.sectionNames.filter(expected.contains), equals: expected)
    }
}

/// A manual page in roff, read just enough to tell what it lists: its sections and subsections as
/// plain text, and the tags of their `.TP` paragraphs (with `.TQ`, more than one each).
struct Manual {
    /// A section (`.SH`) or subsection (`.SS`).
    struct Part {
        /// The section it is or belongs to.
        let section: String
        /// The heading, as plain text; for a section, its name.
        let title: String
        /// Whether it is a subsection.
        let isSubsection: Bool
        /// The body, as plain text, one roff line per line.
        var text = ""
        /// The first line of each `.TP` paragraph, as plain text.
        var tags: [String] = []
    }

    /// The `.TH` line.
    private(set) var header = ""
    /// Every section and subsection, in order.
    private var parts: [Part] = []

    /// Reads `roff`.
    init(roff: String) {
        var isTag = false
        for line in roff.split(separator: "\n", omittingEmptySubsequences: false) where !line.hasPrefix(".\\\"") {
            let (macro, rest) = Manual.macro(line)
            let text = Manual.plain(rest)
            switch macro {
            case ".TH":
                header = String(line)
            case ".SH":
                parts.append(Part(section: text, title: text, isSubsection: false))
            case ".SS":
                parts.append(Part(section: parts.last?.section ?? "", title: text, isSubsection: true))
            case ".TP", ".TQ":  // .TQ adds another tag line to the paragraph .TP began.
                isTag = true
            default:
                guard !parts.isEmpty else { continue }
                if isTag { parts[parts.count - 1].tags.append(text) }
                isTag = false
                parts[parts.count - 1].text += text + "\n"
            }
        }
    }

    /// The names of the sections, in order.
    var sectionNames: [String] { parts.filter { !$0.isSubsection }.map(\.title) }

    /// The section `name`, its subsections included; empty if there is none.
    func section(_ name: String) -> Part {
        var section = Part(section: name, title: name, isSubsection: false)
        for part in parts where part.section == name {
            section.text += part.text
            section.tags += part.tags
        }
        return section
    }

    /// The subsections of the section `name`.
    func subsections(of name: String) -> [Part] {
        parts.filter { $0.isSubsection && $0.section == name }
    }

    /// The words of `text`: runs of letters, digits, `-` and `_`, so `--file` and `-q` stay whole.
    static func words(in text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }.map(String.init)
    }

    /// A line's macro (`.BR`), or none for text, and the rest of the line.
    private static func macro(_ line: Substring) -> (String?, Substring) {
        guard line.hasPrefix(".") else { return (nil, line) }
        let name = line.prefix { $0 != " " }
        return (String(name), line.dropFirst(name.count).drop { $0 == " " })
    }

    /// Roff text without font changes, quotes that group arguments, or escapes.
    private static func plain(_ text: Substring) -> String {
        var result = String(text)
        for (escape, replacement) in [
            (#"\fB"#, ""), (#"\fI"#, ""), (#"\fR"#, ""), (#"\fP"#, ""), (#"\-"#, "-"), (#"\(dq"#, "\u{1}"),
            (#"\(lq"#, "“"), (#"\(rq"#, "”"), (#"\(->"#, "→"), (#"\&"#, ""), (#"\e"#, "\\"),
        ] {
            result = result.replacingOccurrences(of: escape, with: replacement)
        }
        return result.replacingOccurrences(of: "\"", with: "").replacingOccurrences(of: "\u{1}", with: "\"")
    }
}
