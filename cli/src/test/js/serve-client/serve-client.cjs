'use strict';
// Drives `csl serve` with vscode-jsonrpc's stock StreamMessageReader and StreamMessageWriter, as a
// VS Code extension does (LSP's Content-Length framing). Prints one JSON line with what it got.
const { spawn } = require('child_process');
const rpc = require('vscode-jsonrpc/node');

const [java, classPath, dir] = process.argv.slice(2);
const child = spawn(java, ['-cp', classPath, 'dev.csl.cli.Main', 'serve'], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
const connection = rpc.createMessageConnection(
  new rpc.StreamMessageReader(child.stdout),
  new rpc.StreamMessageWriter(child.stdin),
);
connection.listen();

(async () => {
  const write = '<---WRITE file="a.txt"--->\nh\u00e9llo \u2713\n<---END--->\n';
  const parsed = await connection.sendRequest('parse', { answer: write });
  const applied = await connection.sendRequest('apply', { workingDir: dir, answer: write });
  const content = require('fs').readFileSync(require('path').join(dir, 'a.txt'), 'utf8');
  let invalid = null;
  try {
    await connection.sendRequest('apply', { answer: write });
  } catch (e) {
    invalid = { code: e.code, message: e.message };
  }
  const undone = await connection.sendRequest('undo', { workingDir: dir });
  await connection.sendRequest('shutdown');
  console.log(JSON.stringify({ parsed, applied, content, invalid, undone }));
  connection.dispose();
  child.stdin.end();
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
