/// Files made by the release before issue 23 (commit 123e368, `emotions` 0.1.0), kept byte for byte: a
/// history on one machine ("main": taps, a tap of two with a note, add, reset, undo, redo, undo, a
/// backdated tap, add and its undo, an import of the other machine's export, a tap) and the other
/// machine's ("other": tap of two, add with a note, reset), with the exports each made. Made with:
///
/// ```
/// XDG_CONFIG_HOME=other: tap happy sad; add smile 2 --note "from the other machine"; reset sad; export
/// XDG_CONFIG_HOME=main:  tap happy; tap happy smile --note 'lunch "with" friends'; add sad 3; reset happy;
///                        undo; redo; undo; tap neutral --at 2026-11-20T09:30; add upset 2; undo;
///                        import other.jsonl; tap sad; export
/// ```
enum V1Fixtures {
    /// main's data file.
    static let mainDataFile = #"""
{
  "version": 1,
  "counts": {
    "happy": 3,
    "smile": 3,
    "neutral": 1,
    "upset": 0,
    "sad": 5
  },
  "journal": {"seq": 15, "bytes": 3119, "latest": 1795704695399}
}
"""#
    /// main's journal.
    static let mainJournal = #"""
{"history":1,"at":"2026-11-26T14:51:33.346+00:00","before":{"happy":0,"smile":0,"neutral":0,"upset":0,"sad":0}}
{"id":"01M8C5E8K22VJV3SXCVW33Q8NS","at":"2026-11-26T14:51:33.346+00:00","command":"tap","emotion":"happy","old":0,"new":1,"seq":1,"group":"01M8C5E8K22VJV3SXCVW33Q8NS"}
{"id":"01M8C5E8KVGJSTYC5J1A0M2X4X","at":"2026-11-26T14:51:33.371+00:00","command":"tap","emotion":"happy","old":1,"new":2,"note":"lunch \"with\" friends","seq":2,"group":"01M8C5E8KVGJSTYC5J1A0M2X4X","events":2}
{"id":"01M8C5E8KV8ZTFVCSSHQNERD4F","at":"2026-11-26T14:51:33.371+00:00","command":"tap","emotion":"smile","old":0,"new":1,"note":"lunch \"with\" friends","seq":3,"group":"01M8C5E8KVGJSTYC5J1A0M2X4X"}
{"id":"01M8C5E8MKEVVA36E99WK3XSJ5","at":"2026-11-26T14:51:33.395+00:00","command":"add","emotion":"sad","old":0,"new":3,"seq":4,"group":"01M8C5E8MKEVVA36E99WK3XSJ5"}
{"id":"01M8C5E8P2NN2A9QBY6FBVBVAB","at":"2026-11-26T14:51:33.442+00:00","command":"reset","emotion":"happy","old":2,"new":0,"seq":5,"group":"01M8C5E8P2NN2A9QBY6FBVBVAB"}
{"id":"01M8C5E8PZ4VSDSAKKEVBE8EBD","at":"2026-11-26T14:51:33.471+00:00","command":"undo","emotion":"happy","old":0,"new":2,"seq":6,"group":"01M8C5E8PZ4VSDSAKKEVBE8EBD","reverts":"01M8C5E8P2NN2A9QBY6FBVBVAB"}
{"id":"01M8C5E8QETGBEWEVAP8P29E5H","at":"2026-11-26T14:51:33.486+00:00","command":"redo","emotion":"happy","old":2,"new":0,"seq":7,"group":"01M8C5E8QETGBEWEVAP8P29E5H","reverts":"01M8C5E8P2NN2A9QBY6FBVBVAB"}
{"id":"01M8C5E8R4EHVKJMEJH13XEZEZ","at":"2026-11-26T14:51:33.508+00:00","command":"undo","emotion":"happy","old":0,"new":2,"seq":8,"group":"01M8C5E8R4EHVKJMEJH13XEZEZ","reverts":"01M8C5E8P2NN2A9QBY6FBVBVAB"}
{"id":"01M8C5E8RXKZVWS59XRZQDVN1D","at":"2026-11-20T09:30:00.000+00:00","command":"tap","emotion":"neutral","old":0,"new":1,"seq":9,"group":"01M8C5E8RXKZVWS59XRZQDVN1D","recorded":"2026-11-26T14:51:33.533+00:00"}
{"id":"01M8C5E8SKHQ9EA94JCPSXCB0D","at":"2026-11-26T14:51:33.555+00:00","command":"add","emotion":"upset","old":0,"new":2,"seq":10,"group":"01M8C5E8SKHQ9EA94JCPSXCB0D"}
{"id":"01M8C5E8T37J6KVHHQ9BXDVETJ","at":"2026-11-26T14:51:33.571+00:00","command":"undo","emotion":"upset","old":2,"new":0,"seq":11,"group":"01M8C5E8T37J6KVHHQ9BXDVETJ","reverts":"01M8C5E8SKHQ9EA94JCPSXCB0D"}
{"id":"01M8C5E8GT1EGXZWSQ22WYNTAC","at":"2026-11-26T14:51:33.274+00:00","command":"tap","emotion":"happy","old":2,"new":3,"seq":12,"group":"01M8C5E8GT1EGXZWSQ22WYNTAC","events":2,"latest":"2026-11-26T14:51:33.571+00:00","block":2242}
{"id":"01M8C5E8GT090YH7XT04SH0XEC","at":"2026-11-26T14:51:33.274+00:00","command":"tap","emotion":"sad","old":3,"new":4,"seq":13,"group":"01M8C5E8GT1EGXZWSQ22WYNTAC","latest":"2026-11-26T14:51:33.571+00:00","block":2242}
{"id":"01M8C5E8HPMYW61S82ZFXDJJSZ","at":"2026-11-26T14:51:33.302+00:00","command":"add","emotion":"smile","old":1,"new":3,"note":"from the other machine","seq":14,"group":"01M8C5E8HPMYW61S82ZFXDJJSZ","latest":"2026-11-26T14:51:33.571+00:00","block":2242}
{"id":"01M8C5EAK73PZ0ZYCWV0CSAZJH","at":"2026-11-26T14:51:35.399+00:00","command":"tap","emotion":"sad","old":4,"new":5,"seq":15,"group":"01M8C5EAK73PZ0ZYCWV0CSAZJH"}
"""#
    /// main's export.
    static let mainExport = #"""
{"id": "01M8C5E8RXKZVWS59XRZQDVN1D", "at": "2026-11-20T09:30:00.000+00:00", "command": "tap", "emotion": "neutral", "old": 0, "new": 1, "recorded": "2026-11-26T14:51:33.533+00:00"}
{"id": "01M8C5E8GT1EGXZWSQ22WYNTAC", "at": "2026-11-26T14:51:33.274+00:00", "command": "tap", "emotion": "happy", "old": 2, "new": 3, "events": 2}
{"id": "01M8C5E8GT090YH7XT04SH0XEC", "at": "2026-11-26T14:51:33.274+00:00", "command": "tap", "emotion": "sad", "old": 3, "new": 4, "group": "01M8C5E8GT1EGXZWSQ22WYNTAC"}
{"id": "01M8C5E8HPMYW61S82ZFXDJJSZ", "at": "2026-11-26T14:51:33.302+00:00", "command": "add", "emotion": "smile", "old": 1, "new": 3, "note": "from the other machine"}
{"id": "01M8C5E8K22VJV3SXCVW33Q8NS", "at": "2026-11-26T14:51:33.346+00:00", "command": "tap", "emotion": "happy", "old": 0, "new": 1}
{"id": "01M8C5E8KVGJSTYC5J1A0M2X4X", "at": "2026-11-26T14:51:33.371+00:00", "command": "tap", "emotion": "happy", "old": 1, "new": 2, "note": "lunch \"with\" friends", "events": 2}
{"id": "01M8C5E8KV8ZTFVCSSHQNERD4F", "at": "2026-11-26T14:51:33.371+00:00", "command": "tap", "emotion": "smile", "old": 0, "new": 1, "note": "lunch \"with\" friends", "group": "01M8C5E8KVGJSTYC5J1A0M2X4X"}
{"id": "01M8C5E8MKEVVA36E99WK3XSJ5", "at": "2026-11-26T14:51:33.395+00:00", "command": "add", "emotion": "sad", "old": 0, "new": 3}
{"id": "01M8C5E8P2NN2A9QBY6FBVBVAB", "at": "2026-11-26T14:51:33.442+00:00", "command": "reset", "emotion": "happy", "old": 2, "new": 0}
{"id": "01M8C5E8PZ4VSDSAKKEVBE8EBD", "at": "2026-11-26T14:51:33.471+00:00", "command": "undo", "emotion": "happy", "old": 0, "new": 2, "reverts": "01M8C5E8P2NN2A9QBY6FBVBVAB"}
{"id": "01M8C5E8QETGBEWEVAP8P29E5H", "at": "2026-11-26T14:51:33.486+00:00", "command": "redo", "emotion": "happy", "old": 2, "new": 0, "reverts": "01M8C5E8P2NN2A9QBY6FBVBVAB"}
{"id": "01M8C5E8R4EHVKJMEJH13XEZEZ", "at": "2026-11-26T14:51:33.508+00:00", "command": "undo", "emotion": "happy", "old": 0, "new": 2, "reverts": "01M8C5E8P2NN2A9QBY6FBVBVAB"}
{"id": "01M8C5E8SKHQ9EA94JCPSXCB0D", "at": "2026-11-26T14:51:33.555+00:00", "command": "add", "emotion": "upset", "old": 0, "new": 2}
{"id": "01M8C5E8T37J6KVHHQ9BXDVETJ", "at": "2026-11-26T14:51:33.571+00:00", "command": "undo", "emotion": "upset", "old": 2, "new": 0, "reverts": "01M8C5E8SKHQ9EA94JCPSXCB0D"}
{"id": "01M8C5EAK73PZ0ZYCWV0CSAZJH", "at": "2026-11-26T14:51:35.399+00:00", "command": "tap", "emotion": "sad", "old": 4, "new": 5}
"""#
    /// other's data file.
    static let otherDataFile = #"""
{
  "version": 1,
  "counts": {
    "happy": 1,
    "smile": 2,
    "neutral": 0,
    "upset": 0,
    "sad": 0
  },
  "journal": {"seq": 4, "bytes": 825, "latest": 1795704693312}
}
"""#
    /// other's journal.
    static let otherJournal = #"""
{"history":1,"at":"2026-11-26T14:51:33.274+00:00","before":{"happy":0,"smile":0,"neutral":0,"upset":0,"sad":0}}
{"id":"01M8C5E8GT1EGXZWSQ22WYNTAC","at":"2026-11-26T14:51:33.274+00:00","command":"tap","emotion":"happy","old":0,"new":1,"seq":1,"group":"01M8C5E8GT1EGXZWSQ22WYNTAC","events":2}
{"id":"01M8C5E8GT090YH7XT04SH0XEC","at":"2026-11-26T14:51:33.274+00:00","command":"tap","emotion":"sad","old":0,"new":1,"seq":2,"group":"01M8C5E8GT1EGXZWSQ22WYNTAC"}
{"id":"01M8C5E8HPMYW61S82ZFXDJJSZ","at":"2026-11-26T14:51:33.302+00:00","command":"add","emotion":"smile","old":0,"new":2,"note":"from the other machine","seq":3,"group":"01M8C5E8HPMYW61S82ZFXDJJSZ"}
{"id":"01M8C5E8J0S3R24P1MM81H6DDN","at":"2026-11-26T14:51:33.312+00:00","command":"reset","emotion":"sad","old":1,"new":0,"seq":4,"group":"01M8C5E8J0S3R24P1MM81H6DDN"}
"""#
    /// other's export, which main imported.
    static let otherExport = #"""
{"id": "01M8C5E8GT1EGXZWSQ22WYNTAC", "at": "2026-11-26T14:51:33.274+00:00", "command": "tap", "emotion": "happy", "old": 0, "new": 1, "events": 2}
{"id": "01M8C5E8GT090YH7XT04SH0XEC", "at": "2026-11-26T14:51:33.274+00:00", "command": "tap", "emotion": "sad", "old": 0, "new": 1, "group": "01M8C5E8GT1EGXZWSQ22WYNTAC"}
{"id": "01M8C5E8HPMYW61S82ZFXDJJSZ", "at": "2026-11-26T14:51:33.302+00:00", "command": "add", "emotion": "smile", "old": 0, "new": 2, "note": "from the other machine"}
{"id": "01M8C5E8J0S3R24P1MM81H6DDN", "at": "2026-11-26T14:51:33.312+00:00", "command": "reset", "emotion": "sad", "old": 1, "new": 0}
"""#
}
