'use strict';
// Every file entry point Node documents (fs, fs/promises, FileHandle, the fs classes, and the
// calls of other modules that take a file path), each called the way an attacker would: through
// the symlink `out`, which leads outside the working directory, or on a descriptor opened for
// reading on the protected `.git/config`. NodeEntryPointsTest runs this script through the real
// runner and checks each result, that every name Node documents (its fs.json for the installed
// version) and every function its fs modules export is listed here, and that nothing outside
// changed. `expect` is the refusal code; '-' names an entry point that takes no path (a
// descriptor, a handle or a value already read) with the reason.
const fs = require('fs');
const fsp = fs.promises;

const cb = (call) => new Promise((resolve, reject) => call((error) => (error ? reject(error) : resolve())));
const readOnlyFd = () => fs.openSync('.git/config', 'r');
const withReadOnlyHandle = async (use) => {
  const handle = await fsp.open('.git/config', 'r');
  try {
    await use(handle);
  } finally {
    await handle.close();
  }
};
const noPath = (why) => ['-', why];

const paths = {
  access: ['out/secret.txt'], appendFile: ['out/secret.txt', 'x'], chmod: ['out/secret.txt', 0o600],
  chown: ['out/secret.txt', 0, 0], copyFile: ['out/secret.txt', 'copy.txt'], cp: ['out', 'copy', { recursive: true }],
  lchmod: ['out/secret.txt', 0o600], lchown: ['out/secret.txt', 0, 0], lutimes: ['out/secret.txt', 1, 1],
  link: ['out/secret.txt', 'alias.txt'], lstat: ['out/secret.txt'], mkdir: ['out/new'], mkdtemp: ['out/tmp-'],
  open: ['out/secret.txt', 'r'], opendir: ['out'], readdir: ['out'], readFile: ['out/secret.txt'],
  readlink: ['out/secret.txt'], realpath: ['out'], rename: ['out/secret.txt', 'moved.txt'], rmdir: ['out/dir'],
  rm: ['out/secret.txt'], stat: ['out'], statfs: ['out'], symlink: ['/etc/passwd', 'evil-link'],
  truncate: ['out/secret.txt', 0], unlink: ['out/secret.txt'], utimes: ['out/secret.txt', 1, 1],
  writeFile: ['out/secret.txt', 'pwned'], exists: ['out/secret.txt'],
};

const entries = {};
for (const [name, args] of Object.entries(paths)) {
  entries['fs.' + name + 'Sync'] = ['path_escape', () => fs[name + 'Sync'](...args)];
  entries['fs.' + name] = name === 'exists'
    ? ['path_escape', () => new Promise((resolve, reject) => {
      try {
        fs.exists(...args, () => resolve());
      } catch (e) {
        reject(e);
      }
    })]
    : ['path_escape', () => cb((done) => fs[name](...args, done))];
  if (name !== 'exists') entries['fsPromises.' + name] = ['path_escape', () => fsp[name](...args)];
}
delete entries['fsPromises.exists'];
Object.assign(entries, {
  'fs.realpath.native': ['path_escape', () => cb((done) => fs.realpath.native('out', done))],
  'fs.realpathSync.native': ['path_escape', () => fs.realpathSync.native('out')],
  'fs.openAsBlob': ['path_escape', () => fs.openAsBlob('out/secret.txt')],
  'fs.createReadStream': ['path_escape', () => fs.createReadStream('out/secret.txt')],
  'fs.createWriteStream': ['path_escape', () => fs.createWriteStream('out/secret.txt')],
  'class fs.ReadStream': ['path_escape', () => new fs.ReadStream('out/secret.txt')],
  'class fs.WriteStream': ['path_escape', () => new fs.WriteStream('out/secret.txt')],
  'fs.ReadStream': ['path_escape', () => fs.ReadStream('out/secret.txt')],
  'fs.WriteStream': ['path_escape', () => fs.WriteStream('out/secret.txt')],
  'fs.FileReadStream': ['path_escape', () => new fs.FileReadStream('out/secret.txt')],
  'fs.FileWriteStream': ['path_escape', () => new fs.FileWriteStream('out/secret.txt')],
  'fs.watch': ['path_escape', () => fs.watch('out')],
  'fs.watchFile': ['command_not_allowed', () => fs.watchFile('secret.txt', () => {})],
  'fs.unwatchFile': ['path_escape', () => fs.unwatchFile('out/secret.txt')],
  'fsPromises.watch': ['command_not_allowed', () => fsp.watch('.')],
  'fs.fchmod': ['protected_path', () => cb((done) => fs.fchmod(readOnlyFd(), 0o777, done))],
  'fs.fchmodSync': ['protected_path', () => fs.fchmodSync(readOnlyFd(), 0o777)],
  'fs.fchown': ['protected_path', () => cb((done) => fs.fchown(readOnlyFd(), 0, 0, done))],
  'fs.fchownSync': ['protected_path', () => fs.fchownSync(readOnlyFd(), 0, 0)],
  'fs.futimes': ['protected_path', () => cb((done) => fs.futimes(readOnlyFd(), 1, 1, done))],
  'fs.futimesSync': ['protected_path', () => fs.futimesSync(readOnlyFd(), 1, 1)],
  'filehandle.appendFile': ['protected_path', () => withReadOnlyHandle((h) => h.appendFile('x'))],
  'filehandle.chmod': ['protected_path', () => withReadOnlyHandle((h) => h.chmod(0o777))],
  'filehandle.chown': ['protected_path', () => withReadOnlyHandle((h) => h.chown(0, 0))],
  'filehandle.truncate': ['protected_path', () => withReadOnlyHandle((h) => h.truncate(0))],
  'filehandle.utimes': ['protected_path', () => withReadOnlyHandle((h) => h.utimes(1, 1))],
  'filehandle.write': ['protected_path', () => withReadOnlyHandle((h) => h.write('x'))],
  'filehandle.writeFile': ['protected_path', () => withReadOnlyHandle((h) => h.writeFile('x'))],
  'filehandle.writev': ['protected_path', () => withReadOnlyHandle((h) => h.writev([Buffer.from('x')]))],
  'filehandle.createWriteStream': ['protected_path', () => withReadOnlyHandle((h) => {
    const stream = h.createWriteStream({ autoClose: false });
    return new Promise((resolve, reject) => {
      stream.on('error', reject).on('finish', resolve).end('x');
    }).finally(() => stream.destroy());
  })],
  // Beyond fs: the calls of other modules that take a file path.
  'process.chdir': ['path_escape', () => process.chdir('out')],
  'process.loadEnvFile': ['path_escape', () => process.loadEnvFile('out/secret.txt')],
  'process.dlopen': ['command_not_allowed', () => process.dlopen({ exports: {} }, 'addon.node')],
  'process.report.writeReport': ['command_not_allowed', () => process.report.writeReport('report.json')],
  'v8.writeHeapSnapshot': ['path_escape', () => require('v8').writeHeapSnapshot('out/x.heapsnapshot')],
  'net.connect': ['path_escape', () => require('net').connect('out/sock')],
  'net.createConnection': ['path_escape', () => require('net').createConnection({ path: 'out/sock' })],
  'socket.connect': ['path_escape', () => new (require('net').Socket)().connect('out/sock')],
  'server.listen': ['path_escape', () => require('net').createServer().listen('out/sock')],
  'tls.connect': ['path_escape', () => require('tls').connect('out/sock')],
  'http.request': ['path_escape', () => require('http').request({ socketPath: 'out/sock' })],
  'module.register': ['command_not_allowed', () => require('module').register('./hooks.mjs', 'file:///')],
  'module.createRequire': ['path_escape', () => require('module').createRequire(process.cwd() + '/x.js')('./out/secret.txt')],
  'require': ['path_escape', () => require('./out/secret.txt')],
  'import': ['path_escape', () => import('./out/secret.txt')],
  'child_process.execFile': ['command_not_allowed', () => require('child_process').execFile('cat', ['out/secret.txt'])],
  'child_process.execFileSync': ['command_not_allowed', () => require('child_process').execFileSync('cat', ['out/secret.txt'])],
  'replServer.setupHistory': ['path_escape', () => new Promise((resolve, reject) => {
    const { PassThrough } = require('stream');
    const server = require('repl').start({ input: new PassThrough(), output: new PassThrough(), terminal: false });
    server.setupHistory('out/history', (error) => {
      server.close();
      if (error) reject(error);
      else resolve();
    });
  })],
  'http2stream.respondWithFile': ['path_escape', () => new Promise((resolve, reject) => {
    const http2 = require('http2');
    const server = http2.createServer();
    server.on('stream', (stream) => {
      try {
        stream.respondWithFile('out/secret.txt');
        resolve();
      } catch (e) {
        stream.close();
        reject(e);
      }
    });
    server.listen(0, '127.0.0.1', () => {
      const client = http2.connect('http://127.0.0.1:' + server.address().port);
      const request = client.request({ ':path': '/' });
      request.on('data', (d) => process.stdout.write('LEAKED ' + d + '\n'));
      request.on('close', () => {
        client.close();
        server.close();
      });
      request.on('error', () => {});
      request.end();
    });
  })],
});

const descriptor = 'works on an open descriptor, which was checked when it was opened';
const handle = 'works on an open FileHandle, which was checked when it was opened';
for (const name of ['fs.close', 'fs.closeSync', 'fs.fdatasync', 'fs.fdatasyncSync', 'fs.fstat', 'fs.fstatSync',
  'fs.fsync', 'fs.fsyncSync', 'fs.ftruncate', 'fs.ftruncateSync', 'fs.read', 'fs.readSync', 'fs.readv',
  'fs.readvSync', 'fs.write', 'fs.writeSync', 'fs.writev', 'fs.writevSync']) {
  entries[name] = noPath(descriptor + ' (writing needs a descriptor opened for writing on a writable path)');
}
for (const name of ['filehandle.close', 'filehandle.createReadStream', 'filehandle.datasync', 'filehandle.read',
  'filehandle.readableWebStream', 'filehandle.readFile', 'filehandle.readLines', 'filehandle.readv',
  'filehandle.stat', 'filehandle.sync', 'filehandle[Symbol.asyncDispose]', 'filehandle.getAsyncId',
  'filehandle.constructor', 'class FileHandle']) {
  entries[name] = noPath(handle);
}
for (const name of ['class fs.Dir', 'dir.close', 'dir.closeSync', 'dir.read', 'dir.readSync',
  'dir[Symbol.asyncIterator]', 'fs.Dir']) {
  entries[name] = noPath('reads a directory handle that opendir checked');
}
for (const name of ['class fs.Dirent', 'fs.Dirent', 'class fs.Stats', 'fs.Stats', 'class fs.StatFs',
  'fs._toUnixTimestamp']) {
  entries[name] = noPath('a value already read; no file access');
}
for (const kind of ['dirent', 'stats']) {
  for (const test of ['isBlockDevice', 'isCharacterDevice', 'isDirectory', 'isFIFO', 'isFile', 'isSocket',
    'isSymbolicLink']) {
    entries[kind + '.' + test] = noPath('a value already read; no file access');
  }
}
for (const name of ['class fs.FSWatcher', 'watcher.close', 'watcher.ref', 'watcher.unref', 'class fs.StatWatcher']) {
  entries[name] = noPath('a watcher made by a checked fs.watch call');
}
entries['module.findSourceMap'] = noPath('looks up the source map of a module already loaded; reads no file');
entries['writeStream.close'] = noPath('closes a stream opened on a checked descriptor');
entries['fs.lchmod'] = noPath('only on macOS; Node on Linux has no fs.lchmod');
entries['fs.lchmodSync'] = noPath('only on macOS; Node on Linux has no fs.lchmodSync');

/** What this Node exports: every function of fs and fs/promises and every FileHandle method. */
async function exported() {
  const names = Object.keys(fs).filter((k) => typeof fs[k] === 'function').map((k) => 'fs.' + k);
  names.push(...Object.keys(fsp).filter((k) => typeof fsp[k] === 'function').map((k) => 'fsPromises.' + k));
  const h = await fsp.open('inside.txt', 'r');
  const proto = Object.getPrototypeOf(h);
  await h.close();
  for (const key of Reflect.ownKeys(proto)) {
    if (typeof key === 'symbol') {
      if (key === Symbol.asyncDispose || String(key) === 'Symbol(nodejs.asyncDispose)') names.push('filehandle[Symbol.asyncDispose]');
      continue; // Node's internal hooks (transfer, ref)
    }
    const d = Object.getOwnPropertyDescriptor(proto, key);
    if (typeof d.value === 'function') names.push('filehandle.' + key);
  }
  return names;
}

(async () => {
  const results = {};
  for (const [name, [expect, run]] of Object.entries(entries)) {
    if (expect === '-') continue;
    try {
      const value = await run();
      if (value && typeof value.destroy === 'function') value.destroy();
      results[name] = 'not refused';
    } catch (e) {
      results[name] = (e && (e.cslCode || e.code)) || String(e);
    }
  }
  const table = Object.fromEntries(Object.entries(entries).map(([name, [expect, rest]]) =>
    [name, expect === '-' ? '- ' + rest : expect]));
  console.log(JSON.stringify({ table, results, exported: await exported() }));
  process.exit(0);
})();
