import CRuntimeSettings
import EmotionKit
import EmotionsCLI

emotions_restoreEnvironment()
StandardDescriptors.reopenClosed()
// The command scripts run most, answered from the data file's bytes where it is plainest (QuickStats).
if let status = QuickStats.answer() { Syscall.exit(status) }
Syscall.exit(CLI(ProcessInput.current(), terminal: .standard).run())
