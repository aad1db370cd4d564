// Drives `csl mcp` with the official MCP TypeScript SDK: connect, list tools, then an apply that is
// cancelled (AbortSignal) once its RUN has started. Prints one JSON line with what it saw.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

// csl is started as hosts start it: the launcher, with the SDK's default environment (no LANG,
// no LC_*), plus only CSL_CDS=0 (no class-data archive recorded in the test's scratch checkout)
// and the build's CSL_CONFIG_HOME (csl's per-user state inside target/, never the user's).
const [launcher, dir] = process.argv.slice(2);
const env = { CSL_CDS: '0' };
if (process.env.CSL_CONFIG_HOME) env.CSL_CONFIG_HOME = process.env.CSL_CONFIG_HOME;
const transport = new StdioClientTransport({
  command: launcher,
  args: ['mcp', '-C', dir],
  env,
  stderr: 'inherit',
});
const client = new Client({ name: 'csl-test', version: '1.0.0' });
await client.connect(transport);
const out = { tools: (await client.listTools()).tools.map((t) => t.name) };
const unicode = await client.callTool({
  name: 'apply',
  arguments: { answer: '<---WRITE file="h\u00e9llo.txt"--->\ncaf\u00e9 \u2713\n<---END--->\n' },
});
out.unicode = { isError: unicode.isError, text: unicode.content[0].text };

const answer = [
  '<---TASKS--->',
  '<---WRITE file="a.txt"--->',
  'first',
  '<---END--->',
  '<---RUN lang="node"--->',
  'console.log("started");',
  // An hour: the apply returns only if the cancel stopped it.
  'await new Promise((resolve) => setTimeout(resolve, 3600000));',
  '<---END--->',
  '<---END--->',
  '<---WRITE file="b.txt"--->',
  'later',
  '<---END--->',
  '',
].join('\n');
const controller = new AbortController();
try {
  await client.callTool({ name: 'apply', arguments: { answer } }, undefined, {
    signal: controller.signal,
    timeout: 600000,
    onprogress: (p) => {
      if (String(p.message).includes('started')) controller.abort('the user pressed stop');
    },
  });
  out.cancel = 'not cancelled';
} catch (e) {
  out.cancel = String(e);
}
// Tool calls run one at a time: this one is answered once the cancelled apply has stopped.
const checked = await client.callTool(
  {
    name: 'check',
    arguments: { answer: '<---WRITE file="c.txt"--->\nx\n<---END--->\n' },
  },
  undefined,
  { timeout: 600000 },
);
out.checkAfterwards = checked.isError ? 'error' : 'ok';
await client.close();
console.log(JSON.stringify(out));
