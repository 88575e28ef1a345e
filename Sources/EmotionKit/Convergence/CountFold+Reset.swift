extension CountFold {
    /// Takes back from `emotion` what every folded node `seen` covers (and no reset took back yet),
    /// then floors the count at 0; returns what the floor added, the reset's own contribution.
    ///
    /// `seen` is a version vector (seq + 1 per history, 0 for nothing): it covers address (h, s)
    /// when s < seen[h], so a history's base (seq 0) once anything of it is known. The floor adds
    /// only when a change the reset had not seen took away more than the reset left: remembered,
    /// a later reset that has seen this one takes it back too, as model.md's rule alone would not
    /// (that reset, having seen everything, would show what the floor added rather than 0).
    mutating func reset(_ emotion: Emotion, seen: [UInt64]) -> Int {
        var takenBack: Int128 = 0
        let histories = book.historyCount
        for history in 0..<histories where seen[history] > 0 {
            let list = book.lists[history]
            let slot = emotion.index * histories + history
            var position = walked[slot]
            while position < list.count, book.addressSeq[Int(list[position])] < seen[history] {
                takenBack += takeBack(emotion, at: list[position], remember: true)
                position += 1
            }
            walked[slot] = position
        }
        if !coveredEarly[emotion.index].isEmpty {
            var kept: [Int32] = []
            for address in coveredEarly[emotion.index] {
                let node = Int(book.addressNode[Int(address)])
                guard folded[node] else { kept.append(address); continue }
                if book.addressSeq[Int(address)] < seen[Int(book.addressHistory[Int(address)])] {
                    takenBack += takeBack(emotion, at: address, remember: false)
                } else {
                    kept.append(address)
                }
            }
            coveredEarly[emotion.index] = kept
        }
        let left = Int128(counts[emotion.index]) - takenBack
        let count = max(0, min(Int128(Int.max), left))
        counts[emotion.index] = Int(count)
        return Int(clamping: count - left)
    }

    /// What the node at `address` added to `emotion` and was not taken back yet, now taken back; a
    /// node not folded yet (only past a broken cycle) is remembered for later resets if `remember`.
    private mutating func takeBack(_ emotion: Emotion, at address: Int32, remember: Bool) -> Int128 {
        let node = Int(book.addressNode[Int(address)])
        guard folded[node] else {
            if remember { coveredEarly[emotion.index].append(address) }
            return 0
        }
        if node < baseCount {
            let slot = node * Emotion.allCases.count + emotion.index
            defer { baseContribution[slot] = 0 }
            return Int128(baseContribution[slot])
        }
        guard nodeEmotion[node] == emotion.index else { return 0 }
        defer { contribution[node - baseCount] = 0 }
        return Int128(contribution[node - baseCount])
    }

    /// The join of the rows of `histories` (indices): what a node with addresses in them had seen.
    func seenVector(rows histories: [Int]) -> [UInt64] {
        let count = book.historyCount
        var seen = Array(rows[histories[0] * count..<(histories[0] + 1) * count])
        for history in histories.dropFirst() {
            for index in 0..<count { seen[index] = max(seen[index], rows[history * count + index]) }
        }
        return seen
    }

    /// Raises entry `index` of `row` to at least `value`.
    mutating func raise(row: Int, at index: Int, to value: UInt64) {
        let slot = row * book.historyCount + index
        rows[slot] = max(rows[slot], value)
    }

    /// Joins the copy of a row starting at `start` in `copies` into `row`.
    mutating func join(row: Int, copyAt start: Int) {
        let count = book.historyCount
        for index in 0..<count {
            rows[row * count + index] = max(rows[row * count + index], copies[start + index])
        }
    }

    /// Copies `row` for `address` if a mark names that address.
    mutating func copyRowIfMarked(address: Int32, row: Int) {
        guard copyStart[Int(address)] == -2 else { return }
        copyStart[Int(address)] = Int32(copies.count)
        let count = book.historyCount
        copies.append(contentsOf: rows[row * count..<(row + 1) * count])
    }
}
