import EmotionKit

/// The tags a command is given, as `+TAG` words or `--tag TAG`: recorded by `tap` and `add`, a filter
/// for `log`, `stats` and `export`.
enum TagOptions {
    /// `--tag TAG` for a command that records tags.
    static let recordedSpec = OptionSpec(
        long: OptionSpec.tag.long, valueName: "tag", help: "Record TAG with the change, as +TAG does; repeat for more.")
    /// `--tag TAG` for a command that keeps to changes with tags.
    static let filterSpec = OptionSpec(
        long: OptionSpec.tag.long, valueName: "tag", help: "Keep to changes recorded with TAG, as +TAG does; repeat for more.")
    /// What `+TAG` means to `tap` and `add`, for help.
    static let recordedHelp = "Record what came with the feeling: a word of letters, digits, - and _ (+gym +good-meal)."
    /// What `+TAG` means to a command that reads the history, for help.
    static let filterHelp = "Keep to changes recorded with every tag given (+work)."

    /// The tags given, sorted and each once.
    ///
    /// - Throws: `UsageError.invalid` naming a word that is not a tag, or more than `Tag.perCommandLimit`.
    static func tags(_ arguments: ParsedArguments) throws(UsageError) -> [Tag] {
        guard !arguments.tags.isEmpty else { return [] }
        do throws(TagError) {
            var tags: [Tag] = []
            for word in arguments.tags {
                tags.append(try Tag(word))
            }
            return try Tag.set(tags)
        } catch {
            throw .invalid(ValidationFailure(error))
        }
    }
}

extension OptionSpec {
    /// `--tag`, which the parser gathers with the `+TAG` words rather than keeping its last value.
    static let tag = OptionSpec(long: "tag", valueName: "tag", help: "")
}

extension TagError: ValidationError {}
