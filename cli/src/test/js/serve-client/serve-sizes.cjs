'use strict';
// Drives `csl serve` with vscode-jsonrpc at the edges of size, through a pipe, in either framing:
// LSP's Content-Length headers (the stock StreamMessageReader/StreamMessageWriter) or one message
// per line (a reader and writer of that framing plugged into the same connection). Prints one JSON
// line with what it got.
//
// Usage: node serve-sizes.cjs JAVA CLASSPATH FRAMING(header|line) LIMIT_BYTES LARGE_BYTES
const { spawn } = require('child_process');
const rpc = require('vscode-jsonrpc/node');

const [java, classPath, framing, limitText, largeText] = process.argv.slice(2);
const limit = Number(limitText);
const large = Number(largeText);
const child = spawn(java, ['-Xmx1g', '-cp', classPath, 'dev.csl.cli.Main', 'serve'], {
  stdio: ['pipe', 'pipe', 'inherit'],
});

/** One JSON-RPC message per line, for vscode-jsonrpc's connection. */
class LineReader extends rpc.AbstractMessageReader {
  constructor(stream) {
    super();
    this.stream = stream;
  }
  listen(callback) {
    let chunks = [];
    this.stream.on('data', (data) => {
      let start = 0;
      let end;
      while ((end = data.indexOf(10, start)) !== -1) {
        chunks.push(data.subarray(start, end));
        const line = Buffer.concat(chunks).toString('utf8');
        chunks = [];
        start = end + 1;
        if (line.trim() !== '') callback(JSON.parse(line));
      }
      if (start < data.length) chunks.push(data.subarray(start));
    });
    this.stream.on('error', (e) => this.fireError(e));
    this.stream.on('close', () => this.fireClose());
    return { dispose: () => {} };
  }
}

class LineWriter extends rpc.AbstractMessageWriter {
  constructor(stream) {
    super();
    this.stream = stream;
  }
  write(message) {
    return new Promise((resolve, reject) => {
      this.stream.write(JSON.stringify(message) + '\n', 'utf8', (e) => (e ? reject(e) : resolve()));
    });
  }
  end() {}
}

const connection =
  framing === 'line'
    ? rpc.createMessageConnection(new LineReader(child.stdout), new LineWriter(child.stdin))
    : rpc.createMessageConnection(
        new rpc.StreamMessageReader(child.stdout),
        new rpc.StreamMessageWriter(child.stdin),
      );
connection.listen();

const outcome = (p) =>
  p.then(
    (result) => ({ ok: result.ok, operations: result.ast ? result.ast.length : null, result }),
    (e) => ({ code: e.code, message: e.message }),
  );
const write = (name, content) =>
  '<---WRITE file="' + name + '"--->\n' + content + '\n<---END--->\n';

(async () => {
  const first = await outcome(connection.sendRequest('parse', { answer: write('a.txt', 'a') }));

  // Over the limit: the answer alone is one byte longer than the largest message serve reads.
  const over = await outcome(
    connection.sendRequest('parse', { answer: 'x'.repeat(limit + 1) }),
  );
  const afterOver = await outcome(
    connection.sendRequest('parse', { answer: write('b.txt', 'b') }),
  );

  // A large request beside a small one: each answered with its own id, whatever the order.
  const line = 'abcdefghij'.repeat(7) + '\n';
  const content = line.repeat(Math.floor(large / line.length));
  const [big, small] = await Promise.all([
    outcome(connection.sendRequest('parse', { answer: write('big.txt', content) })),
    outcome(connection.sendRequest('parse', { answer: write('c.txt', 'c') })),
  ]);
  const bigContentLength =
    big.result && big.result.ast ? big.result.ast[0].content.length : null;

  await connection.sendRequest('shutdown');
  const strip = (o) => ({ ok: o.ok, code: o.code, message: o.message, operations: o.operations });
  console.log(
    JSON.stringify({
      first: strip(first),
      over: strip(over),
      afterOver: strip(afterOver),
      big: strip(big),
      bigContentLength,
      sentContentLength: content.length,
      small: {
        ...strip(small),
        file: small.result && small.result.ast ? small.result.ast[0].attributes.file : null,
      },
    }),
  );
  connection.dispose();
  child.stdin.end();
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
