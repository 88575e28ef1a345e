@testable import EmotionKit
import Testing

/// Reading /etc/passwd by hand, as the static binary must.
@Suite struct UserDatabaseTests {
    @Test func readsNamesIDsAndHomesAndSkipsWhatIsNoEntry() {
        let database = UserDatabase(parsing: """
            root:x:0:0:root:/root:/bin/bash
            # a comment
            +@netgroup::::::

            me:x:1000:1000:Me,,,:/home/me:/bin/sh
            broken:x:notanumber:0::/nowhere:/bin/sh
            short:x:7
            again:x:1000:1000::/home/again:/bin/sh
            """)
        expect(database.entry(for: 0)?.home, equals: "/root")
        expect(database.entry(for: 1000), equals: UserDatabase.Entry(name: "me", id: 1000, home: "/home/me"))
        expect(database.entries.map(\.name), equals: ["root", "me", "again"])
        expect(database.entry(for: 7), equals: nil)
    }

    @Test func theSystemsFileNamesRootAndOwnersAreDescribedByName() {
        expect(UserDatabase.system().entry(for: 0)?.name, equals: "root")
        expect(UserDatabase.describe(0), equals: "user 0 (root)")
        expect(UserDatabase.describe(4_000_000_000), equals: "user 4000000000")
    }
}
