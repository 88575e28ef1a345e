@testable import EmotionsCLI
import Testing

/// RFC 4180 records: plain fields as they are, the others quoted with their quotes doubled, CR LF after each.
@Suite struct CSVRecordTests {
    @Test func plainFieldsAreJoinedByCommasAndEndWithCRLF() {
        #expect(CSVRecord.line(["at", "2026-11-23", "-3", "", "😄 ça va"]) == "at,2026-11-23,-3,,😄 ça va\r\n")
    }

    @Test func aFieldWithACommaQuoteOrLineBreakIsQuotedAndItsQuotesDoubled() {
        #expect(CSVRecord.escaped("a,b") == "\"a,b\"")
        #expect(CSVRecord.escaped("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVRecord.escaped("\"") == "\"\"\"\"")
        #expect(CSVRecord.escaped("two\nlines") == "\"two\nlines\"")
        #expect(CSVRecord.escaped("cr\rhere") == "\"cr\rhere\"")
        #expect(CSVRecord.escaped("no quotes needed: 'x' ;") == "no quotes needed: 'x' ;")
        #expect(CSVRecord.line(["a", "b,c", ""]) == "a,\"b,c\",\r\n")
    }
}
