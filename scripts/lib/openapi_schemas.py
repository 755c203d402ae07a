"""Infers the response schemas of docs/openapi.yaml from the answers of a running brain serve.

Usage: openapi_schemas.py BRAIN OPENAPI_YAML (see scripts/openapi-schemas.sh)."""
import http.client, json, os, re, shutil, signal, subprocess, sys, tempfile, time

brain, document = sys.argv[1], sys.argv[2]
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
work = tempfile.mkdtemp(prefix="brain-openapi-")
env = dict(os.environ, BRAIN_NOW="2026-11-22T09:00:00Z", TZ="UTC")
schemas = {}
port = 0
token = ""


def ask(method, path, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Authorization": "Bearer " + token}
    if body is not None:
        headers["Content-Type"] = "application/json"
    connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    answer = connection.getresponse()
    data = answer.read()
    connection.close()
    return answer.status, json.loads(data)


def merge(a, b):
    """The schema that fits everything `a` and `b` fit."""
    if a is None:
        return b
    types = sorted(set(as_list(a.get("type"))) | set(as_list(b.get("type"))))
    result = {"type": types[0] if len(types) == 1 else types}
    if "properties" in a or "properties" in b:
        pa, pb = a.get("properties", {}), b.get("properties", {})
        ra, rb = set(a.get("required", [])), set(b.get("required", []))
        if "object" not in as_list(a.get("type")):
            ra = rb
        if "object" not in as_list(b.get("type")):
            rb = ra
        result["properties"] = {k: merge(pa.get(k), pb.get(k)) if k in pa and k in pb else (pa.get(k) or pb.get(k))
                                for k in sorted(set(pa) | set(pb))}
        result["required"] = sorted(ra & rb)
    if "items" in a or "items" in b:
        ia, ib = a.get("items"), b.get("items")
        result["items"] = merge(ia, ib) if ia and ib else (ia or ib or {})
    return result


def as_list(value):
    return value if isinstance(value, list) else ([value] if value else [])


def infer(value):
    if value is None:
        return {"type": "null"}
    if isinstance(value, bool):
        return {"type": "boolean"}
    if isinstance(value, (int, float)):
        return {"type": "number"}
    if isinstance(value, str):
        return {"type": "string"}
    if isinstance(value, list):
        items = None
        for item in value:
            items = merge(items, infer(item))
        return {"type": "array", "items": items or {}}
    return {"type": "object", "properties": {k: infer(v) for k, v in value.items()}, "required": sorted(value)}


def sample(name, method, path, body=None, expect=(200, 201)):
    status, value = ask(method, path, body)
    if status not in expect:
        raise SystemExit(f"{method} {path}: {status} {value}")
    schemas[name] = merge(schemas.get(name), infer(value))


def sample_vault(vault, days, writes):
    global port, token
    token = subprocess.run([brain, "--vault", vault, "serve", "token", "new", "schemas"], env=env, check=True,
                           capture_output=True, text=True).stdout.strip()
    server = subprocess.Popen([brain, "--vault", vault, "serve", "--listen", "127.0.0.1:0"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = int(re.search(r"127\.0\.0\.1:(\d+)", server.stdout.readline()).group(1))
    _, listing = ask("GET", "/api/notes")
    notes = [n["path"].rsplit("/", 1)[-1][:-3] for n in listing["notes"] if n["kind"] != "daily"][:80]
    _, habit_list = ask("GET", "/api/notes?kind=habit")
    habits = [n["path"].rsplit("/", 1)[-1][:-3] for n in habit_list["notes"]]
    for day in days:
        sample("Today", "GET", f"/api/today?date={day}")
        sample("Status", "GET", f"/api/status?date={day}")
        sample("Goals", "GET", f"/api/goals?date={day}")
        sample("Areas", "GET", f"/api/areas?date={day}")
    for rate in ["7d", "30d", "90d", "1y", "all"]:
        sample("HabitTable", "GET", f"/api/habits?range={rate}")
    for habit in habits:
        for day in [days[-1], days[0]]:
            for grouping in ["day", "week", "month"]:
                sample("HabitStats", "GET", f"/api/habits/{habit}?date={day}&by={grouping}")
    sample("NoteList", "GET", "/api/notes")
    sample("NoteList", "GET", "/api/notes?kind=daily&limit=0")
    for note in notes:
        sample("NoteDetail", "GET", f"/api/notes/{note}")
        sample("Backlinks", "GET", f"/api/notes/{note}/backlinks")
    for query in ["walk", "after%20the%20flu", "zzzz-nothing"]:
        sample("Search", "GET", f"/api/search?q={query}")
    sample("Tags", "GET", "/api/tags")
    sample("Routes", "GET", "/api")
    for name, path, body in writes:
        sample(name, "POST", path, body)
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=10)


sample_vault_path = os.path.join(work, "sample")
shutil.copytree(os.path.join(root, "sample-vault"), sample_vault_path)
sample_writes = [("HabitLogResult", path, body) for path, body in [
    ("/api/habits/read/done", {"value": 12}), ("/api/habits/read/done", {"value": 9, "add": True}),
    ("/api/habits/meditate/done", {}), ("/api/habits/run/skip", {"reason": "knee"}), ("/api/habits/read/undo", {}),
    ("/api/habits/meditate/undo", {"date": "2026-11-01"}), ("/api/habits/coffee/done", {"value": 5}),
    ("/api/habits/guitar/done", {"date": "2026-10-25"}), ("/api/habits/read/undo", {"date": "2026-06-01"}),
    ("/api/habits/read/done", {"date": "2026-06-02", "value": 30}), ("/api/habits/walk/undo", {"date": "2026-09-03"}),
    ("/api/habits/run/skip", {}), ("/api/habits/run/skip", {"date": "2026-06-03", "reason": ""}),
    ("/api/habits/no-doomscrolling/done", {"value": 10, "note": "n"})]]
sample_writes += [("RestResult", "/api/rest", body) for body in [
    {"reason": "flu", "date": "2026-11-18"}, {"off": True, "date": "2026-11-18"}, {}, {"reason": ""}, {"off": True},
    {"date": "2026-06-05"}, {"off": True, "date": "2026-06-06"}]]
sample_writes += [("CheckInResult", f"/api/checkin/{part}", body) for part, body in [
    ("morning", {"mood": 4, "energy": 3, "intentions": ["A"]}), ("evening", {"mood": 5, "reflection": "B"}),
    ("morning", {"date": "2026-07-01", "mood": 2}), ("morning", {}), ("evening", {}), ("morning", {"energy": 1}),
    ("evening", {"reflection": "C", "date": "2026-07-02"}), ("morning", {"intentions": ["x", " "], "date": "2026-07-03"})]]
sample_writes += [("GoalProgressResult", f"/api/goals/{goal}/progress", body) for goal in ["run-5k", "save-2000", "read-24-books"]
                  for body in [{"add": 1}, {"value": 3.5}, {"value": 0, "date": "2026-10-01"}]]
sample_writes += [("GoalTickResult", "/api/goals/run-5k/tick", body) for body in [
    {"milestone": "1"}, {"milestone": "1", "undo": True}, {"milestone": "2"}, {"milestone": "2"}]]
sample_writes += [("NewNoteResult", "/api/notes", body) for body in [
    {"title": "An idea"}, {"kind": "link", "title": "Loop", "url": "https://loophabits.org", "tags": ["tools"]},
    {"kind": "reflection", "title": "A week"}, {"kind": "insight", "title": "Another idea"}]]
sample_vault(sample_vault_path, ["2026-09-01", "2026-09-20", "2026-10-05", "2026-10-19", "2026-11-01", "2026-11-10",
                                 "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22", "2026-08-01"], sample_writes)
demo = os.path.join(work, "demo")
subprocess.run([brain, "demo", demo, "--years", "1", "--habits", "16", "--notes", "60", "--date", "2026-11-22"], env=env,
               check=True, capture_output=True)
sample_vault(demo, ["2026-01-10", "2026-04-01", "2026-07-15", "2026-11-22", "2025-12-01"], [])
shutil.rmtree(work)


def yaml(value, indent):
    pad = " " * indent
    lines = []
    for key, item in value.items():
        if isinstance(item, dict):
            if not item:
                lines.append(f"{pad}{key}: {{}}")
            else:
                lines.append(f"{pad}{key}:")
                lines.extend(yaml(item, indent + 2))
        elif isinstance(item, list):
            lines.append(f"{pad}{key}: [{', '.join(json.dumps(x) for x in item)}]")
        else:
            lines.append(f"{pad}{key}: {json.dumps(item)}")
    return lines


def loosen(schema):
    """A value only ever seen as null may be anything: the samples did not show its type."""
    if schema.get("type") == "null":
        return {}
    schema = dict(schema)
    if "properties" in schema:
        schema["properties"] = {k: loosen(v) for k, v in schema["properties"].items()}
    if isinstance(schema.get("items"), dict) and schema["items"]:
        schema["items"] = loosen(schema["items"])
    return schema


def versioned(schema):
    schema = loosen(schema)
    schema = dict(schema)
    schema["properties"] = dict(schema["properties"])
    schema["properties"]["schemaVersion"] = {"type": "integer", "const": 1}
    return schema


block = ["    # schemas:begin (generated by scripts/openapi-schemas.sh)"]
for name in sorted(schemas):
    block.append(f"    {name}:")
    block.extend(yaml(versioned(schemas[name]), 6))
block.append("    # schemas:end")
text = open(document).read()
start = text.index("    # schemas:begin")
end = text.index("    # schemas:end") + len("    # schemas:end")
open(document, "w").write(text[:start] + "\n".join(block) + text[end:])
print(f"wrote {len(schemas)} schemas into {document}")
