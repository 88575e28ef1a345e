/// How an import writes what it takes in: ahead of its commit point, a chunk of whole commands at a time.
extension TallyStore {
    /// About how many changes are placed and written at once: enough that the writes cost little, few
    /// enough that their lines take little room.
    static let importChunk = 1_000

    /// Places what sync took in, then `plan`'s union (an import's), and writes their lines to the
    /// journal a chunk of whole commands at a time ahead of the commit point (see `ArrivalAppender`;
    /// `ready` readies the journal before the first), their lines read from the export again, so
    /// that neither the changes nor their lines are ever held all at once. Each chunk is taken into
    /// the model as it is written. Leaves what sync took in, placed, in `plan.commit.arrived`, and the
    /// union's events in `plan.commit.events` only when `keepingEvents` (for observers and hooks).
    ///
    /// Should the process stop before the commit point, the whole commands written are rolled forward
    /// by the next reader, and importing the file again passes over the ids held: nothing is lost,
    /// nothing taken in twice. An update that fails before its commit point cuts them off again.
    @inline(never)
    func writeUnionAhead(
        _ plan: inout EditPlanning, keepingEvents: Bool, reading: inout UpdateReading, sync: inout SyncStep,
        arrivals: inout ArrivalAppender, ready: (inout UpdateReading) throws(StoreError) -> Bool
    ) throws {
        var arrived = sync.arrived
        sync.dropArrived()
        if !arrived.isEmpty { try arrivals.append(&arrived, to: &reading, ready: ready) }
        plan.commit.arrived = arrived
        var kept: [JournalEvent] = []
        sync.makeRoom(forImported: plan.commit.importPlan?.changeCount ?? 0)
        try plan.commit.importPlan?.forEachChunk(of: TallyStore.importChunk) { chunk in
            try arrivals.append(&chunk, to: &reading, ready: ready)
            try sync.takeImported(chunk, journal: reading.journal)
            if keepingEvents { kept += chunk }
        }
        arrivals.finish()
        plan.commit.importPlan?.letGoOfChanges()
        plan.commit.events = kept
    }
}
