import Testing
@testable import ReaderMOBI

@Suite("Record table layout")
struct RecordTableLayoutTests {
    @Test("an intact table: each record runs to the next, the last to the end of the file")
    func intact() throws {
        let layout = try #require(RecordTableLayout(starts: [100, 150, 150, 300], dataStart: 100, fileSize: 400))
        #expect(layout.ranges == [100..<150, 150..<150, 150..<300, 300..<400])
        #expect(layout.lost.isEmpty && layout.unknownEnd.isEmpty && layout.damage == nil)
    }

    @Test("one entry out of order loses its record only; the record before it has no known end",
          arguments: [0, 50, 350, 5000])
    func oneEntryLies(start: Int) throws {
        let layout = try #require(RecordTableLayout(starts: [100, 150, start, 250, 300], dataStart: 100, fileSize: 400))
        #expect(layout.ranges == [100..<150, 150..<250, 250..<250, 250..<300, 300..<400])
        #expect(layout.lost == [2])
        #expect(layout.unknownEnd == [1])
        #expect(layout.damage == "1 record table entry lies (record 2 at \(start)) outside the file's 400 bytes or out of order; that record is lost")
    }

    @Test("a cut file: the records past its end are left out, the last one kept has no known end")
    func cutShort() throws {
        let layout = try #require(RecordTableLayout(starts: [100, 150, 250, 450, 500], dataStart: 100, fileSize: 400))
        #expect(layout.ranges == [100..<150, 150..<250, 250..<400])
        #expect(layout.lost.isEmpty)
        #expect(layout.unknownEnd == [2])
        #expect(layout.damage?.hasSuffix("records 3 to 4 are left out") == true)
    }

    @Test("record 0 outside the file or inside the table refuses the file")
    func recordZeroLies() {
        #expect(RecordTableLayout(starts: [90, 150], dataStart: 100, fileSize: 400) == nil)
        #expect(RecordTableLayout(starts: [401, 150], dataStart: 100, fileSize: 400) == nil)
    }
}
