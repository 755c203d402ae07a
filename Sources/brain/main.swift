import BrainCLI
print("brain \(BrainCLI.version)")
