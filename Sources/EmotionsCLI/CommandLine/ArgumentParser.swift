import EmotionKit

/// Splits a command's words into arguments, option values and flags, as its spec describes.
///
/// Options may come before or after positional arguments; `--` ends options; `--name=value` and
/// `--name value` both work; one-letter flags may be grouped (`-qh`). A word that starts with `-`
/// and a digit is a (negative) number, not an option. An option with a fixed set of values takes
/// only one of them, in any case. An option whose value is optional (`--year [<year>]`) takes the
/// next word only if it starts with a digit.
///
/// As with swift-argument-parser, a separate word that looks like an option (`--file --json`) is
/// never taken as a value: the value is missing. `--file=--json` gives such a value on purpose; a
/// lone `-` and a negative number are values.
struct ArgumentParser {
    let spec: CommandSpec

    /// Whether `words` ask for help with `-h` or `--help` before any `--`; an option's value never
    /// does, and a word that looks like an option is never a value, so `--file --help` asks for help.
    func asksForHelp(_ words: [String]) -> Bool {
        var remaining = words[...]
        while let word = remaining.popFirst() {
            if word == "--" { return false }
            guard ArgumentParser.isOptionWord(word) else { continue }
            if word.hasPrefix("--") {
                let name = String(word.dropFirst(2))
                if name == OptionSpec.help.long { return true }
                if let option = spec.option(named: name), option.valueName != nil { skipValue(of: option, in: &remaining) }
                continue
            }
            for letter in word.dropFirst() {
                if letter == OptionSpec.help.short { return true }
                if let option = spec.option(short: letter), option.valueName != nil {
                    if word.hasSuffix(String(letter)) { skipValue(of: option, in: &remaining) }
                    break
                }
            }
        }
        return false
    }

    /// Whether `word` is an option, or a cluster of one-letter options, rather than a value: it
    /// starts with `-`, and is neither a lone `-` nor a negative number such as `-3`. `--` is one.
    static func isOptionWord(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word.count > 1 else { return false }
        let second = word[word.index(after: word.startIndex)]
        return !(second.isASCII && second.isNumber)
    }

    /// The next word as an option's value, taken from `remaining`; `nil`, taking nothing, if there
    /// is none or it looks like an option.
    static func value(from remaining: inout ArraySlice<String>) -> String? {
        guard let word = remaining.first, !isOptionWord(word) else { return nil }
        return remaining.popFirst()
    }

    private func skipValue(of option: OptionSpec, in remaining: inout ArraySlice<String>) {
        _ = ArgumentParser.value(of: option, from: &remaining)
    }

    /// The next word as `option`'s value, taken from `remaining`, if it is one (`OptionSpec.takes`);
    /// `nil`, taking nothing, if not.
    static func value(of option: OptionSpec, from remaining: inout ArraySlice<String>) -> String? {
        guard let word = remaining.first, option.takes(word) else { return nil }
        return value(from: &remaining)
    }

    /// Parses the options that come before a subcommand's name, taking them from the front of
    /// `words` and leaving there the subcommand's name and what follows it.
    ///
    /// It stops at the first word that does not start with `-` (a subcommand's name never does, so
    /// here `-3` is an unknown option, not a number), after `--`, after a request for help (the flag
    /// `help`; as everywhere, a word that looks like an option is never a value, so `--file --help`
    /// asks for help), and after an option that stands alone, such as `--version`, which nothing may
    /// follow. The options are meant to be handed down to the subcommand, as swift-argument-parser
    /// hands down a parent's option group (`parse(_:inheriting:)`): a value an option does not accept
    /// is kept for the subcommand to report, with its usage line, unless the option stands alone.
    /// On a throw, `words` holds what follows the word at fault.
    func parseOptions(before words: inout ArraySlice<String>) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        while let word = words.first, word.hasPrefix("-"), word != "-" {
            words.removeFirst()
            if word == "--" { break }
            if word.hasPrefix("--") {
                try parseLong(word, &words, into: &parsed, handingDown: true)
            } else {
                try parseShort(word, &words, into: &parsed, handingDown: true)
            }
            if parsed.has(OptionSpec.help.long) { break }
            if spec.options.contains(where: { $0.standsAlone && parsed.isGiven($0.long) }) {
                if let extra = words.first { throw .unexpectedArgument(extra) }
                break
            }
        }
        return parsed
    }

    /// Parses `words`, all of which belong to this command, after the options `inherited` from the
    /// command before it (`parseOptions(before:)`), which are read as if given first among `words`:
    /// a later value replaces theirs, and a value refused there is refused here, first.
    func parse(_ words: [String], inheriting inherited: ParsedArguments = ParsedArguments()) throws(UsageError)
        -> ParsedArguments
    {
        if let refused = inherited.refusedValue { throw try option(named: refused.long).rejection(of: refused.value) }
        var parsed = ParsedArguments()
        for long in inherited.flags {
            parsed.addFlag(try option(named: long).long)
        }
        for given in inherited.options {
            try set(given.value, of: try option(named: given.long), into: &parsed)
        }
        var positionals: [String] = []
        var remaining = words[...]
        while let word = remaining.popFirst() {
            if word == "--" {
                positionals.append(contentsOf: remaining)
                break
            } else if word.hasPrefix("--") {
                try parseLong(word, &remaining, into: &parsed)
            } else if ArgumentParser.isOptionWord(word) {
                try parseShort(word, &remaining, into: &parsed)
            } else if isTagWord(word) {
                parsed.addTag(String(word.dropFirst()))
            } else {
                positionals.append(word)
            }
        }
        try assign(positionals, into: &parsed)
        return parsed
    }

    /// Whether `word` is a `+TAG` of a command that takes tags: a word that starts with `+`, but not
    /// a signed number where the command takes a count (`add sad +3`; a tag of digits alone is given
    /// there with `--tag`).
    private func isTagWord(_ word: String) -> Bool {
        guard spec.tagHelp != nil, word.hasPrefix("+") else { return false }
        let rest = word.utf8.dropFirst()
        let isNumber = !rest.isEmpty && rest.allSatisfy { (48...57).contains($0) }
        return !(isNumber && spec.arguments.contains { $0.name == "count" })
    }

    /// The option with the long name `name`, else an error that suggests the closest one.
    private func option(named name: String) throws(UsageError) -> OptionSpec {
        guard let option = spec.option(named: name) else {
            let suggestion = Spelling.closest(to: name, among: spec.allOptions.map(\.long)).map { "--\($0)" }
            throw .unknownOption("--\(name)", suggestion: suggestion)
        }
        return option
    }

    private func parseLong(
        _ word: String, _ remaining: inout ArraySlice<String>, into parsed: inout ParsedArguments,
        handingDown: Bool = false
    ) throws(UsageError) {
        let body = word.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
        let option = try option(named: name)
        if option.valueName == nil {
            guard inlineValue == nil else { throw .unexpectedValue(option: "--\(name)") }
            parsed.addFlag(option.long)
        } else if let inlineValue {
            try set(inlineValue, of: option, into: &parsed, handingDown: handingDown)
        } else if let value = ArgumentParser.value(of: option, from: &remaining) {
            try set(value, of: option, into: &parsed, handingDown: handingDown)
        } else if option.valueIsOptional {
            parsed.addFlag(option.long)
        } else {
            try missingValue(of: "--\(name)", before: &remaining, into: &parsed, handingDown: handingDown)
        }
    }

    private func parseShort(
        _ word: String, _ remaining: inout ArraySlice<String>, into parsed: inout ParsedArguments,
        handingDown: Bool = false
    ) throws(UsageError) {
        var letters = word.dropFirst()
        while let letter = letters.popFirst() {
            guard let option = spec.option(short: letter) else {
                throw .unknownOption("-\(letter)", suggestion: nil)
            }
            guard option.valueName != nil else {
                parsed.addFlag(option.long)
                continue
            }
            if !letters.isEmpty {
                try set(String(letters), of: option, into: &parsed, handingDown: handingDown)
            } else if let value = ArgumentParser.value(of: option, from: &remaining) {
                try set(value, of: option, into: &parsed, handingDown: handingDown)
            } else if option.valueIsOptional {
                parsed.addFlag(option.long)
            } else {
                try missingValue(of: "-\(letter)", before: &remaining, into: &parsed, handingDown: handingDown)
            }
            return
        }
    }

    /// The option written `name` has no value. Before a subcommand, a request for help in its place is
    /// one (`parse(_:)` is asked `asksForHelp` first, so it never meets one).
    private func missingValue(
        of name: String, before remaining: inout ArraySlice<String>, into parsed: inout ParsedArguments,
        handingDown: Bool
    ) throws(UsageError) {
        guard handingDown, let next = remaining.first, OptionSpec.help.isWritten(as: next) else {
            throw .missingValue(option: name)
        }
        remaining.removeFirst()
        parsed.addFlag(OptionSpec.help.long)
    }

    /// Records `value` for `option`, if it is one of the option's values when it declares them, in
    /// any case (`--format CSV`) and recorded as declared (`csv`); when `handingDown`, a refused value
    /// is kept for the subcommand, unless the option stands alone.
    private func set(
        _ value: String, of option: OptionSpec, into parsed: inout ParsedArguments, handingDown: Bool = false
    ) throws(UsageError) {
        guard let accepted = option.accepted(value) else {
            guard handingDown, !option.standsAlone else { throw option.rejection(of: value) }
            if parsed.refusedValue == nil { parsed.refusedValue = ParsedArguments.OptionValue(long: option.long, value: value) }
            parsed.set(value, ofOption: option.long)
            return
        }
        if option.long == OptionSpec.tag.long {
            parsed.addTag(accepted)
        } else {
            parsed.set(accepted, ofOption: option.long)
        }
    }

    private func assign(_ positionals: [String], into parsed: inout ParsedArguments) throws(UsageError) {
        var remaining = positionals[...]
        for argument in spec.arguments {
            if argument.isRepeating {
                if remaining.isEmpty, !argument.isOptional { throw .missingArgument(argument.label) }
                parsed.set(Array(remaining), of: argument.name)
                remaining = []
            } else if let value = remaining.popFirst() {
                parsed.set([value], of: argument.name)
            } else if !argument.isOptional {
                throw .missingArgument(argument.label)
            }
        }
        if let extra = remaining.first {
            throw .unexpectedArgument(extra)
        }
    }
}
