import EmotionKit
import Testing

@Suite struct DataLocationTests {
    private let environment = [
        "HOME": "/home/ana", "XDG_CONFIG_HOME": "/home/ana/.xdg", "EMOTIONS_FILE": "/data/moods.json",
    ]

    @Test func anExplicitPathBeatsEverything() throws {
        try expect(DataLocation.path(explicitPath: "/tmp/x.json", environment: environment), equals: "/tmp/x.json")
    }

    @Test func emotionsFileBeatsTheDefaultPlace() throws {
        try expect(DataLocation.path(environment: environment), equals: "/data/moods.json")
    }

    @Test func xdgConfigHomeIsTheDefaultFolder() throws {
        var environment = environment
        environment["EMOTIONS_FILE"] = nil
        try expect(DataLocation.path(environment: environment), equals: "/home/ana/.xdg/emotions/emotions.json")
    }

    @Test func homeConfigIsTheFallback() throws {
        try expect(DataLocation.path(environment: ["HOME": "/home/ana"]), equals: "/home/ana/.config/emotions/emotions.json")
    }

    @Test func emptyVariablesAndARelativeXDGFolderCountAsUnset() throws {
        let environment = ["HOME": "/home/ana", "EMOTIONS_FILE": "", "XDG_CONFIG_HOME": "relative/config"]
        try expect(DataLocation.path(environment: environment), equals: "/home/ana/.config/emotions/emotions.json")
    }

    @Test func withoutHOMETheUserDatabaseGivesTheHomeFolder() throws {
        let path = try DataLocation.path(environment: [:])
        #expect(path.hasSuffix("/.config/emotions/emotions.json"))
        #expect(path.hasPrefix("/"))
    }
}
