import BrainKit

/// Cache files changed by hand under a good checksum: a test that changes a kept text this way
/// and sees the change printed knows the kept file was read, not the vault.
package enum SealedFiles {
    /// `bytes`, a sealed cache file (`VaultIndex.sealed`), with every `old` in its payload
    /// replaced by `new` (of the same length) and sealed again under `magic`; nil when `old` is
    /// not there or the lengths differ.
    package static func resealed(_ bytes: [UInt8], magic: [UInt8], replacing old: String, with new: String) -> [UInt8]? {
        let from = Array(old.utf8), to = Array(new.utf8)
        guard from.count == to.count, bytes.count >= VaultIndex.headerSize else { return nil }
        var payload = Array(bytes[VaultIndex.headerSize...])
        var replaced = 0
        var index = 0
        while index + from.count <= payload.count {
            if payload[index..<(index + from.count)].elementsEqual(from) {
                payload.replaceSubrange(index..<(index + from.count), with: to)
                replaced += 1
                index += from.count
            } else {
                index += 1
            }
        }
        return replaced > 0 ? VaultIndex.sealed(magic, payload: payload).bytes : nil
    }
}
