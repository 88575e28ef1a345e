import Foundation

/// The offsets the C library gives, asked in child processes so that this process's `TZ` is never
/// touched: GNU `date -f`, which prints `localtime_r`'s `tm_gmtoff` (`%::z`, `+hh:mm:ss`) for each
/// `@seconds` line of a file, once per zone, one shell for a batch of zones.
enum CLibraryOffsets {
    /// For each `TZ` value of `zones` (no `'` in it), the offset in seconds east of UTC at each of
    /// its instants, in order.
    static func offsets(_ zones: [(tz: String, instants: [Int64])], in folder: TemporaryFolder) throws -> [[Int]] {
        var script = ""
        for (index, zone) in zones.enumerated() {
            let file = folder.file("instants-\(index)")
            try Data(zone.instants.map { "@\($0)\n" }.joined().utf8).write(to: URL(fileURLWithPath: file))
            script += "TZ='\(zone.tz)' date -f '\(file)' +%::z && echo =\n"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return answers(in: [UInt8](data), count: zones.count)
    }

    /// The offsets in `date`'s output, `count` blocks each ended by a line `=`; `Int.min` for a
    /// line that is not an offset. Read byte by byte: it has hundreds of thousands of lines.
    private static func answers(in output: [UInt8], count: Int) -> [[Int]] {
        var blocks: [[Int]] = [[]]
        for line in output.split(separator: UInt8(ascii: "\n")) {
            if line.elementsEqual("=".utf8) {
                blocks.append([])
            } else {
                blocks[blocks.count - 1].append(seconds(String(decoding: line, as: UTF8.self)) ?? Int.min)
            }
        }
        return (0..<count).map { $0 < blocks.count ? blocks[$0] : [] }
    }

    /// `+hh:mm:ss` in seconds, or `nil`.
    private static func seconds(_ text: String) -> Int? {
        let parts = text.dropFirst().split(separator: ":").compactMap { Int($0) }
        guard parts.count == 3, let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let magnitude = parts[0] * 3600 + parts[1] * 60 + parts[2]
        return sign == "-" ? -magnitude : magnitude
    }
}
