import EmotionKit
import EmotionsCLI

StandardDescriptors.reopenClosed()
Syscall.exit(CLI(ProcessInput.current(), terminal: .standard).run())
