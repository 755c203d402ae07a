#!/usr/bin/env python3
"""Zips export/ the way Loop Habit Tracker's HabitsCSVExporter does: java.util.zip's
ZipOutputStream, entries deflated into a stream that cannot seek, so each has a data
descriptor (flag bit 3), in the order Loop writes them (Habits.csv, then each habit's
Scores.csv and Checkmarks.csv). Run from this folder."""
import os, zipfile

class Unseekable:
    def __init__(self, f): self.f = f
    def write(self, b): return self.f.write(b)
    def flush(self): self.f.flush()
    def tell(self): return self.f.tell()

names = ["Habits.csv"]
for folder in sorted(d for d in os.listdir("export") if os.path.isdir(os.path.join("export", d))):
    names += [folder + "/Scores.csv", folder + "/Checkmarks.csv"]
with open("Loop Habits CSV 2026-11-20.zip", "wb") as out:
    with zipfile.ZipFile(Unseekable(out), "w", zipfile.ZIP_DEFLATED) as z:
        for name in names:
            info = zipfile.ZipInfo(name, date_time=(2026, 11, 20, 9, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(os.path.join("export", name), "rb") as f:
                z.writestr(info, f.read())
