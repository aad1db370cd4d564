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

  // $/cancelRequest, as vscode-jsonrpc sends it when a token is cancelled: one apply queued behind
  // a running one (same directory) is cancelled at once, the running one while its Node script
  // sleeps for an hour (so the apply ends only if the cancel stopped it).
  const outcome = (p) =>
    p.then(
      (result) => ({ result }),
      (e) => ({ code: e.code, message: e.message, data: e.data }),
    );
  const slow =
    '<---TASKS--->\n<---WRITE file="t.txt"--->\nfirst\n<---END--->\n' +
    '<---RUN lang="node"--->\n' +
    "(await import('node:fs')).writeFileSync('started.txt', '');\n" +
    'await new Promise((r) => setTimeout(r, 3600000));\n<---END--->\n' +
    '<---END--->\n';
  const running = new rpc.CancellationTokenSource();
  const queued = new rpc.CancellationTokenSource();
  const first = outcome(
    connection.sendRequest('apply', { workingDir: dir, answer: slow }, running.token),
  );
  const second = outcome(
    connection.sendRequest(
      'apply',
      { workingDir: dir, answer: '<---WRITE file="queued.txt"--->\nq\n<---END--->\n' },
      queued.token,
    ),
  );
  queued.cancel();
  // Cancelled once the Node script runs (its file says so), however long its start takes.
  const startedFile = require('path').join(dir, 'started.txt');
  while (!require('fs').existsSync(startedFile)) await new Promise((r) => setTimeout(r, 20));
  running.cancel();
  const [cancelledRunning, cancelledQueued] = await Promise.all([first, second]);

  await connection.sendRequest('shutdown');
  console.log(
    JSON.stringify({
      parsed,
      applied,
      content,
      invalid,
      undone,
      cancelledRunning,
      cancelledQueued,
    }),
  );
  connection.dispose();
  child.stdin.end();
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
