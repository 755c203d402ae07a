"""A large Apple Health export.zip from the records of the shared sample export.xml.

Usage: bench/health-export-sample.py SAMPLE OUT_DIR [TARGET_MB]   (SAMPLE: ../shared/corpora/apple-health-export-sample.xml)
Each day from 2014-09-13 repeats the sample's Record lines (steps, distance) COPIES times, their
times shifted by 8 minutes a copy and their dates by one day a day, plus the sample's Workout;
until export.xml reaches TARGET_MB. Then export.zip holds apple_health_export/export.xml (deflate).
"""
import datetime, re, sys, zipfile
sample, out, target = sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 500
text = open(sample, encoding="utf-8").read()
head = text[: text.index(" <Record")]
records = [l for l in text.splitlines() if l.startswith(" <Record")]
workout = [l for l in text.splitlines() if "<Workout" in l][0]
stamp = re.compile(r'(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) ([+-]\d{4})')
fmt = "%Y-%m-%d %H:%M:%S"
base = datetime.datetime(2014, 9, 13)
def shifted(line, delta):
    return stamp.sub(lambda m: (datetime.datetime.strptime(m.group(1), fmt) + delta).strftime(fmt) + " " + m.group(2), line)
copies = 75
size = 0
days = 0
with open(out + "/export.xml", "w", encoding="utf-8") as f:
    f.write(head)
    size += len(head)
    while size < target * 1_000_000:
        day_delta = datetime.timedelta(days=days)
        # the sample's steps fall on 2014-09-13, distances on 2014-09-20: bring both to the same day
        chunk = []
        for copy in range(copies):
            delta = day_delta + datetime.timedelta(minutes=8 * copy)
            for line in records:
                d = delta - datetime.timedelta(days=7) if "Distance" in line else delta
                chunk.append(shifted(line, d))
        chunk.append(shifted(workout, day_delta - datetime.timedelta(days=(datetime.datetime(2016, 4, 2) - base).days)))
        block = "\n".join(chunk) + "\n"
        f.write(block)
        size += len(block)
        days += 1
    f.write("</HealthData>\n")
with zipfile.ZipFile(out + "/export.zip", "w", zipfile.ZIP_DEFLATED) as archive:
    archive.write(out + "/export.xml", "apple_health_export/export.xml")
print(f"{size} bytes, {days} days from {base.date()}")
