"""A Loop Habit Tracker CSV export zip of DAYS days ending 2026-11-20, as Loop writes it.
Usage: bench/loop-export.py DAYS OUT.zip   (docs/RELIABILITY.md, Loop imports of any size)"""
import datetime, random, sys, zipfile
days, out = int(sys.argv[1]), sys.argv[2]
end = datetime.date(2026, 11, 20)
rng = random.Random(7)
habits = [("001", "Meditate", "YES_NO", "1", "1", "", "", ""),
          ("002", "Read", "NUMERICAL", "1", "1", "pages", "AT_LEAST", "20.0"),
          ("003", "Gym", "YES_NO", "3", "7", "", "", "")]
files = {}
rows = ["Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?"]
for pos, name, kind, num, den, unit, ttype, tval in habits:
    rows.append(f"{pos},{name},{kind},,,{num},{den},#00897B,{unit},{ttype},{tval},false")
    checks, scores = ["Date,Value,Notes"], ["Date,Score"]
    for offset in range(days):
        day = (end - datetime.timedelta(days=offset)).isoformat()
        roll = rng.random()
        if kind == "NUMERICAL":
            value = str(int(rng.random() * 40) * 1000) if roll < 0.8 else "UNKNOWN"
        else:
            value = "YES_MANUAL" if roll < 0.6 else ("SKIP" if roll < 0.65 else "NO")
        checks.append(f"{day},{value},{'a note' if rng.random() < 0.02 else ''}")
        scores.append(f"{day},{rng.random():.4f}")
    files[f"{pos} {name}/Checkmarks.csv"] = "\n".join(checks) + "\n"
    files[f"{pos} {name}/Scores.csv"] = "\n".join(scores) + "\n"
files = {"Habits.csv": "\n".join(rows) + "\n", **files}
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for name, text in files.items():
        z.writestr(name, text)
print(out, days, "days from", end - datetime.timedelta(days=days - 1))
