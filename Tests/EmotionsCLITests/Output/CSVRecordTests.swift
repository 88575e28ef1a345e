@testable import EmotionsCLI
import Testing

/// RFC 4180 records: plain fields as they are, the others quoted with their quotes doubled, CR LF after each.
@Suite struct CSVRecordTests {
    @Test func plainFieldsAreJoinedByCommasAndEndWithCRLF() {
        expect(CSVRecord.line(["at", "2026-11-23", "-3", "", "😄 ça va"]), equals: "at,2026-11-23,-3,,😄 ça va\r\n")
    }

    @Test func aFieldWithACommaQuoteOrLineBreakIsQuotedAndItsQuotesDoubled() {
        expect(CSVRecord.escaped("a,b"), equals: "\"a,b\"")
        expect(CSVRecord.escaped("say \"hi\""), equals: "\"say \"\"hi\"\"\"")
        expect(CSVRecord.escaped("\""), equals: "\"\"\"\"")
        expect(CSVRecord.escaped("two\nlines"), equals: "\"two\nlines\"")
        expect(CSVRecord.escaped("cr\rhere"), equals: "\"cr\rhere\"")
        expect(CSVRecord.escaped("no quotes needed: 'x' ;"), equals: "no quotes needed: 'x' ;")
        expect(CSVRecord.line(["a", "b,c", ""]), equals: "a,\"b,c\",\r\n")
    }
}
