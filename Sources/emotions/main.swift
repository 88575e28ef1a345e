import CRuntimeSettings
import EmotionKit
import EmotionsCLI

emotions_restoreEnvironment()
StandardDescriptors.reopenClosed()
// The commands scripts run most, made from the data file's bytes where it is plainest (QuickStats, QuickTap).
if let status = QuickStats.answer() ?? QuickTap.answer() { Syscall.exit(status) }
Syscall.exit(CLI(ProcessInput.current(), terminal: .standard).run())
