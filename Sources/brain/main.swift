import BrainCLI
import Foundation

exit(BrainCLI.run(Array(CommandLine.arguments.dropFirst()), context: .process()))
