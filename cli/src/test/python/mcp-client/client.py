"""Drives `csl mcp` with the official MCP Python SDK (mcp 2.3.0), started as real hosts start it:
the launcher, with the SDK's default environment (no LANG, no LC_*). Prints one JSON line with what
each step saw; McpPythonClientTest checks it. Last, mcp.Client in its probing mode and pinned to
the stateless revision 2026-07-28.

Usage: python3 client.py LAUNCHER SERVER_DIR OUTSIDE_DIR ROOT_DIR
"""
import json
import os
import sys
import time

import anyio
from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client

launcher, server_dir, outside_dir, root_dir = sys.argv[1:5]
# Only what the test needs beyond the SDK's defaults: no CDS recording in a scratch checkout, and
# the build's CSL_CONFIG_HOME (csl's per-user state inside target/, never the user's).
env = {"CSL_CDS": "0"}
if os.environ.get("CSL_CONFIG_HOME"):
    env["CSL_CONFIG_HOME"] = os.environ["CSL_CONFIG_HOME"]
params = StdioServerParameters(command=launcher, args=["mcp"], env=env, cwd=server_dir)
# Per request: only a hang reaches it (a busy machine is slow, never this slow).
TIMEOUT = 600


def text(result):
    return result.content[0].text if result.content else ""


async def without_roots(out):
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, read_timeout_seconds=TIMEOUT) as session:
            init = await session.initialize()
            out["protocolVersion"] = init.protocol_version
            tools = await session.list_tools()
            out["tools"] = sorted(t.name for t in tools.tools)
            out["closedSchemas"] = all(
                t.input_schema.get("additionalProperties") is False for t in tools.tools
            )

            answer = (
                '<---WRITE file="héllo wörld.txt"--->\n'
                "café ✓ naïve 日本\n"
                "<---END--->\n"
            )
            applied = await session.call_tool("apply", {"answer": answer})
            out["apply"] = {"isError": applied.is_error, "text": text(applied)}

            preview = await session.call_tool(
                "check",
                {
                    "answer": '<---SEARCH file="héllo wörld.txt"--->\ncafé\n'
                    "<---REPLACE--->\ncoffee\n<---END--->\n"
                },
            )
            out["check"] = {"isError": preview.is_error, "text": text(preview)}

            misspelt = await session.call_tool(
                "apply",
                {"answer": '<---WRITE file="real.txt"--->\nx\n<---END--->\n', "dryrun": True},
            )
            out["misspelt"] = {"isError": misspelt.is_error, "text": text(misspelt)}

            escaped = await session.call_tool(
                "apply",
                {
                    "answer": '<---WRITE file="pwned.txt"--->\nx\n<---END--->\n',
                    "workingDir": outside_dir,
                },
            )
            out["outside"] = {"isError": escaped.is_error, "text": text(escaped)}
            undo_outside = await session.call_tool(
                "undo", {"workingDir": "../" + outside_dir.rstrip("/").split("/")[-1]}
            )
            out["undoOutside"] = {"isError": undo_outside.is_error, "text": text(undo_outside)}

            progress = []

            async def on_progress(value, total, message):
                progress.append(message)

            ran = await session.call_tool(
                "apply",
                {
                    "answer": '<---RUN lang="node"--->\nconsole.log("progrès 1");'
                    ' console.log("progrès 2");\n<---END--->\n'
                },
                progress_callback=on_progress,
            )
            out["progress"] = {"isError": ran.is_error, "messages": progress}

            cancel_answer = (
                "<---TASKS--->\n"
                '<---WRITE file="tasks-a.txt"--->\nfirst\n<---END--->\n'
                '<---RUN lang="node"--->\nconsole.log("started");\n'
                "await new Promise((resolve) => setTimeout(resolve, 3600000));\n<---END--->\n"
                "<---END--->\n"
            )
            started = time.monotonic()
            with anyio.move_on_after(8) as scope:
                await session.call_tool("apply", {"answer": cancel_answer})
            out["cancel"] = {
                "cancelled": scope.cancelled_caught,
                "seconds": round(time.monotonic() - started),
            }
            after = await session.call_tool(
                "check", {"answer": '<---WRITE file="c.txt"--->\nx\n<---END--->\n'}
            )
            out["afterCancel"] = {
                "isError": after.is_error,
                "seconds": round(time.monotonic() - started),
            }

            undone = await session.call_tool("undo", {})
            out["undo"] = {"isError": undone.is_error, "text": text(undone)}


async def elicitation(out):
    asked = []

    async def elicit(context, params):
        asked.append(params.message)
        return types.ElicitResult(action="accept", content={"decision": "yes"})

    async with stdio_client(params) as (read, write):
        async with ClientSession(
            read, write, read_timeout_seconds=TIMEOUT, elicitation_callback=elicit
        ) as session:
            await session.initialize()
            ran = await session.call_tool(
                "apply", {"answer": "<---RUN--->\nprintf apprové\n<---END--->\n"}
            )
            out["elicitation"] = {"isError": ran.is_error, "asked": asked, "text": text(ran)}


async def with_roots(out):
    async def list_roots(context):
        return types.ListRootsResult(roots=[types.Root(uri="file://" + root_dir, name="root")])

    async with stdio_client(params) as (read, write):
        async with ClientSession(
            read, write, read_timeout_seconds=TIMEOUT, list_roots_callback=list_roots
        ) as session:
            await session.initialize()
            applied = await session.call_tool(
                "apply", {"answer": '<---WRITE file="in-root.txt"--->\nrooted\n<---END--->\n'}
            )
            out["roots"] = {"isError": applied.is_error, "text": text(applied)}


def leaves(error):
    """The exceptions inside (nested) exception groups."""
    if hasattr(error, "exceptions"):
        return [leaf for inner in error.exceptions for leaf in leaves(inner)]
    return [error]


async def client_modes(out):
    """mcp.Client as a host uses it: probing (the default, which finds 2026-07-28 through
    server/discover) and pinned to the stateless revision (no initialize, the version in each
    request's _meta). Each: tools, apply, check, undo."""
    from mcp import Client

    for mode, name in (("auto", "probed.txt"), ("2026-07-28", "pinned.txt")):
        step = out.setdefault("modes", {}).setdefault(mode, {})
        answer = '<---WRITE file="' + name + '"--->\nx ✓\n<---END--->\n'
        asked = step.setdefault("asked", [])

        async def elicit(context, request):
            # asked through an input_required result (no server requests in this revision)
            asked.append(request.message)
            decision = "yes" if "printf oui" in request.message else "no"
            return types.ElicitResult(action="accept", content={"decision": decision})

        try:
            async with Client(
                params, mode=mode, read_timeout_seconds=TIMEOUT, elicitation_callback=elicit
            ) as client:
                step["protocolVersion"] = client.protocol_version
                step["serverInfo"] = getattr(client.server_info, "name", None)
                tools = await client.list_tools()
                step["tools"] = sorted(t.name for t in tools.tools)
                applied = await client.call_tool("apply", {"answer": answer})
                step["apply"] = {
                    "isError": applied.is_error,
                    "text": text(applied),
                    "ok": (applied.structured_content or {}).get("ok"),
                }
                checked = await client.call_tool(
                    "check",
                    {
                        "answer": '<---SEARCH file="' + name + '"--->\nx ✓\n'
                        "<---REPLACE--->\ny\n<---END--->\n"
                    },
                )
                step["check"] = {"isError": checked.is_error, "text": text(checked)}
                unapproved = await client.call_tool(
                    "apply", {"answer": "<---RUN--->\nprintf nope\n<---END--->\n"}
                )
                step["unapproved"] = {"isError": unapproved.is_error, "text": text(unapproved)}
                allowed = await client.call_tool(
                    "apply", {"answer": "<---RUN--->\nprintf oui\n<---END--->\n"}
                )
                step["allowed"] = {"isError": allowed.is_error, "text": text(allowed)}
                undone = await client.call_tool("undo", {})
                step["undo"] = {"isError": undone.is_error, "text": text(undone)}
        except Exception as error:  # a refusal: an MCPError, maybe inside exception groups
            codes = [getattr(leaf, "code", None) for leaf in leaves(error)]
            step["errorCodes"] = codes
            step["error"] = " ".join(repr(leaf) for leaf in leaves(error))


async def main():
    out = {}
    await without_roots(out)
    await elicitation(out)
    await with_roots(out)
    await client_modes(out)
    print(json.dumps(out, ensure_ascii=True))


anyio.run(main)
