#!/usr/bin/env python3
"""Coverage-guided fuzzing of brain's file and stream inputs, one real `brain` process per input.

Called by scripts/fuzz.sh after the vault fuzzing; standard library only. Six inputs, each with a
seed corpus made at run time from real material (the sample vault, bench/ generators, the shared
Health sample) and mutations that suit it:

  loop    Loop Habit Tracker CSV zips        brain import loop FILE [--dry-run]
  json    brain export json documents        brain import json FILE DIR
  health  Apple Health export.xml / .zip     brain track --source health=FILE --dry-run
  ics     iCalendar files                    brain track --source calendar=FILE --dry-run
  lsp     framed JSON-RPC sessions           brain lsp < SESSION
  merge   base/ours/theirs triples           brain merge-driver BASE OURS THEIRS PATH

A mutated input whose outcome (exit status and first line of standard error, digits and paths
made neutral; for the language server also its first error reply) was not seen before joins its
input's corpus, and later mutations start from it. Every run is bounded by `timeout -s KILL` and
measured by `/usr/bin/time -f '%e %M'`; 0, 1, 2 and 64 without 'Fatal error' or 'Program crashed'
on standard error are outcomes, a signal or that text is a crash, the time bound a hang. A failing
input is kept under DIR (default WORK/failures)/INPUT-seed-S-N/ with a replay.sh.

Usage: fuzz_inputs.py --brain BRAIN --root ROOT --work WORK --runs N [--seed S] [--limit SECONDS]
                      [--budget SECONDS] [--only INPUT,...] [--failures DIR] --section OUT.md
"""
import argparse, datetime, io, json, os, random, re, shlex, shutil, subprocess, sys, threading, time, warnings, zipfile
from concurrent.futures import ThreadPoolExecutor

FINE = {0, 1, 2, 64}
INPUTS = ["loop", "json", "health", "ics", "lsp", "merge"]
CORPUS_CAP = 400          # entries kept per input, seeds included
SIZE_CAP = 4_000_000      # bytes of one mutated file; larger ones are cut

# ---------------------------------------------------------------------------------------------
# Byte mutations (every input)

INTERESTING_NUMBERS = [b"0", b"-1", b"-0", b"1e308", b"1e309", b"-1e309", b"NaN", b"nan", b"inf", b"-inf",
                       b"Infinity", b"9223372036854775807", b"9223372036854775808", b"-9223372036854775809",
                       b"18446744073709551616", b"4294967296", b"2147483648", b"0.000000000000000000001",
                       b"1" * 400, b"0x7fffffff", b"1e-400", b"99999999999999999999999999999", b"-99999"]
INTERESTING_TEXT = [b"\x00", b"\xff\xfe", b"\xc3\x28", b"\xed\xa0\x80", b"\r", b"\r\n", b"\n\n\n", b"\"", b"\\",
                    b"<", b">", b"&", b"]]>", b"[[", b"]]", b"{", b"}", b"[", b"]", b",", b":", b";", b"\t",
                    b"\xe2\x80\xa8", b"\xef\xbb\xbf", b"../../", b"/etc/passwd", b"%s%n", b"\x1b[2J"]


def cap(data):
    return data[:SIZE_CAP]


def byte_mutation(data, rng, other=None):
    """One random byte-level change to DATA (OTHER, another corpus entry's bytes, for splicing)."""
    data = bytearray(data)
    n = len(data)
    kind = rng.randrange(12)
    if n == 0:
        return bytes(rng.choice(INTERESTING_TEXT) * rng.randint(1, 100))
    pos = rng.randrange(n)
    if kind == 0:  # bit flips
        for _ in range(rng.randint(1, 8)):
            p = rng.randrange(n)
            data[p] ^= 1 << rng.randrange(8)
    elif kind == 1:  # truncation
        del data[rng.randrange(n):]
    elif kind == 2:  # delete a run
        del data[pos:pos + rng.randint(1, max(1, min(n, 4096)))]
    elif kind == 3:  # insert random bytes
        data[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))
    elif kind == 4:  # duplicate a run
        run = data[pos:pos + rng.randint(1, 2048)]
        data[pos:pos] = run * rng.randint(1, 50)
    elif kind == 5 and other:  # splice
        cut = rng.randrange(len(other)) if other else 0
        data = data[:pos] + bytearray(other[cut:])
    elif kind == 6:  # a number replaced
        spans = [m.span() for m in re.finditer(rb"-?\d+(\.\d+)?", bytes(data[:200_000]))]
        if spans:
            a, b = rng.choice(spans)
            data[a:b] = rng.choice(INTERESTING_NUMBERS)
    elif kind == 7:  # interesting token
        data[pos:pos] = rng.choice(INTERESTING_TEXT) * rng.randint(1, 3)
    elif kind == 8:  # a long line
        data[pos:pos] = bytes([rng.choice(b"a7 ,;:<[{\"")]) * rng.choice([1000, 70_000, 1_000_000])
    elif kind == 9:  # line endings
        data = bytearray(bytes(data).replace(b"\n", rng.choice([b"\r", b"\r\n", b"\n\r", b""])))
    elif kind == 10:  # deep nesting
        opener, closer = rng.choice([(b"[", b"]"), (b"{\"a\":", b"}"), (b"<a>", b"</a>"), (b"(", b")")])
        depth = rng.choice([100, 10_000, 100_000])
        data[pos:pos] = opener * depth + (closer * depth if rng.random() < 0.5 else b"")
    else:  # overwrite with interesting bytes
        tok = rng.choice(INTERESTING_TEXT + INTERESTING_NUMBERS)
        data[pos:pos + len(tok)] = tok
    return cap(bytes(data))


def mutate_bytes(data, rng, other=None):
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        data = byte_mutation(data, rng, other)
    return data


def mutate_lines(data, rng):
    """Line-level changes: duplicate, delete, swap or repeat lines."""
    lines = data.split(b"\n")
    if not lines:
        return data
    i = rng.randrange(len(lines))
    k = rng.randrange(5)
    if k == 0:
        lines[i:i] = [lines[i]] * rng.choice([1, 2, 100, 5000])
    elif k == 1:
        del lines[i:i + rng.randint(1, 5)]
    elif k == 2:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif k == 3:
        j = rng.randrange(len(lines))
        lines.insert(i, lines[j])
    else:
        lines[i] = mutate_bytes(lines[i], rng)
    return cap(b"\n".join(lines))


# ---------------------------------------------------------------------------------------------
# JSON-aware mutations (export JSON, language-server messages)

ODD_VALUES = [None, True, False, 0, -1, 1e308, -1e308, 2**63, -(2**63) - 1, 2**64, 0.5, "", "x" * 100_000,
              "../../etc/passwd", ".git/config", "notes/a\nb.md", "C:\\x.md", "\u0000", "2026-02-30", "9999-12-31",
              "0001-01-01", "-2026-11-22", [], {}, [[[[[]]]]], {"a": {"b": {"c": None}}}, "[[read]]", "\ud800"]


def json_paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from json_paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from json_paths(v, path + (i,))


def json_get(value, path):
    for p in path:
        value = value[p]
    return value


def json_set(root, path, new):
    if not path:
        return new
    json_get(root, path[:-1])[path[-1]] = new
    return root


def deep(depth, rng):
    v = 1
    for _ in range(depth):
        v = [v] if rng.random() < 0.5 else {"a": v}
    return v


def mutate_json_value(root, rng):
    paths = list(json_paths(root))
    if len(paths) > 20_000:
        paths = rng.sample(paths, 20_000)
    path = rng.choice(paths)
    k = rng.randrange(8)
    if k == 0 and path:  # remove
        parent = json_get(root, path[:-1])
        del parent[path[-1]]
        return root
    if k == 1:  # another value of another type or size
        return json_set(root, path, rng.choice(ODD_VALUES))
    if k == 2:  # a number made huge or negative
        cur = json_get(root, path)
        if isinstance(cur, (int, float)) and not isinstance(cur, bool):
            return json_set(root, path, rng.choice([cur * 10**rng.randint(5, 300), -cur - 1, 2**63 - 1, -2**63, cur + 0.5]))
        return json_set(root, path, rng.choice([2**63, -1, 1e300]))
    if k == 3:  # deep nesting
        return json_set(root, path, deep(rng.choice([50, 500, 5000]), rng))
    if k == 4:  # a list or object repeated
        cur = json_get(root, path)
        if isinstance(cur, list) and cur:
            cur.extend([rng.choice(cur)] * rng.choice([1, 10, 2000]))
        elif isinstance(cur, dict):
            cur["x" * rng.randint(1, 20)] = rng.choice(ODD_VALUES)
        return root
    if k == 5:  # a string changed
        cur = json_get(root, path)
        if isinstance(cur, str):
            raw = mutate_bytes(cur.encode("utf-8", "surrogatepass"), rng)
            return json_set(root, path, raw.decode("utf-8", "replace"))
        return root
    if k == 6:  # two values swapped
        other = rng.choice(paths)
        try:
            a, b = json_get(root, path), json_get(root, other)
            if path and other and path[:len(other)] != other and other[:len(path)] != path:
                json_set(root, path, b)
                json_set(root, other, a)
        except (KeyError, IndexError, TypeError):
            pass
        return root
    cur = json_get(root, path)  # a key renamed
    if isinstance(cur, dict) and cur:
        key = rng.choice(list(cur))
        cur[rng.choice([key.upper(), key + " ", "", "schemaVersion", "path", "__proto__"])] = cur.pop(key)
    return root


def mutate_json_bytes(data, rng, other=None):
    if rng.random() < 0.6:
        try:
            root = json.loads(data)
            for _ in range(rng.choice([1, 1, 2, 3])):
                root = mutate_json_value(root, rng)
            return cap(json.dumps(root, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass"))
        except (ValueError, RecursionError, KeyError, IndexError, TypeError):
            pass
    return mutate_bytes(data, rng, other)


# ---------------------------------------------------------------------------------------------
# Zips

def zip_bytes(members, rng=None):
    buf = io.BytesIO()
    method = zipfile.ZIP_DEFLATED if rng is None or rng.random() < 0.8 else zipfile.ZIP_STORED
    with zipfile.ZipFile(buf, "w", method) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return buf.getvalue()


def unzip_members(data):
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {i.filename: z.read(i) for i in z.infolist() if not i.is_dir() and i.file_size < 50_000_000}


CSV_VALUES = [b"YES_MANUAL", b"YES_AUTO", b"NO", b"SKIP", b"UNKNOWN", b"-1", b"1e309", b"NaN", b"99999999999",
              b"1900-01-01", b"9999-12-31", b"2026-02-30", b"0000-00-00", b"\"a,b\"", b"\"unterminated", b"",
              b"YES_NO", b"NUMERICAL", b"AT_MOST", b"true", b"0", b"1000000", b"=cmd|' /C calc'!A0"]


def mutate_csv(data, rng):
    lines = data.split(b"\n")
    if len(lines) > 1 and rng.random() < 0.6:
        i = rng.randrange(len(lines))
        cells = lines[i].split(b",")
        k = rng.randrange(4)
        j = rng.randrange(len(cells))
        if k == 0:
            cells[j] = rng.choice(CSV_VALUES)
        elif k == 1:
            cells.insert(j, rng.choice(CSV_VALUES))
        elif k == 2 and len(cells) > 1:
            del cells[j]
        else:
            cells[j] = cells[j] * rng.choice([2, 1000])
        lines[i] = b",".join(cells)
        return b"\n".join(lines)
    if rng.random() < 0.5:
        return mutate_lines(data, rng)
    return mutate_bytes(data, rng)


def far_history(members, rng):
    """Checkmarks reaching back decades: many rows, the shape that once ran for minutes."""
    out = dict(members)
    names = [n for n in out if n.endswith("Checkmarks.csv")]
    if not names:
        return out
    name = rng.choice(names)
    start = rng.choice([1900, 1970, 2000, 2020])
    rows = [b"Date,Value,Notes"]
    day = datetime.date(2026, 11, 20)
    for i in range(rng.choice([100, 1000, 3000])):
        rows.append((day - datetime.timedelta(days=i)).isoformat().encode() + b",YES_MANUAL,")
        if day.year - (i // 365) < start:
            break
    out[name] = b"\n".join(rows) + b"\n"
    return out


# ---------------------------------------------------------------------------------------------
# Inputs. An entry is a dict of file name to bytes; materialize writes it and returns argv.

class Input:
    name = ""
    command = ""

    def mutate(self, entry, rng, other):
        key = rng.choice(list(entry))
        out = dict(entry)
        out[key] = mutate_bytes(entry[key], rng, other.get(key) if other else None)
        return out


class LoopInput(Input):
    name, command = "loop", "brain import loop FILE (--dry-run three times in four)"

    def seeds(self, ctx):
        out = []
        for days in (14, 60, 400):
            path = os.path.join(ctx.seed_dir, f"loop-{days}.zip")
            run([sys.executable, os.path.join(ctx.root, "bench/loop-export.py"), str(days), path])
            out.append({"zip": open(path, "rb").read()})
        fixture = os.path.join(ctx.root, "Tests/BrainKitTests/Fixtures/loop/Loop Habits CSV 2026-11-20.zip")
        if os.path.exists(fixture):
            out.append({"zip": open(fixture, "rb").read()})
        # small variants: one habit only, no Scores.csv, a numerical habit only, stored not deflated
        members = unzip_members(out[1]["zip"])
        habits = members["Habits.csv"].split(b"\n")
        out.append({"zip": zip_bytes({"Habits.csv": b"\n".join(habits[:2]) + b"\n",
                                      **{k: v for k, v in members.items() if k.startswith("001 ")}})})
        out.append({"zip": zip_bytes({k: v for k, v in members.items() if not k.endswith("Scores.csv")})})
        out.append({"zip": zip_bytes({"Habits.csv": habits[0] + b"\n" + habits[2] + b"\n",
                                      **{k: v for k, v in members.items() if k.startswith("002 ")}})})
        stored = io.BytesIO()
        with zipfile.ZipFile(stored, "w", zipfile.ZIP_STORED) as z:
            for k, v in members.items():
                z.writestr("Loop Habits CSV 2026-11-20/" + k, v)
        out.append({"zip": stored.getvalue()})
        return out

    def mutate(self, entry, rng, other):
        data = entry["zip"]
        if rng.random() < 0.55:
            try:
                members = unzip_members(data)
            except Exception:
                members = None
            if members:
                k = rng.randrange(10)
                if k == 0:
                    members = far_history(members, rng)
                elif k == 1 and len(members) > 1:
                    del members[rng.choice(list(members))]
                elif k == 2:
                    name = rng.choice(list(members))
                    members[rng.choice(["../" + name, "/" + name, name + "\x00x", name.replace("/", "\\"),
                                        "a/" * 200 + name, name.upper()])] = members[name]
                else:
                    name = rng.choice(list(members))
                    for _ in range(rng.choice([1, 1, 2, 4])):
                        members[name] = cap(mutate_csv(members[name], rng))
                return {"zip": zip_bytes(members, rng)}
        return {"zip": mutate_bytes(data, rng, other.get("zip") if other else None)}

    def materialize(self, entry, d, ctx, rng):
        path = os.path.join(d, "loop.zip")
        write(path, entry["zip"])
        if rng.random() < 0.25:
            vault = os.path.join(d, "vault")
            shutil.copytree(ctx.empty_vault, vault, symlinks=True)
            return ["--vault", vault, "import", "loop", path]
        return ["--vault", ctx.worker_vault(), "import", "loop", path, "--dry-run"]


class JSONInput(Input):
    name, command = "json", "brain import json FILE DIR (DIR new)"

    def seeds(self, ctx):
        out = []
        for vault, extra in ((ctx.sample, []), (ctx.empty_vault, []), (ctx.sample, ["--since", "2026-11-15"])):
            path = os.path.join(ctx.seed_dir, "export.json")
            run([ctx.brain, "--vault", vault, "export", "json", "--out", path, "--force"] + extra)
            out.append({"json": open(path, "rb").read()})
        # a small one: the sample's export with a few records of each list
        root = json.loads(out[0]["json"])
        for key, value in root.items():
            if isinstance(value, list):
                root[key] = value[:3]
        out.append({"json": json.dumps(root, indent=1).encode()})
        return out

    def mutate(self, entry, rng, other):
        return {"json": mutate_json_bytes(entry["json"], rng, other.get("json") if other else None)}

    def materialize(self, entry, d, ctx, rng):
        path = os.path.join(d, "export.json")
        write(path, entry["json"])
        return ["import", "json", path, os.path.join(d, "restored")]


HEALTH_ATTRS = [b"value", b"startDate", b"endDate", b"unit", b"type", b"sourceName", b"device", b"duration",
                b"durationUnit", b"workoutActivityType", b"creationDate"]
HEALTH_VALUES = [b"1e309", b"-1", b"NaN", b"inf", b"99999999999999", b"0", b"", b"abc", b"2026-11-22 25:61:61 +0100",
                 b"0001-01-01 00:00:00 +0000", b"9999-12-31 23:59:59 +9999", b"2026-11-22 08:00:00",
                 b"HKQuantityTypeIdentifierStepCount", b"HKCategoryTypeIdentifierSleepAnalysis",
                 b"HKCategoryValueSleepAnalysisAsleepCore", b"HKWorkoutActivityTypeRunning", b"mi", b"kJ", b"min",
                 b"Apple Watch", b"&amp;", b"&#0;", b"&#x110000;", b"&undefined;", b"<![CDATA[x]]>"]
HEALTH_RECORDS = [
    b' <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Watch" unit="count" value="812" startDate="2026-11-20 08:00:00 +0100" endDate="2026-11-20 08:10:00 +0100"/>\n',
    b' <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" value="HKCategoryValueSleepAnalysisAsleepDeep" startDate="2026-11-19 23:00:00 +0100" endDate="2026-11-20 06:30:00 +0100"/>\n',
    b' <Record type="HKQuantityTypeIdentifierDistanceWalkingRunning" sourceName="Phone" unit="mi" value="1.2" startDate="2026-11-20 09:00:00 +0100" endDate="2026-11-20 09:20:00 +0100"/>\n',
    b' <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="31.5" durationUnit="min" sourceName="Watch" startDate="2026-11-21 07:00:00 +0100" endDate="2026-11-21 07:31:30 +0100"/>\n',
    b' <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="Phone" startDate="2026-11-21 07:00:00 +0100" endDate="2026-11-21 07:10:00 +0100"/>\n',
    b'<!DOCTYPE HealthData [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>\n',
    b' <Record type="HKQuantityTypeIdentifierStepCount" sourceName="&d;" value="&d;" startDate="2026-11-20 08:00:00 +0100" endDate="2026-11-20 08:10:00 +0100"/>\n',
    b'<![CDATA[ <Record type="HKQuantityTypeIdentifierStepCount" value="5"/> ]]>\n',
    b'<?xml-stylesheet href="x"?>\n', b'<!-- <Record value="1"/> -->\n',
]


class HealthInput(Input):
    name, command = "health", "brain track --source health=FILE --dry-run (export.xml or export.zip)"

    def seeds(self, ctx):
        sample = open(os.path.join(ctx.shared, "corpora/apple-health-export-sample.xml"), "rb").read()
        path = os.path.join(ctx.seed_dir, "health.xml")
        run([sys.executable, os.path.join(ctx.root, "bench/health-export.py"), "1", path])
        big = open(path, "rb").read()
        # the generated export's first days, re-closed, and its dates moved to the tracked months
        cut = big[:big.index(b"<Record", 400_000)] + b"</HealthData>\n"
        moved = re.sub(rb"20(1\d|2[0-5])-(\d\d)-", lambda m: b"2026-" + (b"11" if m.group(2) > b"06" else b"10") + b"-", cut)
        out = []
        for xml in (sample, cut, moved):
            out.append({"export.xml": xml})
            out.append({"export.zip": zip_bytes({"apple_health_export/export.xml": xml})})
        return out

    def mutate(self, entry, rng, other):
        (name, data), = entry.items()
        if name == "export.zip":
            if rng.random() < 0.5:
                try:
                    members = unzip_members(data)
                    xml = members.get("apple_health_export/export.xml") or next(iter(members.values()))
                    return {"export.zip": zip_bytes({"apple_health_export/export.xml": self.mutate_xml(xml, rng)}, rng)}
                except Exception:
                    pass
            return {"export.zip": mutate_bytes(data, rng)}
        xml = self.mutate_xml(data, rng, other.get("export.xml") if other else None)
        if rng.random() < 0.1:
            return {"export.zip": zip_bytes({"apple_health_export/export.xml": xml}, rng)}
        return {"export.xml": xml}

    def mutate_xml(self, data, rng, other=None):
        k = rng.randrange(6)
        if k == 0:  # an attribute's value
            spans = [m.span(2) for m in re.finditer(rb'(\w+)="([^"]*)"', data[:500_000]) if m.group(1) in HEALTH_ATTRS]
            if spans:
                a, b = rng.choice(spans)
                return data[:a] + rng.choice(HEALTH_VALUES + INTERESTING_NUMBERS) + data[b:]
        if k == 1:  # a record inserted, maybe many times
            at = data.rfind(b"</HealthData>")
            at = at if at >= 0 else len(data)
            return cap(data[:at] + rng.choice(HEALTH_RECORDS) * rng.choice([1, 1, 50, 20000]) + data[at:])
        if k == 2:  # records nested or unclosed
            at = data.find(b"<Record", rng.randrange(max(1, len(data))))
            if at >= 0:
                return cap(data[:at] + b"<Record>" * rng.choice([10, 10_000]) + data[at:])
        if k == 3:
            return mutate_lines(data, rng)
        return mutate_bytes(data, rng, other)

    def materialize(self, entry, d, ctx, rng):
        (name, data), = entry.items()
        path = os.path.join(d, name)
        write(path, data)
        return ["--vault", ctx.worker_vault(), "track", "--source", "health=" + path, "--dry-run"]


ICS_HAND = [
    b"""BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//fuzz//hand//EN\r
BEGIN:VTIMEZONE\r
TZID:Europe/Berlin\r
BEGIN:STANDARD\r
DTSTART:19701025T030000\r
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
TZOFFSETFROM:+0200\r
TZOFFSETTO:+0100\r
END:STANDARD\r
BEGIN:DAYLIGHT\r
DTSTART:19700329T020000\r
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
TZOFFSETFROM:+0100\r
TZOFFSETTO:+0200\r
END:DAYLIGHT\r
END:VTIMEZONE\r
BEGIN:VEVENT\r
UID:gym-1@fuzz\r
DTSTAMP:20261101T000000Z\r
DTSTART;TZID=Europe/Berlin:20260907T180000\r
DTEND;TZID=Europe/Berlin:20260907T193000\r
RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE,FR;UNTIL=20261231T000000Z\r
EXDATE;TZID=Europe/Berlin:20261014T180000\r
RDATE;TZID=Europe/Berlin:20261017T100000\r
SUMMARY:Gym\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:gym-1@fuzz\r
RECURRENCE-ID;TZID=Europe/Berlin:20261109T180000\r
DTSTART;TZID=Europe/Berlin:20261110T070000\r
DTEND;TZID=Europe/Berlin:20261110T080000\r
SUMMARY:Gym (moved)\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:gym-1@fuzz\r
RECURRENCE-ID;TZID=Europe/Berlin:20261116T180000\r
STATUS:CANCELLED\r
DTSTART;TZID=Europe/Berlin:20261116T180000\r
SUMMARY:Gym\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:standup@fuzz\r
DTSTART:20260901T080000Z\r
DURATION:PT15M\r
RRULE:FREQ=DAILY;COUNT=120\r
SUMMARY:Standup meeting\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:holiday@fuzz\r
DTSTART;VALUE=DATE:20261120\r
DTEND;VALUE=DATE:20261123\r
SUMMARY:Holiday\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:monthly@fuzz\r
DTSTART:20260915T120000\r
DTEND:20260915T130000\r
RRULE:FREQ=MONTHLY;BYMONTHDAY=15\r
SUMMARY:Budget review meeting\r
DESCRIPTION:A long description that is folded over\r
  two lines\\, with an escaped comma\r
END:VEVENT\r
END:VCALENDAR\r
""",
    b"""BEGIN:VCALENDAR
VERSION:2.0
BEGIN:VEVENT
UID:run@fuzz
DTSTART:20261102T063000
DTEND:20261102T071500
RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH,SA;WKST=SU;COUNT=40
SUMMARY:Run with the club
END:VEVENT
BEGIN:VEVENT
UID:yoga@fuzz
DTSTART;TZID=America/New_York:20261101T190000
DURATION:PT1H
RRULE:FREQ=DAILY;INTERVAL=3
SUMMARY:Yoga at the gym
END:VEVENT
END:VCALENDAR
""",
]
RRULE_PARTS = [b"FREQ=DAILY", b"FREQ=WEEKLY", b"FREQ=SECONDLY", b"FREQ=YEARLY", b"FREQ=", b"INTERVAL=0",
               b"INTERVAL=-1", b"INTERVAL=999999999999", b"COUNT=0", b"COUNT=2147483648", b"COUNT=99999999",
               b"UNTIL=99991231T000000Z", b"UNTIL=00010101", b"UNTIL=garbage", b"BYDAY=MO,MO,MO", b"BYDAY=53MO",
               b"BYDAY=-1SU", b"BYDAY=XX", b"BYDAY=", b"WKST=ZZ", b"BYSETPOS=-1", b"BYMONTHDAY=31"]
ICS_LINES = [b"DTSTART:99991231T235959Z", b"DTSTART:00010101T000000", b"DTSTART;VALUE=DATE:20261122",
             b"DTSTART;TZID=Mars/Olympus:20261122T100000", b"DTSTART;TZID=\"Europe/Berlin\":20261122T100000",
             b"DTEND:19000101T000000Z", b"DURATION:P9999999W", b"DURATION:-PT1H", b"DURATION:PT",
             b"EXDATE:20261122T100000Z,20261123T100000Z", b"RDATE;VALUE=PERIOD:20261122T100000Z/PT1H",
             b"RECURRENCE-ID:20261122T100000Z", b"STATUS:CANCELLED", b"SUMMARY:gym gym gym " + b"a" * 5000,
             b"BEGIN:VEVENT", b"END:VEVENT", b"END:VCALENDAR", b"BEGIN:VALARM", b" folded continuation"]


class ICSInput(Input):
    name, command = "ics", "brain track --source calendar=FILE --dry-run"

    def seeds(self, ctx):
        path = os.path.join(ctx.seed_dir, "reminders.ics")
        run([ctx.brain, "--vault", ctx.sample, "export", "ics", "--out", path, "--force"])
        return [{"cal.ics": open(path, "rb").read()}] + [{"cal.ics": c} for c in ICS_HAND]

    def mutate(self, entry, rng, other):
        data = entry["cal.ics"]
        k = rng.randrange(6)
        if k == 0:
            spans = [m.span(1) for m in re.finditer(rb"RRULE[^:\r\n]*:([^\r\n]*)", data)]
            if spans:
                a, b = rng.choice(spans)
                parts = data[a:b].split(b";")
                parts[rng.randrange(len(parts))] = rng.choice(RRULE_PARTS)
                if rng.random() < 0.5:
                    parts.append(rng.choice(RRULE_PARTS))
                return {"cal.ics": data[:a] + b";".join(parts) + data[b:]}
        if k == 1:
            lines = data.split(b"\n")
            lines.insert(rng.randrange(len(lines) + 1), rng.choice(ICS_LINES) + b"\r")
            return {"cal.ics": b"\n".join(lines)}
        if k == 2:  # a VEVENT repeated
            m = [x.span() for x in re.finditer(rb"BEGIN:VEVENT.*?END:VEVENT\r?\n", data, re.S)]
            if m:
                a, b = rng.choice(m)
                return {"cal.ics": cap(data[:b] + data[a:b] * rng.choice([2, 100, 5000]) + data[b:])}
        if k == 3:
            return {"cal.ics": mutate_lines(data, rng)}
        return {"cal.ics": mutate_bytes(data, rng, other.get("cal.ics") if other else None)}

    def materialize(self, entry, d, ctx, rng):
        path = os.path.join(d, "cal.ics")
        write(path, entry["cal.ics"])
        return ["--vault", ctx.worker_vault(), "track", "--source", "calendar=" + path, "--dry-run"]


class LSPInput(Input):
    name, command = "lsp", "brain lsp < SESSION (Content-Length framed JSON-RPC)"

    def seeds(self, ctx):
        out = []
        notes = [("notes/atomic-habits.md", "note"), ("daily/2026-11-20.md", "day"), ("habits/read.md", "habit"),
                 ("goals/run-5k.md", "goal")]
        for i, (rel, _) in enumerate(notes):
            uri = "file://" + os.path.join(ctx.vault_for_lsp, rel)
            text = open(os.path.join(ctx.sample, rel), encoding="utf-8").read()
            lines = text.split("\n")
            last = len(lines) - 1
            mid = min(len(lines) - 1, 6 + i)
            msgs = [
                {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "rootUri": "file://" + ctx.vault_for_lsp,
                 "capabilities": {"textDocument": {"completion": {"completionItem": {"snippetSupport": True}}}},
                 "workspaceFolders": [{"uri": "file://" + ctx.vault_for_lsp, "name": "vault"}]}},
                {"jsonrpc": "2.0", "method": "initialized", "params": {}},
                {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}}},
                {"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {"textDocument": {"uri": uri}, "position": {"line": mid, "character": 5}}},
                {"jsonrpc": "2.0", "id": 3, "method": "textDocument/completion", "params": {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 3}}},
                {"jsonrpc": "2.0", "id": 4, "method": "textDocument/references", "params": {"textDocument": {"uri": uri}, "position": {"line": mid, "character": 8}, "context": {"includeDeclaration": True}}},
                {"jsonrpc": "2.0", "id": 5, "method": "textDocument/definition", "params": {"textDocument": {"uri": uri}, "position": {"line": mid, "character": 8}}},
                {"jsonrpc": "2.0", "id": 6, "method": "textDocument/rename", "params": {"textDocument": {"uri": uri}, "position": {"line": mid, "character": 8}, "newName": "Renamed note"}},
                {"jsonrpc": "2.0", "id": 7, "method": "textDocument/codeAction", "params": {"textDocument": {"uri": uri}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": last, "character": 0}}, "context": {"diagnostics": []}}},
                {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
                    {"range": {"start": {"line": mid, "character": 0}, "end": {"line": mid, "character": 0}}, "text": "- [x] [[read]] 12 pages #tag [[atomic-habits]]\n"}]}},
                {"jsonrpc": "2.0", "id": 8, "method": "textDocument/completion", "params": {"textDocument": {"uri": uri}, "position": {"line": mid, "character": 12}}},
                {"jsonrpc": "2.0", "id": 9, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": uri}}},
                {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": text + "\n[[new-link]] #new\n"}]}},
                {"jsonrpc": "2.0", "method": "textDocument/didSave", "params": {"textDocument": {"uri": uri}}},
                {"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": uri}}},
                {"jsonrpc": "2.0", "id": 10, "method": "shutdown"},
                {"jsonrpc": "2.0", "method": "exit"},
            ]
            out.append({f"{n:03d}": json.dumps(m).encode() for n, m in enumerate(msgs)})
        return out

    @staticmethod
    def frame(entry):
        if "raw" in entry:
            return entry["raw"]
        return b"".join(b"Content-Length: %d\r\n\r\n" % len(entry[k]) + entry[k] for k in sorted(entry))

    def mutate(self, entry, rng, other):
        if "raw" in entry or rng.random() < 0.2:  # the stream itself, headers included
            return {"raw": mutate_bytes(self.frame(entry), rng, self.frame(other) if other else None)}
        out = dict(entry)
        k = rng.randrange(10)
        keys = sorted(out)
        if k == 0 and other and "raw" not in other:  # a message of another session
            theirs = other[rng.choice(sorted(other))]
            out[rng.choice(keys)[:3] + "b"] = theirs
        elif k == 1:  # a message repeated
            key = rng.choice(keys)
            for j in range(rng.choice([1, 5, 300])):
                out[key + f"r{j:04d}"] = out[key]
        elif k == 2 and len(keys) > 3:  # a message dropped (initialize, exit included)
            del out[rng.choice(keys)]
        else:  # a message changed, re-framed with its right length
            key = rng.choice(keys)
            out[key] = mutate_json_bytes(out[key], rng)
        return out

    def materialize(self, entry, d, ctx, rng):
        path = os.path.join(d, "session")
        vault = ctx.worker_vault()
        write(path, self.frame(entry).replace(ctx.vault_for_lsp.encode(), vault.encode()))
        return ["--vault", vault, "lsp"], path


MERGE_SOURCES = ["daily/2026-11-20.md", "daily/2026-11-21.md", "habits/read.md", "habits/walk.md",
                 "notes/atomic-habits.md", "goals/run-5k.md", "areas/health.md"]


class MergeInput(Input):
    name, command = "merge", "brain merge-driver BASE OURS THEIRS PATH"

    def seeds(self, ctx):
        out = []
        for rel in MERGE_SOURCES:
            base = open(os.path.join(ctx.sample, rel), "rb").read()
            lines = base.split(b"\n")
            ours, theirs = list(lines), list(lines)
            for i, line in enumerate(lines):
                if line.startswith(b"- [ ]"):
                    ours[i] = b"- [x]" + line[5:] + b" 5"
                    break
            for i, line in enumerate(lines):
                if line.startswith(b"- [x]"):
                    theirs[i] = b"- [-]" + line[5:] + b" tired"
                    break
            for i, line in enumerate(lines[1:8], 1):
                if line.startswith((b"mood:", b"target:", b"title:", b"area:")):
                    ours[i] = line + b" changed"
                    break
            theirs.append(b"A line added on the other machine. #sync")
            ours.insert(len(ours) // 2 + 1, b"A line added here. [[read]]")
            out.append({"base": base, "ours": b"\n".join(ours), "theirs": b"\n".join(theirs), "path": rel.encode()})
            # both sides change the same line: a conflict
            same = list(lines)
            same[len(same) // 2] = b"- [x] [[run]] 5 km"
            other = list(lines)
            other[len(other) // 2] = b"- [-] [[run]] knee"
            out.append({"base": base, "ours": b"\n".join(same), "theirs": b"\n".join(other), "path": rel.encode()})
        return out

    def mutate(self, entry, rng, other):
        out = dict(entry)
        k = rng.randrange(10)
        if k == 0:
            out["path"] = rng.choice([p.encode() for p in MERGE_SOURCES] + [b"daily/9999-99-99.md", b"x.txt",
                                      b"daily/2026-11-20.md\n- [x] [[read]]", b"../../etc/passwd", b"", b"a" * 5000])
            return out
        if k == 1 and other:  # one side from another triple
            side = rng.choice(["base", "ours", "theirs"])
            out[side] = other[side]
            return out
        side = rng.choice(["base", "ours", "theirs"])
        if k < 5:
            out[side] = mutate_lines(out[side], rng)
        else:
            out[side] = mutate_bytes(out[side], rng, other.get(side) if other else None)
        if rng.random() < 0.3:  # the same change on both sides, or on the base
            other_side = rng.choice(["base", "ours", "theirs"])
            out[other_side] = out[side]
        return out

    def materialize(self, entry, d, ctx, rng):
        for side in ("base", "ours", "theirs"):
            write(os.path.join(d, side), entry[side])
        path = entry["path"].decode("utf-8", "replace")
        argv = ["--vault", ctx.worker_vault(), "merge-driver", os.path.join(d, "base"), os.path.join(d, "ours"),
                os.path.join(d, "theirs"), path]
        if rng.random() < 0.2:
            argv += ["--marker-size", rng.choice(["1", "0", "-3", "200", "99999999999999999999", "x"])]
        if rng.random() < 0.2:
            argv += ["--json"]
        return argv


# ---------------------------------------------------------------------------------------------
# Running

def run(argv, **kw):
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kw)


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


DIGITS = re.compile(r"\d+")
PATHS = re.compile(r"(/[^\s:'\"`),]+)+")


def normalise(line):
    return DIGITS.sub("N", PATHS.sub("PATH", line))[:160]


class Context:
    def __init__(self, args):
        self.brain, self.root, self.work, self.limit = args.brain, args.root, args.work, args.limit
        self.failures = args.failures or os.path.join(args.work, "failures")
        # Runs write their inputs (and restores their files) in memory where it can: a restore's
        # flush to disk is then free, and the disk of a shared machine does not set the pace.
        shm = "/dev/shm"
        if os.path.isdir(shm) and os.access(shm, os.W_OK):
            self.scratch = os.path.join(shm, f"brain-fuzz-{os.getpid()}")
        else:
            self.scratch = os.path.join(args.work, "runs")
        os.makedirs(self.scratch, exist_ok=True)
        self.sample = os.path.join(args.root, "sample-vault")
        self.shared = os.path.join(os.path.dirname(args.root), "shared")
        if not os.path.isdir(os.path.join(self.shared, "corpora")):
            self.shared = "/work/shared"
        self.seed_dir = os.path.join(self.work, "seeds")
        os.makedirs(self.seed_dir, exist_ok=True)
        self.local = threading.local()
        self.vaults = []
        self.lock = threading.Lock()
        self.given = 0
        self.empty_vault = os.path.join(self.work, "empty-vault")
        run([self.brain, "init", self.empty_vault])
        for i in range(2):
            vault = os.path.join(self.work, f"vault-{i}")
            shutil.copytree(self.sample, vault, symlinks=True, ignore=shutil.ignore_patterns("cache"))
            self.add_tracked_habits(vault)
            run([self.brain, "--vault", vault, "index"])
            self.vaults.append(vault)
        self.vault_for_lsp = self.vaults[0]

    @staticmethod
    def add_tracked_habits(vault):
        habits = {
            "fz-steps": "{source: health, metric: steps, at-least: 5000, priority: [Watch]}",
            "fz-sleep": "{source: health, metric: sleep-hours, at-least: 7, per-day: max}",
            "fz-run": "{source: health, metric: workout-minutes, match: Run, at-least: 20}",
            "fz-km": "{source: health, metric: distance, at-least: 3}",
            "fz-mindful": "{source: health, metric: mindful-minutes, at-least: 5}",
            "fz-energy": "{source: health, metric: active-energy, at-least: 400}",
            "fz-exercise": "{source: health, metric: exercise-minutes, at-least: 30}",
            "fz-workouts": "{source: health, metric: workouts, at-least: 1}",
            "fz-gym": "{source: calendar, metric: events, match: gym}",
            "fz-meetings": "{source: calendar, metric: minutes, match: meeting, at-most-minutes: 120}",
        }
        for name, rule in habits.items():
            write(os.path.join(vault, "habits", name + ".md"),
                  f"---\ntitle: {name}\nevery: day\nauto: {rule}\ncreated: 2014-01-01\n---\n".encode())

    def worker_vault(self):
        """Each of the two workers has a vault of its own, so that runs never wait for a lock."""
        vault = getattr(self.local, "vault", None)
        if vault is None:
            with self.lock:
                vault = self.vaults[self.given % len(self.vaults)]
                self.given += 1
            self.local.vault = vault
        return vault


def run_brain(ctx, argv, stdin_path, d):
    out, err, tim = (os.path.join(d, n) for n in ("out", "err", "time"))
    cmd = ["/usr/bin/time", "-f", "%e %M", "-o", tim, "timeout", "-s", "KILL", str(ctx.limit), ctx.brain] + argv
    with open(out, "wb") as o, open(err, "wb") as e, open(stdin_path or os.devnull, "rb") as i:
        status = subprocess.run(cmd, stdin=i, stdout=o, stderr=e, cwd=d).returncode
    try:
        seconds, peak = open(tim).read().strip().splitlines()[-1].split()
        seconds, peak = float(seconds), int(peak)
    except (OSError, ValueError, IndexError):
        seconds, peak = 0.0, 0
    errtext = open(err, "rb").read(200_000).decode("utf-8", "replace")
    if status == 137 or status == 124:
        verdict = "hang"
    elif status in FINE and "Fatal error" not in errtext and "Program crashed" not in errtext:
        verdict = "ok"
    else:
        verdict = "crash"
    first = next((l for l in errtext.splitlines() if l.strip()), "")
    sig = f"{status}|{normalise(first)}"
    if argv and "lsp" in argv:
        body = open(out, "rb").read(2_000_000).decode("utf-8", "replace")
        m = re.search(r'"error":\{[^}]*?"message":"([^"]{0,120})', body)
        sig += "|" + (normalise(m.group(1)) if m else "")
    return verdict, status, seconds, peak, sig, first


def keep_failure(ctx, inp, entry, seed, argv, stdin, d, verdict, status, first):
    dest = os.path.join(ctx.failures, f"{inp.name}-seed-{seed}")
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(d, dest, symlinks=True, ignore=shutil.ignore_patterns("vault", "restored"))
    # the command as it ran, with its paths moved to the kept folder
    moved = [a.replace(d, dest) for a in argv]
    replay = "BRAIN_NOW=2026-11-22T09:00:00Z TZ=UTC NO_COLOR=1 " + shlex.join([ctx.brain] + moved)
    if stdin:
        replay += " < " + shlex.quote(stdin.replace(d, dest))
    if "vault" in os.listdir(d):
        replay = f"rm -rf {shlex.quote(dest)}/vault && cp -a {shlex.quote(ctx.empty_vault)} {shlex.quote(dest)}/vault && " + replay
    write(os.path.join(dest, "replay.sh"), (replay + "\n").encode())
    line = (f"FAILURE {inp.name} seed {seed}: {verdict} (exit {status}) {first[:120]!r}; "
            f"kept in {os.path.relpath(dest, ctx.root)}; replay: bash {os.path.relpath(dest, ctx.root)}/replay.sh")
    print(line, flush=True)
    with open(os.path.join(ctx.work, "failures.txt"), "a") as f:
        f.write(line + "\n")


def fuzz_input(ctx, inp, runs, seed, budget, pool):
    start = time.time()
    corpus = inp.seeds(ctx)
    seeds = len(corpus)
    seen = set()
    stats = {"runs": 0, "crashes": 0, "hangs": 0, "slowest": 0.0, "slowest_what": "", "peak": 0, "peak_what": "",
             "seeds": seeds, "outcomes": 0}
    lock = threading.Lock()

    def one(i, entry):
        rng = random.Random(f"{seed}-{inp.name}-{i}")
        d = os.path.join(ctx.scratch, f"{inp.name}-{i}")
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        made = inp.materialize(entry, d, ctx, rng)
        argv, stdin = made if isinstance(made, tuple) else (made, None)
        verdict, status, seconds, peak, sig, first = run_brain(ctx, argv, stdin, d)
        with lock:
            stats["runs"] += 1
            if seconds > stats["slowest"]:
                stats["slowest"], stats["slowest_what"] = seconds, f"{inp.name} #{i}"
                slowest = os.path.join(ctx.work, "slowest", inp.name)  # kept to look at
                shutil.rmtree(slowest, ignore_errors=True)
                shutil.copytree(d, slowest, symlinks=True, ignore=shutil.ignore_patterns("vault", "restored"))
                write(os.path.join(slowest, "argv"), shlex.join(argv).encode())
            if peak > stats["peak"]:
                stats["peak"], stats["peak_what"] = peak, f"{inp.name} #{i}"
            new = sig not in seen
            seen.add(sig)
            if new:
                stats["outcomes"] += 1
            if verdict == "hang":
                stats["hangs"] += 1
            elif verdict == "crash":
                stats["crashes"] += 1
        if verdict != "ok":
            keep_failure(ctx, inp, entry, f"{seed}-{i}", argv, stdin, d, verdict, status, first)
        shutil.rmtree(d, ignore_errors=True)
        return new

    # The seeds run first, as they are; then mutations of the growing corpus, two at a time.
    futures = [pool.submit(one, n, e) for n, e in enumerate(corpus)]
    for f in futures:
        f.result()
    i = len(corpus)
    while i < runs + seeds and time.time() - start < budget:
        batch = []
        for _ in range(2):
            if i >= runs + seeds:
                break
            rng = random.Random(f"{seed}-{inp.name}-mutate-{i}")
            parent = rng.choice(corpus)
            other = rng.choice(corpus)
            try:
                child = inp.mutate(parent, rng, other)
            except RecursionError:
                child = parent
            batch.append((i, child, pool.submit(one, i, child)))
            i += 1
        for n, child, f in batch:
            if f.result() and len(corpus) < CORPUS_CAP:
                corpus.append(child)
    stats["corpus"] = len(corpus)
    stats["mutations"] = stats["runs"] - seeds
    stats["seconds"] = time.time() - start
    return stats


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--brain", required=True)
    p.add_argument("--root", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--runs", type=int, default=300)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--limit", type=int, default=10)
    p.add_argument("--budget", type=float, default=1e9, help="seconds per input, at most")
    p.add_argument("--only", default=",".join(INPUTS))
    p.add_argument("--section", required=True)
    p.add_argument("--failures", help="where failing inputs are kept (default WORK/failures)")
    args = p.parse_args()
    sys.setrecursionlimit(20_000)
    warnings.filterwarnings("ignore")  # zipfile's "Duplicate name": duplicates are made on purpose
    os.makedirs(args.failures or os.path.join(args.work, "failures"), exist_ok=True)
    ctx = Context(args)
    classes = {c.name: c for c in (LoopInput, JSONInput, HealthInput, ICSInput, LSPInput, MergeInput)}
    rows = []
    with ThreadPoolExecutor(max_workers=2) as pool:
        for name in args.only.split(","):
            inp = classes[name]()
            s = fuzz_input(ctx, inp, args.runs, args.seed, args.budget, pool)
            print(f"   {name}: {s['runs']} runs ({s['seeds']} seeds), corpus {s['seeds']} → {s['corpus']}, "
                  f"{s['crashes']} crashes, {s['hangs']} hangs, slowest {s['slowest']:.2f} s, "
                  f"peak {s['peak'] // 1024} MB ({s['seconds']:.0f} s)", flush=True)
            rows.append((inp, s))
    with open(args.section, "w") as f:
        f.write(f"| input (command) | runs (seeds + mutations) | corpus: seeds → grown to | crashes | hangs (over {args.limit} s) | slowest | largest peak memory |\n")
        f.write("|---|---:|---:|---:|---:|---:|---:|\n")
        for inp, s in rows:
            f.write(f"| {inp.name} (`{inp.command}`) | {s['runs']} ({s['seeds']} + {s['mutations']}) | {s['seeds']} → {s['corpus']} | "
                    f"{s['crashes']} | {s['hangs']} | {s['slowest']:.2f} s | {s['peak'] // 1024} MB |\n")
    shutil.rmtree(ctx.scratch, ignore_errors=True)
    failed = sum(s["crashes"] + s["hangs"] for _, s in rows)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
