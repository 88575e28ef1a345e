extension String {
    /// `value` in decimal, `-` first if negative, with zeros before its digits to make at least
    /// `minimumDigits` of them: `String(decimal: 7, minimumDigits: 2)` is `07`.
    ///
    /// Written digit by digit: `String(_:)` of an integer goes through the standard library's generic
    /// conversion, whose code a tap would fault in from three places of its own (about 30 numbers a
    /// tap: the journal line, its times, the data file, the change line).
    package init(decimal value: Int, minimumDigits: Int = 1) {
        self.init(decimalMagnitude: UInt64(value.magnitude), negative: value < 0, minimumDigits: minimumDigits)
    }

    /// `value` in decimal, with zeros before its digits to make at least `minimumDigits` of them.
    package init(decimal value: UInt64, minimumDigits: Int = 1) {
        self.init(decimalMagnitude: value, negative: false, minimumDigits: minimumDigits)
    }

    private init(decimalMagnitude magnitude: UInt64, negative: Bool, minimumDigits: Int) {
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        // UInt64.max has 20 digits: more padding than that is not asked for anywhere.
        let length = Swift.max(digits, Swift.min(minimumDigits, 20)) + (negative ? 1 : 0)
        self.init(unsafeUninitializedCapacity: length) { buffer in
            var rest = magnitude
            var index = length
            let first = negative ? 1 : 0
            while index > first {
                index -= 1
                buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            if negative { buffer[0] = UInt8(ascii: "-") }
            return length
        }
    }
}
