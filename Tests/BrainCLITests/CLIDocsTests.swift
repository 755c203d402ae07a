import Foundation
import Testing
@testable import BrainCLI

/// docs/CLI.md holds the help of every command, word for word (scripts/cli-reference.sh regenerates it).
@Suite struct CLIDocsTests {
    static let document = (try? String(contentsOfFile: TestVault.packageRoot + "/docs/CLI.md", encoding: .utf8)) ?? ""

    @Test(arguments: BrainCLI.commands.map { $0.spec.name }.filter { !$0.hasPrefix("_") })
    func referenceHasTheCommandsHelp(name: String) throws {
        let command = try #require(BrainCLI.command(named: name))
        #expect(Self.document.contains(HelpCommand.help(for: command.spec)),
                "docs/CLI.md is out of date for \(name): run scripts/cli-reference.sh")
    }

    @Test func everyCommandIsInTheReadme() throws {
        let readme = try String(contentsOfFile: TestVault.packageRoot + "/README.md", encoding: .utf8)
        for command in BrainCLI.commands.map({ $0.spec.name }) where !command.hasPrefix("_") && command != "help" {
            #expect(readme.contains(command), "README.md does not mention \(command)")
        }
    }
}
