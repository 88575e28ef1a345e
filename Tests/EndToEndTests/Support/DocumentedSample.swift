import Foundation

/// A command the documentation shows run, `$ emotions stats`, with the lines it shows after it.
///
/// The samples are read from a Markdown page's plain fenced blocks (opened by a bare ```; a block
/// that names a language, such as ```sh, shows a script, not a run), in one section: every line that
/// starts with `$ ` is a command, and the lines after it, up to the next command or the block's end,
/// are what it prints. A block with no `$ ` line (a synopsis) is not a sample.
struct DocumentedSample: Sendable, CustomStringConvertible {
    /// The command as typed, after the `$ `.
    let command: String
    /// The lines shown after it.
    let shown: [String]
    /// Its line in the page, from 1, for messages.
    let line: Int

    var description: String { "line \(line): $ \(command)" }

    /// The package's folder, where README.md and Documentation/ are.
    static let packageFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The samples of `page` (a path relative to the package's folder) under the heading `heading`,
    /// such as `## A tour`, up to the next heading of the same level or higher, in order.
    static func samples(in page: String, under heading: String) throws -> [DocumentedSample] {
        let text = try String(contentsOf: packageFolder.appendingPathComponent(page), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let level = heading.prefix { $0 == "#" }
        guard let start = lines.firstIndex(of: heading) else { throw Missing(page: page, heading: heading) }
        let end = lines[(start + 1)...].firstIndex { line in
            let hashes = line.prefix { $0 == "#" }
            return !hashes.isEmpty && hashes.count <= level.count && line.dropFirst(hashes.count).hasPrefix(" ")
        } ?? lines.endIndex
        var samples: [DocumentedSample] = []
        var inBlock = false, inPlainBlock = false, inSample = false
        for index in (start + 1)..<end {
            let line = lines[index]
            if line.hasPrefix("```") {
                (inBlock, inPlainBlock, inSample) = (!inBlock, !inBlock && line == "```", false)
            } else if inPlainBlock, line.hasPrefix("$ ") {
                samples.append(DocumentedSample(command: String(line.dropFirst(2)), shown: [], line: index + 1))
                inSample = true
            } else if inSample, let last = samples.popLast() {
                samples.append(DocumentedSample(command: last.command, shown: last.shown + [line], line: last.line))
            }
        }
        return samples
    }

    /// `text` with every date, time and change id in it replaced by a placeholder, so that a sample
    /// made on one day compares equal to a run on another: RFC 3339 instants
    /// (`2026-11-23T21:04:05.123+09:00`), dates (`2026-11-23`), ISO weeks (`2026-W48`), times of day
    /// (`21:04`, `21:04:05`), ids (26 characters of Crockford's base 32, which start with the time)
    /// and short ids (their first 10, which `log` shows).
    static func masked(_ text: String) -> String {
        var result = text
        for (pattern, placeholder) in [
            (#"\b[0-9A-HJKMNP-TV-Z]{26}\b"#, "<id>"),
            (#"\b[0-7][0-9A-HJKMNP-TV-Z]{9}\b"#, "<short id>"),
            (#"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?([+-]\d{2}:\d{2}|Z)?"#, "<instant>"),
            (#"\d{4}-W\d{2}"#, "<week>"),
            (#"\d{4}-\d{2}-\d{2}"#, "<date>"),
            (#"\d{2}:\d{2}(:\d{2})?"#, "<time>"),
        ] {
            result = result.replacingOccurrences(of: pattern, with: placeholder, options: .regularExpression)
        }
        return result
    }

    /// A page without the heading a test reads.
    struct Missing: Error, CustomStringConvertible {
        let page: String
        let heading: String
        var description: String { "\(page) has no heading '\(heading)'" }
    }
}
