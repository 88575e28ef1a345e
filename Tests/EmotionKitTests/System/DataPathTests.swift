import Testing
@testable import EmotionKit

struct DataPathTests {
    @Test(arguments: [
        ("mood.json", "."), ("/mood.json", "/"), ("/home/me/mood.json", "/home/me"), ("a/b", "a"),
        ("./mood.json", "."), ("a//b", "a/"),
    ])
    func theFolderIsWhatComesBeforeTheLastSlash(path: String, folder: String) {
        expect(DataPath(path).folder, equals: DataPath(folder))
    }

    @Test(arguments: [
        ("mood.json", "hooks"), ("./mood.json", "./hooks"), ("/mood.json", "/hooks"), ("a/b", "a/hooks"),
        ("a//b", "a//hooks"), ("a/", "a/hooks"), ("//mood.json", "/hooks"), ("///mood.json", "///hooks"),
    ])
    func aSiblingKeepsTheFolderAsWritten(path: String, sibling: String) {
        expect(DataPath(path).sibling(named: "hooks"), equals: DataPath(sibling))
    }

    @Test(arguments: [
        (".", "mood.json", "mood.json"), ("", "mood.json", "mood.json"), ("/", "mood.json", "/mood.json"),
        ("/home/me", "mood.json", "/home/me/mood.json"), ("/home/me/", "x", "/home/me/x"),
        ("/home/me", ".", "/home/me"), ("/home/me", "/etc/x", "/etc/x"), ("a", "../b", "a/../b"),
    ])
    func appendingJoinsWithOneSlashAndKeepsAbsoluteNamesWhole(folder: String, name: String, joined: String) {
        expect(DataPath(folder).appending(name), equals: DataPath(joined))
    }

    @Test func componentsLeaveOutEmptyNamesButKeepDots() {
        expect(DataPath("/home//me/./x/").components, equals: ["home", "me", ".", "x"])
        expect(DataPath("/").components, equals: [])
    }

    @Test func onlyAPathFromTheRootIsAbsolute() {
        #expect(DataPath("/x").isAbsolute)
        #expect(!DataPath("x/y").isAbsolute)
        #expect(!DataPath("").isAbsolute)
    }

    @Test(arguments: [
        (".", "x", "./x"), ("/", "x", "/x"), ("a", "x", "a/x"), ("a/", "x", "a/x"), ("", "x", "./x"),
        ("/home/me", "..", "/home/me/.."),
    ])
    func aChildIsAlwaysWrittenWithItsFolder(folder: String, name: String, joined: String) {
        expect(DataPath(folder).child(name), equals: DataPath(joined))
    }
}
