import Foundation
import Testing

/// The samples the README's tour and the usage page show, run in order on a fresh tally by the
/// built binary and compared with what it prints, dates, times and ids masked on both sides: so that
/// the pages and the tool cannot drift apart. See `DocumentedSample` for which lines are samples and
/// `SampleRunner` for how each runs.
struct DocumentationSampleTests {
    /// Runs the samples of `page` under `heading` in one sandbox, at about midday local time (so that
    /// `yesterday`, `2d` and the days of `--by day` mean the same whenever the test runs), in English,
    /// without colour and at 80 columns, as the samples are shown.
    private func expectSamplesPrintWhatTheyShow(in page: String, under heading: String) async throws {
        let samples = try DocumentedSample.samples(in: page, under: heading)
        #expect(samples.count >= 10, "\(page) under '\(heading)' has \(samples.count) samples")
        let runner = try SampleRunner(environment: ["TZ": MiddayZone.tz(), "LANG": "C.UTF-8"])
        for sample in samples {
            let result = try await runner.run(sample)
            let shown = result.shown.map(DocumentedSample.masked), printed = result.printed.map(DocumentedSample.masked)
            #expect(
                printed == shown,
                "\(page), \(sample), shows:\n\(shown.joined(separator: "\n"))\nbut printed:\n\(printed.joined(separator: "\n"))")
        }
    }

    @Test func theReadmesTourPrintsWhatItShows() async throws {
        try await expectSamplesPrintWhatTheyShow(in: "README.md", under: "## A tour")
    }

    @Test func theUsagePagesSamplesPrintWhatTheyShow() async throws {
        try await expectSamplesPrintWhatTheyShow(in: "Documentation/Usage.md", under: "# Using emotions")
    }
}
