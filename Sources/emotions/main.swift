#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EmotionsCLI

let cli = CLI(arguments: Array(CommandLine.arguments.dropFirst()), environment: Environment.current(), terminal: .standard)
exit(cli.run())
