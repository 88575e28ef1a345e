/// More files made by the release before issue 23 (commit 123e368, `emotions` 0.1.0), kept byte for
/// byte, for `import` of its exports (`V1ExportImportTests`). Made with `TZ=UTC`:
///
/// ```
/// XDG_CONFIG_HOME=a: tap happy; tap happy; export > a.jsonl
/// XDG_CONFIG_HOME=b: import a.jsonl; tap sad
/// XDG_CONFIG_HOME=a: tap happy                      (b never sees it)
/// XDG_CONFIG_HOME=b: reset happy; export > b.jsonl  (recorded after a's third tap)
/// XDG_CONFIG_HOME=c: tap happy; reset happy; tap happy --at 2026-11-20T09:30; export > c.jsonl
/// ```
enum V1ImportFixtures {
    /// a's data file, before it imports b.jsonl.
    static let aDataFile = #"""
{
  "version": 1,
  "counts": {
    "happy": 3,
    "smile": 0,
    "neutral": 0,
    "upset": 0,
    "sad": 0
  },
  "journal": {"seq": 3, "bytes": 616, "latest": 1795713902053}
}
"""#
    /// a's journal.
    static let aJournal = #"""
{"history":1,"at":"2026-11-26T17:25:01.984+00:00","before":{"happy":0,"smile":0,"neutral":0,"upset":0,"sad":0}}
{"id":"01M8CE79D062PERSXA5B36B4BY","at":"2026-11-26T17:25:01.984+00:00","command":"tap","emotion":"happy","old":0,"new":1,"seq":1,"group":"01M8CE79D062PERSXA5B36B4BY"}
{"id":"01M8CE79DTJ2JDYSGW72KY8GAX","at":"2026-11-26T17:25:02.010+00:00","command":"tap","emotion":"happy","old":1,"new":2,"seq":2,"group":"01M8CE79DTJ2JDYSGW72KY8GAX"}
{"id":"01M8CE79F5AVQK19XW6FWZBHCN","at":"2026-11-26T17:25:02.053+00:00","command":"tap","emotion":"happy","old":2,"new":3,"seq":3,"group":"01M8CE79F5AVQK19XW6FWZBHCN"}
"""#
    /// b's export: a's first two taps (imported), b's tap of sad, b's reset of happy. b showed happy 0, sad 1.
    static let bExport = #"""
{"id": "01M8CE79D062PERSXA5B36B4BY", "at": "2026-11-26T17:25:01.984+00:00", "command": "tap", "emotion": "happy", "old": 0, "new": 1}
{"id": "01M8CE79DTJ2JDYSGW72KY8GAX", "at": "2026-11-26T17:25:02.010+00:00", "command": "tap", "emotion": "happy", "old": 1, "new": 2}
{"id": "01M8CE79EYTPDXMD6GFZR3X0H0", "at": "2026-11-26T17:25:02.046+00:00", "command": "tap", "emotion": "sad", "old": 0, "new": 1}
{"id": "01M8CE79GZGK6976TRNE6GBQBT", "at": "2026-11-26T17:25:02.111+00:00", "command": "reset", "emotion": "happy", "old": 2, "new": 0}
"""#
    /// c's export, by `at`: the backdated tap first, though it was recorded after the reset. c showed happy 1.
    static let cExport = #"""
{"id": "01M8CE7C7S6XMQ49K6NPMTY97E", "at": "2026-11-20T09:30:00.000+00:00", "command": "tap", "emotion": "happy", "old": 0, "new": 1, "recorded": "2026-11-26T17:25:04.889+00:00"}
{"id": "01M8CE7C6SSAD27C4ZMZ092JC9", "at": "2026-11-26T17:25:04.857+00:00", "command": "tap", "emotion": "happy", "old": 0, "new": 1}
{"id": "01M8CE7C78VK8CMENSGARGT65K", "at": "2026-11-26T17:25:04.872+00:00", "command": "reset", "emotion": "happy", "old": 1, "new": 0}
"""#
}
