/// The tags a read of the journal has met, each once, and the current line's among them: so that
/// `stats --by tag` adds up 100,000 lines without making a string for every tag of every line.
final class TagTable {
    /// The tags met, in the order first met.
    private(set) var names: [Tag] = []
    /// The current line's tags, as places in `names`.
    private(set) var line: [Int] = []
    /// The places in `names` of the tags whose bytes hash to each key.
    private var places: [UInt64: [Int]] = [:]

    /// Makes `words`, a line's tags as written and checked (`"friends","gym"`, or nothing), the current line's.
    func collect(_ words: UnsafeBufferPointer<UInt8>) {
        line.removeAll(keepingCapacity: true)
        var start = 1  // After the first tag's opening quote.
        while start < words.count {
            var end = start
            while end < words.count, words[end] != UInt8(ascii: "\"") { end += 1 }
            line.append(place(of: UnsafeBufferPointer(rebasing: words[start..<end])))
            start = end + 3  // Past `","`.
        }
    }

    /// Makes `tags`, those of a line the full parser read, the current line's.
    func collect(_ tags: [Tag]) {
        line.removeAll(keepingCapacity: true)
        for tag in tags {
            var name = tag.name
            line.append(name.withUTF8 { place(of: $0) })
        }
    }

    /// The place in `names` of the tag `bytes` spell, adding it if it is new.
    private func place(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a.
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        if let candidates = places[hash] {
            for place in candidates where names[place].name.utf8.elementsEqual(bytes) { return place }
        }
        names.append(Tag(checked: String(decoding: bytes, as: UTF8.self)))
        places[hash, default: []].append(names.count - 1)
        return names.count - 1
    }
}
