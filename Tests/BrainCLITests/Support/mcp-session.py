"""A session with `brain mcp` through the Model Context Protocol's own Python client (PyPI: mcp).

Usage: mcp-session.py BRAIN VAULT. Prints one JSON object: the negotiated protocol version, the
tools listed, every read tool's answer, the done tool's dry run and real run, a resource, and the
raw replies to malformed lines sent straight to a second server. Exits non-zero when the client
fails; the Swift test (McpTests) compares the answers with the commands' --json.
"""
import asyncio
import json
import os
import subprocess
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

BRAIN, VAULT = sys.argv[1], sys.argv[2]
ENV = {"BRAIN_NOW": os.environ["BRAIN_NOW"], "TZ": "UTC", "NO_COLOR": "1"}

READS = [
    ("today", {}),
    ("stats", {}),
    ("stats", {"habit": "read"}),
    ("history", {"habit": "read", "since": "-7"}),
    ("goals", {}),
    ("search", {"query": "pages"}),
    ("show", {"note": "read"}),
]


def answer(result):
    text = "".join(part.text for part in result.content if getattr(part, "type", "") == "text")
    return {"isError": bool(result.is_error if hasattr(result, "is_error") else result.isError),
            "text": text,
            "structured": getattr(result, "structured_content", None) or getattr(result, "structuredContent", None)}


async def session():
    out = {}
    params = StdioServerParameters(command=BRAIN, args=["mcp", "--vault", VAULT], env=ENV)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as client:
            init = await client.initialize()
            out["protocolVersion"] = getattr(init, "protocol_version", None) or getattr(init, "protocolVersion", None)
            info = getattr(init, "server_info", None) or getattr(init, "serverInfo", None)
            out["serverName"] = info.name
            tools = await client.list_tools()
            out["tools"] = sorted(tool.name for tool in tools.tools)
            out["reads"] = []
            for name, arguments in READS:
                out["reads"].append({"tool": name, "arguments": arguments, **answer(await client.call_tool(name, arguments))})
            out["dryRun"] = answer(await client.call_tool("done", {"habit": "read", "value": 12, "dryRun": True}))
            with open(os.path.join(VAULT, "daily", "2026-11-22.md")) as handle:
                out["afterDryRun"] = handle.read()
            out["done"] = answer(await client.call_tool("done", {"habit": "read", "value": 12}))
            out["unknownHabit"] = answer(await client.call_tool("done", {"habit": "no-such-habit"}))
            out["wrongType"] = answer(await client.call_tool("done", {"habit": "read", "value": "twelve"}))
            resources = await client.list_resources()
            out["resources"] = sorted(str(resource.uri) for resource in resources.resources)
            read = await client.read_resource("brain://note/habits/read.md")
            out["resource"] = read.contents[0].text
            await client.send_ping()
    return out


def malformed():
    """Lines no client library would send, straight to the server's standard input."""
    lines = [
        b"this is not json",
        b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}',
        b"[1,2,3]",
        b'{"jsonrpc":"1.0","id":2,"method":"ping"}',
        b'{"jsonrpc":"2.0","id":3,"method":"no/such/method"}',
        b'{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"no-such-tool"}}',
        b'{"jsonrpc":"2.0","id":5,"method":"tools/call","params":"not an object"}',
        b'{"jsonrpc":"2.0","id":6,"method":"resources/read","params":{"uri":"brain://note/../../etc/passwd"}}',
        b'{"jsonrpc":"2.0","id":{"an":"object"},"method":"ping"}',
        b'{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"today","arguments":{"date":' + b"[" * 100000 + b"}}",
        b'\xff\xfe{"jsonrpc":"2.0"}',
        b'{"jsonrpc":"2.0","id":8,"method":"ping"}',
    ]
    environment = dict(os.environ, **ENV)
    run = subprocess.run([BRAIN, "mcp", "--vault", VAULT], input=b"\n".join(lines) + b"\n", capture_output=True,
                         env=environment, timeout=120)
    replies = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    return {"status": run.returncode, "replies": replies, "stderr": run.stderr.decode("utf-8", "replace")[-2000:]}


result = asyncio.run(session())
result["malformed"] = malformed()
print(json.dumps(result))
