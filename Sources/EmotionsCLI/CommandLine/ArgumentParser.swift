import EmotionKit

/// Splits a command's words into arguments, option values and flags, as its spec describes.
///
/// Options may come before or after positional arguments; `--` ends options; `--name=value` and
/// `--name value` both work; one-letter flags may be grouped (`-qh`). A word that starts with `-`
/// and a digit is a (negative) number, not an option. An option with a fixed set of values takes
/// only one of them.
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
                if spec.option(named: name)?.valueName != nil { skipValue(in: &remaining) }
                continue
            }
            for letter in word.dropFirst() {
                if letter == OptionSpec.help.short { return true }
                if spec.option(short: letter)?.valueName != nil {
                    if word.hasSuffix(String(letter)) { skipValue(in: &remaining) }
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

    private func skipValue(in remaining: inout ArraySlice<String>) {
        _ = ArgumentParser.value(from: &remaining)
    }

    /// Parses `words`, all of which belong to this command.
    func parse(_ words: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
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
            } else {
                positionals.append(word)
            }
        }
        try assign(positionals, into: &parsed)
        return parsed
    }

    private func parseLong(_ word: String, _ remaining: inout ArraySlice<String>, into parsed: inout ParsedArguments)
        throws(UsageError)
    {
        let body = word.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
        guard let option = spec.option(named: name) else {
            let suggestion = Spelling.closest(to: name, among: spec.allOptions.map(\.long)).map { "--\($0)" }
            throw .unknownOption("--\(name)", suggestion: suggestion)
        }
        if option.valueName == nil {
            guard inlineValue == nil else { throw .unexpectedValue(option: "--\(name)") }
            parsed.addFlag(option.long)
        } else if let inlineValue {
            try set(inlineValue, of: option, into: &parsed)
        } else {
            guard let value = ArgumentParser.value(from: &remaining) else { throw .missingValue(option: "--\(name)") }
            try set(value, of: option, into: &parsed)
        }
    }

    private func parseShort(_ word: String, _ remaining: inout ArraySlice<String>, into parsed: inout ParsedArguments)
        throws(UsageError)
    {
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
                try set(String(letters), of: option, into: &parsed)
            } else if let value = ArgumentParser.value(from: &remaining) {
                try set(value, of: option, into: &parsed)
            } else {
                throw .missingValue(option: "-\(letter)")
            }
            return
        }
    }

    /// Records `value` for `option`, if it is one of the option's values when it declares them.
    private func set(_ value: String, of option: OptionSpec, into parsed: inout ParsedArguments) throws(UsageError) {
        if !option.values.isEmpty, !option.values.contains(value) { throw option.rejection(of: value) }
        parsed.set(value, ofOption: option.long)
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
