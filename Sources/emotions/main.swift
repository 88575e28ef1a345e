#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EmotionsCLI

StandardDescriptors.reopenClosed()
exit(CLI(ProcessInput.current(), terminal: .standard).run())
