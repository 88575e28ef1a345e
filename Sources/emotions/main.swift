import CRuntimeSettings
import EmotionKit
import EmotionsCLI

emotions_restoreEnvironment()
StandardDescriptors.reopenClosed()
Syscall.exit(CLI(ProcessInput.current(), terminal: .standard).run())
