import Foundation

/// The `config.xml` a daemon of `SyncthingPair` starts with, made from the one `syncthing generate`
/// wrote, so that every setting not named here keeps Syncthing's own default.
///
/// Syncthing reads an element missing from `config.xml` as zero, not as its default: a folder
/// written without `maxConflicts` kept no conflict copy at all, so a conflict lost one side's change
/// without a trace. So the folder and the peer are made from the generated file's `<defaults>`
/// templates, and the options are the generated ones with a few changed.
struct SyncthingConfiguration {
    /// One daemon's side of the pair.
    struct Side {
        /// Its device ID and name.
        let deviceID: String
        let name: String
        /// Where it keeps the shared folder.
        let folder: URL
        /// The port it listens on for the other daemon, and the one its API answers on.
        let listenPort: UInt16
        let apiPort: UInt16
        let apiKey: String
    }

    /// The folder's ID, the same on both daemons.
    let folderID: String
    /// The settings of `<options>` changed from the generated ones: everything stays on 127.0.0.1.
    static func changedOptions(listenPort: UInt16) -> [(String, String)] {
        [
            ("listenAddress", "tcp://127.0.0.1:\(listenPort)"), ("globalAnnounceEnabled", "false"),
            ("localAnnounceEnabled", "false"), ("relaysEnabled", "false"), ("natEnabled", "false"),
            ("startBrowser", "false"), ("urAccepted", "-1"), ("autoUpgradeIntervalH", "0"),
            ("crashReportingEnabled", "false"), ("reconnectionIntervalS", "1"), ("restartOnWakeup", "false"),
            ("setLowPriority", "false"), ("minHomeDiskFree", "0"), ("announceLANAddresses", "false"),
        ]
    }

    /// The configuration for `side`, sharing the folder with `peer`, from the `generated` text; the
    /// peer's address is given only when `dialingPeer`, else it is `dynamic`, which finds nothing.
    ///
    /// - Throws: `Failure` naming the part the generated file lacks.
    func text(for side: Side, peer: Side, dialingPeer: Bool, generated: String) throws -> String {
        let defaults = try Self.element("defaults", in: generated)
        var folder = try Self.element("folder", in: defaults)
        guard let folderEnd = defaults.range(of: "</folder>") else {
            throw Failure(description: "config.xml from syncthing generate has no folder in its <defaults>")
        }
        var device = try Self.element("device", in: String(defaults[folderEnd.upperBound...]))
        var options = try Self.element("options", in: generated)

        for (name, value) in [
            ("id", folderID), ("label", folderID), ("path", Self.escaped(side.folder.path)), ("type", "sendreceive"),
            ("rescanIntervalS", "2"), ("fsWatcherEnabled", "true"), ("fsWatcherDelayS", "1"),
        ] {
            try Self.setAttribute(name, to: value, in: &folder)
        }
        let peerInFolder = "<device id=\"\(peer.deviceID)\" introducedBy=\"\"></device>"
        try Self.insert(peerInFolder, before: "<minDiskFree", in: &folder)
        try Self.setElement("minDiskFree", to: "0", in: &folder)

        try Self.setAttribute("id", to: side.deviceID, in: &device)
        let ownDevice = device.replacingOccurrences(of: "<device id=", with: "<device name=\"\(side.name)\" id=")
        var peerDevice = device
        try Self.setAttribute("id", to: peer.deviceID, in: &peerDevice)
        peerDevice = peerDevice.replacingOccurrences(of: "<device id=", with: "<device name=\"\(peer.name)\" id=")
        try Self.setElement("address", to: dialingPeer ? "tcp://127.0.0.1:\(peer.listenPort)" : "dynamic", in: &peerDevice)

        for (name, value) in Self.changedOptions(listenPort: side.listenPort) {
            try Self.setElement(name, to: value, in: &options)
        }
        let gui = """
            <gui enabled="true" tls="false" debugging="false"><address>127.0.0.1:\(side.apiPort)</address>\
            <apikey>\(side.apiKey)</apikey><theme>default</theme></gui>
            """
        let version = try Self.attribute("version", of: try Self.element("configuration", in: generated))
        return ["<configuration version=\"\(version)\">", folder, ownDevice, peerDevice, gui, options, defaults,
            "</configuration>", ""].joined(separator: "\n")
    }

    /// Why the generated file could not be made into the pair's.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    // MARK: - Editing the XML text

    /// The first element `name` in `text`, from its opening tag to its closing one.
    static func element(_ name: String, in text: String) throws -> String {
        guard let start = openingTag(name, in: text), let end = text.range(of: "</\(name)>", range: start.lowerBound..<text.endIndex)
        else { throw Failure(description: "config.xml from syncthing generate has no <\(name)> element") }
        return String(text[start.lowerBound..<end.upperBound])
    }

    /// The value of `name` in `element`'s opening tag.
    private static func attribute(_ name: String, of element: String) throws -> String {
        let tagEnd = element.firstIndex(of: ">") ?? element.endIndex
        guard let start = element.range(of: " \(name)=\"", range: element.startIndex..<tagEnd),
            let end = element[start.upperBound...].firstIndex(of: "\"")
        else { throw Failure(description: "config.xml from syncthing generate has no \(name) in \(element.prefix(60))") }
        return String(element[start.upperBound..<end])
    }

    /// Sets the attribute `name` of `element`'s opening tag to `value` (already escaped).
    private static func setAttribute(_ name: String, to value: String, in element: inout String) throws {
        let old = try attribute(name, of: element)
        guard let range = element.range(of: " \(name)=\"\(old)\"") else { return }
        element.replaceSubrange(range, with: " \(name)=\"\(value)\"")
    }

    /// Sets the text of the first element `name` inside `block` to `value`, keeping its attributes.
    private static func setElement(_ name: String, to value: String, in block: inout String) throws {
        guard let start = openingTag(name, in: block), let end = block.range(of: "</\(name)>", range: start.upperBound..<block.endIndex)
        else { throw Failure(description: "config.xml from syncthing generate has no <\(name)> in \(block.prefix(40))") }
        block.replaceSubrange(start.upperBound..<end.lowerBound, with: value)
    }

    /// The whole opening tag of the first element `name` in `text` (`<name>` or `<name attributes…>`).
    private static func openingTag(_ name: String, in text: String) -> Range<String.Index>? {
        var from = text.startIndex
        while let found = text.range(of: "<\(name)", range: from..<text.endIndex) {
            if let next = text[found.upperBound...].first, next == ">" || next == " ",
                let close = text[found.upperBound...].firstIndex(of: ">")
            {
                return found.lowerBound..<text.index(after: close)
            }
            from = found.upperBound
        }
        return nil
    }

    private static func insert(_ addition: String, before marker: String, in block: inout String) throws {
        guard let range = block.range(of: marker) else {
            throw Failure(description: "config.xml from syncthing generate has no \(marker) in its folder defaults")
        }
        block.insert(contentsOf: addition + "\n", at: range.lowerBound)
    }

    /// `text` with XML's five special characters escaped.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;")
    }
}
