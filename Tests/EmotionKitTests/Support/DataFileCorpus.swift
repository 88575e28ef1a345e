/// Data files to start mutating from: ones the tool writes or accepts, and ones that are nearly right.
///
/// Valid files sit one small edit away from most of the ways a file can be refused, so mutating them
/// reaches far more of the reader than random bytes do.
enum DataFileCorpus {
    /// Files the reader accepts.
    static let valid = validTexts.map { Array($0.utf8) }
    /// Files the reader refuses, each for a different reason, one or two edits from valid.
    static let nearlyValid = nearlyValidTexts.map { Array($0.utf8) } + rawBytes
    /// Every file above.
    static let all = valid + nearlyValid

    private static let validTexts = [
        """
        {
          "version": 1,
          "counts": {
            "happy": 3,
            "smile": 0,
            "neutral": 12,
            "upset": 1,
            "sad": 7
          }
        }

        """,
        #"{"version": 1, "counts": {"happy": 3, "sad": 1}}"#,
        #"{"counts":{"smile":2},"version":1}"#,
        "{}",
        " \n{ }\n ",
        #"{"version": 1}"#,
        #"{"counts": {}}"#,
        #"{"version": 1, "counts": {"happy": 9223372036854775807}}"#,
        #"{"version": 1, "counts": {"happy": 9223372036854775806, "sad": 1}}"#,
        #"{"version": 1, "counts": {"neutral": -0, "upset": 0}}"#,
        #"{"note": {"keep": [1.50, "x", null, true, false]}, "counts": {"angry": 4, "happy": 1}, "version": 1}"#,
        #"{"version": 1, "counts": {"happy": 1, "h\u00e4ppy": "x", "😄": [1e999]}, "é": "e\u0301"}"#,
        #"{"version": 1, "counts": {"sad": 2}, "history": [{"at": "2024-01-01", "emotion": "sad\n\t\"\\\/"}]}"#,
        #"{"version": 1, "counts": {"upset": 5}, "deep": [[[[[[[[[[{"a": [[[[]]]]}]]]]]]]]]]}"#,
        #"{"version": 1, "counts": {"smile": 1}, "\ud83d\ude04": "\u0000\u001f\u007f\u0080\uffff"}"#,
    ]

    private static let nearlyValidTexts = [
        #"{"version": 2, "counts": {"happy": 1}}"#,
        #"{"version": 0, "counts": {}}"#,
        #"{"version": "1", "counts": {}}"#,
        #"{"version": 1.0, "counts": {}}"#,
        #"{"version": 99999999999999999999, "counts": {}}"#,
        #"{"version": 1, "counts": {"happy": -1}}"#,
        #"{"version": 1, "counts": {"happy": 1.5}}"#,
        #"{"version": 1, "counts": {"happy": 1e3}}"#,
        #"{"version": 1, "counts": {"sad": 9223372036854775808}}"#,
        #"{"version": 1, "counts": {"happy": 9223372036854775807, "sad": 1}}"#,
        #"{"version": 1, "counts": {"happy": 1, "happy": 2}}"#,
        #"{"version": 1, "counts": {"happy": "3"}}"#,
        #"{"version": 1, "counts": {"happy": null}}"#,
        #"{"version": 1, "counts": [1, 2]}"#,
        #"{"version": 1, "counts": {"happy": 3"#,
        #"{"version": 1, "counts": {"happy": 3,}}"#,
        #"{"version": 1 "counts": {}}"#,
        #"{"counts": {}} x"#,
        #"{"a": "\ud800"}"#,
        #"{"a": "\x"}"#,
        "[1, 2]",
        #""happy""#,
        "42",
        "null",
        "",
    ]

    /// Refused files no `String` literal can hold: a byte order mark, invalid UTF-8, raw control bytes.
    private static let rawBytes: [[UInt8]] = [
        [0xEF, 0xBB, 0xBF] + Array(#"{"version": 1, "counts": {"happy": 1}}"#.utf8),
        Array(#"{"version": 1, "counts": {"ha"#.utf8) + [0xC0, 0xAF] + Array(#"ppy": 1}}"#.utf8),
        Array(#"{"note": ""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8),
        Array(#"{"note": ""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8),
        Array(#"{"note": ""#.utf8) + [0x09, 0x00] + Array(#""}"#.utf8),
        Array(#"{"note": ""#.utf8) + [0xC3],
    ]
}
