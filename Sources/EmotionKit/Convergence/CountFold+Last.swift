extension CountFold {
    /// What folding an event last needs: the addresses its marks name whose rows are not copied yet
    /// (each the last of its history, so its row is that history's row now).
    struct LastPlan {
        /// (address, history index) pairs whose row to copy first.
        fileprivate var copies: [(address: Int32, history: Int)] = []
    }

    /// How to fold `event` (of history index `history`) as the last node, or `nil` if it is not
    /// after everything held: its seq is not past its history's last, or what it had seen (its
    /// history's row and what its marks name) misses something held, or a mark names an address
    /// whose row was not kept. Changes nothing.
    func planLast(_ event: HistoryEvent, history: Int) -> LastPlan? {
        let count = book.historyCount
        guard !hadCycle, let last = book.lists[history].last, book.addressSeq[Int(last)] < event.seq else { return nil }
        var plan = LastPlan()
        var row = Array(rows[history * count..<(history + 1) * count])
        for mark in event.after {
            guard let markHistory = book.historyIndex[mark.history] else { continue }
            row[markHistory] = max(row[markHistory], mark.seq + 1)
            guard let target = book.address(in: markHistory, upTo: mark.seq) else { continue }
            let seen: ArraySlice<UInt64>
            if copyStart[Int(target)] >= 0 {
                let start = Int(copyStart[Int(target)])
                seen = copies[start..<start + count]
            } else if target == book.lists[markHistory].last {
                seen = rows[markHistory * count..<(markHistory + 1) * count]
                plan.copies.append((target, markHistory))
            } else {
                return nil
            }
            for (index, value) in zip(0..<count, seen) { row[index] = max(row[index], value) }
        }
        row[history] = max(row[history], event.seq + 1)
        for other in 0..<count {
            guard let otherLast = book.lists[other].last, book.addressSeq[Int(otherLast)] < row[other] else { return nil }
        }
        return plan
    }

    /// Folds `event` as node `node`, the last, as `plan` (from `planLast` on this fold) says: the
    /// same steps a recount takes for the last node, since a recount would place it last.
    mutating func foldLast(_ event: HistoryEvent, node: Int32, history: Int, plan: LastPlan, stands: Bool) {
        for copy in plan.copies where copyStart[Int(copy.address)] < 0 {
            copyStart[Int(copy.address)] = -2
            copyRowIfMarked(address: copy.address, row: copy.history)
        }
        book.add(node: node, history: history, seq: event.seq)
        copyStart.append(-1)
        contribution.append(0)
        nodeEmotion.append(0)
        folded.append(false)
        foldEvent(event, node: node, stands: stands)
    }
}
