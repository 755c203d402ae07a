#!/usr/bin/env python3
"""Raw DEFLATE streams (RFC 1951) of sample.txt made by zlib with every block type: stored
(level 0), fixed Huffman codes (Z_FIXED), dynamic codes (level 9), Huffman only and run-length
(overlapping copies). Run from this folder; Inflate's tests decode each back to sample.txt."""
import zlib

lines = []
for i in range(400):
    lines.append(f"{i:04d} Wake up early, read 20 pages — café, 日本語, \"quoted\"; " + "ab" * (i % 7) + "\n")
text = "".join(lines).encode("utf-8") + bytes(range(256)) + b"z" * 3000
open("sample.txt", "wb").write(text)
for name, level, strategy in [("stored", 0, zlib.Z_DEFAULT_STRATEGY), ("fixed", 6, zlib.Z_FIXED),
                              ("dynamic", 9, zlib.Z_DEFAULT_STRATEGY), ("huffman", 6, zlib.Z_HUFFMAN_ONLY),
                              ("rle", 6, zlib.Z_RLE)]:
    c = zlib.compressobj(level, zlib.DEFLATED, -15, 9, strategy)
    open(f"sample.{name}.deflate", "wb").write(c.compress(text) + c.flush())
