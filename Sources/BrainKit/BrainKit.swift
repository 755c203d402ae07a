// BrainKit: the whole library in one import, for clients that want everything (the command line,
// an app). A client that needs less imports the modules it uses: BrainFormat to read and write the
// files, BrainAnalytics for the numbers, BrainStore for a vault on disk, BrainInterchange for
// import, export and tracking, BrainGit for sync. See docs/ARCHITECTURE.md.
@_exported import BrainFormat
@_exported import BrainAnalytics
@_exported import BrainStore
@_exported import BrainInterchange
@_exported import BrainGit
