extension HistoryID {
    /// Reads an id's canonical 26 characters from bytes, as a file name holds them; `nil` for any other bytes.
    package init?(utf8 bytes: some Collection<UInt8>) {
        guard let id = EventID(utf8: bytes) else { return nil }
        self.init(id)
    }
}
