'use strict';
// csl's guard for lang="node" scripts (SPEC §2.4 and §3). Loaded with `node --require` before the
// script: every path that reaches fs, fs/promises, FileHandle methods and streams goes through the
// same resolve-and-verify rule as csl's Java path guard. Node's permission model and the OS sandbox
// sit underneath; this layer is the one that understands symlinks and gives messages that say what
// was refused, where it resolved and why.
const fs = require('fs');
const path = require('path');
const url = require('url');
const Module = require('module');

const fsp = fs.promises;
const ROOT_GIVEN = path.resolve(process.env.CSL_ROOT || process.cwd());
delete process.env.CSL_ROOT;

// The unguarded functions the guard itself needs, taken before anything is replaced.
const raw = {
  readdir: fs.readdirSync,
  lstat: fs.lstatSync,
  stat: fs.statSync,
  readlink: fs.readlinkSync,
  realpath: fs.realpathSync,
};
const REAL_ROOT = raw.realpath(ROOT_GIVEN);

class CslRefusal extends Error {
  constructor(code, message, written, resolved) {
    super(code + ': ' + message);
    this.code = 'ERR_CSL_' + code.toUpperCase();
    this.cslCode = code;
    if (written !== undefined) this.path = written;
    if (resolved !== undefined) this.resolved = resolved;
  }
}
// On the prototype, so that the first line of the stack already says CslRefusal.
CslRefusal.prototype.name = 'CslRefusal';

const quote = (p) => "'" + p + "'";
const outsideWhy = 'outside the working directory ' + REAL_ROOT +
  ' (a csl Node script may only use files inside it)';

// ---- Step 1: names a careful engineer would never mean -------------------------------------

const DEVICE = /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3]|conin\$|conout\$)(\..*)?$/i;
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

function count(text, ch) {
  let n = 0;
  for (const c of text) if (c === ch) n++;
  return n;
}

function nameProblem(p) {
  if (p === '') return 'the path is empty';
  if (/[\u0000-\u001f\u007f]/.test(p)) return 'it contains a control character';
  if (p.startsWith('~')) return 'a ~ path is never expanded here; write the path relative to the working directory';
  if (/(^|\/)\$[A-Za-z_]/.test(p) || p.includes('${') || p.includes('$(')) {
    return 'it contains an unexpanded variable; write the real path';
  }
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(p) || /^file:/i.test(p)) return 'it is a URI, not a path';
  if (/%(2e|2f|5c)/i.test(p)) return 'it contains percent-encoded dots or slashes';
  if (p.includes('\\')) return 'it contains a backslash; use / between directories';
  if (/^[A-Za-z]:/.test(p)) return 'it starts with a drive letter';
  if (INVISIBLE.test(p)) return 'it contains an invisible zero-width or bidi control character';
  const folded = p.normalize('NFKC');
  for (const ch of ['.', '/', '\\']) {
    if (count(folded, ch) > count(p, ch)) return 'it contains a look-alike of ' + quote(ch);
  }
  for (const name of p.split('/')) {
    if (name === '' || name === '.' || name === '..') continue;
    if (/[. ]$/.test(name)) return 'the name ' + quote(name) + ' ends in a dot or a space';
    if (DEVICE.test(name)) return quote(name) + ' is a Windows device name';
    if (name.includes(':$') || name.includes('::')) return quote(name) + ' names an NTFS stream';
    if (/~[0-9]/.test(name)) return quote(name) + ' looks like a Windows short name';
  }
  return null;
}

// ---- Steps 2 to 6: resolve one component at a time and verify every hop --------------------

function within(p, root) {
  return p === root || p.startsWith(root === '/' ? '/' : root + '/');
}

function below(p, root) {
  return p.slice(root.length).split('/').filter((c) => c !== '');
}

/** Turns what a script passed (string, Buffer, file: URL) into the path string as written. */
function asWritten(p) {
  if (typeof p === 'string') return p;
  if (Buffer.isBuffer(p) || p instanceof Uint8Array) return Buffer.from(p).toString('utf8');
  if (p instanceof URL || (p && typeof p === 'object' && typeof p.href === 'string' && p.protocol)) {
    if (p.protocol !== 'file:') return null;
    return url.fileURLToPath(p);
  }
  return null;
}

/**
 * Resolves `written` and verifies it for `mode` ('read', 'write' or 'delete'); returns the
 * resolved absolute path or throws CslRefusal. `follow` says whether a final symlink is followed.
 */
function verify(written, mode, follow) {
  const problem = nameProblem(written);
  if (problem) throw new CslRefusal('invalid_path', quote(written) + ' was refused: ' + problem, written);
  let queue;
  let parts;
  if (path.isAbsolute(written)) {
    const normalizedStart = written.replace(/\/+/g, '/');
    let root = null;
    for (const candidate of [REAL_ROOT, ROOT_GIVEN]) {
      if (within(normalizedStart, candidate)) { root = candidate; break; }
    }
    if (root === null) {
      throw new CslRefusal('path_escape', quote(written) + ' is ' + outsideWhy, written, path.normalize(written));
    }
    parts = [];
    queue = below(normalizedStart, root);
  } else {
    const cwd = raw.realpath(process.cwd());
    if (!within(cwd, REAL_ROOT)) {
      throw new CslRefusal('path_escape', 'the current directory ' + cwd + ' is ' + outsideWhy, written, cwd);
    }
    parts = below(cwd, REAL_ROOT);
    queue = written.split('/').filter((c) => c !== '');
  }
  let hops = 0;
  while (queue.length > 0) {
    const name = queue.shift();
    if (name === '.') continue;
    if (name === '..') {
      if (parts.length === 0) {
        throw new CslRefusal('path_escape', quote(written) + ' climbs above the working directory ' +
          REAL_ROOT + ' with ..', written, path.resolve(REAL_ROOT, '..'));
      }
      parts.pop();
      continue;
    }
    const here = path.join(REAL_ROOT, ...parts, name);
    let info = null;
    try {
      info = raw.lstat(here);
    } catch (e) {
      info = null;
    }
    if (info && info.isSymbolicLink() && (queue.length > 0 || follow)) {
      if (++hops > 40) {
        throw new CslRefusal('invalid_path', quote(written) + ' has too many symlink hops (a loop?)', written, here);
      }
      const target = raw.readlink(here);
      if (path.isAbsolute(target)) {
        const normalizedTarget = target.replace(/\/+/g, '/');
        if (!within(normalizedTarget, REAL_ROOT)) {
          throw new CslRefusal('path_escape', quote(written) + ' leads through the symlink ' + here +
            ' -> ' + target + ', ' + outsideWhy, written, target);
        }
        parts = [];
        queue = below(normalizedTarget, REAL_ROOT).concat(queue);
      } else {
        const targetParts = target.split('/').filter((c) => c !== '');
        let depth = parts.length;
        for (const t of targetParts) {
          if (t === '..') {
            if (depth === 0) {
              throw new CslRefusal('path_escape', quote(written) + ' leads through the symlink ' + here +
                ' -> ' + target + ', ' + outsideWhy, written, path.resolve(path.dirname(here), target));
            }
            depth--;
          } else if (t !== '.') {
            depth++;
          }
        }
        queue = targetParts.concat(queue);
      }
      continue;
    }
    parts.push(name);
  }
  const resolved = path.join(REAL_ROOT, ...parts);
  if (mode !== 'read' && parts.length > 0 && ['.git', '.csl'].includes(parts[0].toLowerCase())) {
    throw new CslRefusal('protected_path', quote(written) + ' resolves to ' + resolved + ', inside ' +
      parts[0] + ', which csl keeps read-only', written, resolved);
  }
  if (mode === 'delete' && parts.length === 0) {
    throw new CslRefusal('protected_path', quote(written) + ' is the working directory itself, which cannot be removed',
      written, resolved);
  }
  return resolved;
}

/** Refuses FIFOs, sockets and devices for content access (SPEC §3 step 6). */
function verifyContent(written, resolved) {
  let info = null;
  try {
    info = raw.stat(resolved);
  } catch (e) {
    return;
  }
  if (!info.isFile() && !info.isDirectory()) {
    throw new CslRefusal('invalid_path', quote(written) + ' resolves to ' + resolved +
      ', which is not a regular file or directory', written, resolved);
  }
}

// ---- Open file descriptors and handles: what they may still change --------------------------

const fdWritable = new Map();
const handleWritable = new WeakMap();

function mayWrite(written) {
  try {
    verify(written, 'write', true);
    return true;
  } catch (e) {
    return false;
  }
}

function checkFd(fd, what) {
  if (typeof fd !== 'number') return;
  if (fd <= 2) return;
  if (fdWritable.get(fd) !== true) {
    throw new CslRefusal('protected_path', what + ' on file descriptor ' + fd +
      ' was refused: it was not opened on a writable path inside the working directory ' + REAL_ROOT);
  }
}

function checkHandle(handle, what) {
  if (handleWritable.get(handle) !== true) {
    throw new CslRefusal('protected_path', what + ' was refused: the file handle was not opened on a writable path inside the working directory ' + REAL_ROOT);
  }
}

function isWriteFlag(flags) {
  if (flags === undefined || flags === null) return false;
  if (typeof flags === 'number') {
    const c = fs.constants;
    return (flags & (c.O_WRONLY | c.O_RDWR | c.O_CREAT | c.O_TRUNC | c.O_APPEND)) !== 0;
  }
  // fs.open(path, callback): the second argument is no flag at all.
  if (typeof flags !== 'string') return false;
  return /[wa+]/.test(flags);
}

// ---- Wrapping ------------------------------------------------------------------------------

/**
 * One path argument: `mode` read/write/delete/open/link (link = symlink target, only checked for
 * where it points), `follow` whether a final symlink is followed, `content` whether its content
 * is read or written.
 */
function checkArg(value, spec, args) {
  if (typeof value === 'number') {
    if (spec.mode !== 'read') checkFd(value, 'writing');
    return;
  }
  if (value && typeof value === 'object' && handleWritable.has(value)) {
    if (spec.mode !== 'read') checkHandle(value, 'writing');
    return;
  }
  const written = asWritten(value);
  if (written === null) return; // Node itself rejects what is neither a path nor a descriptor.
  let mode = spec.mode;
  if (mode === 'open') mode = isWriteFlag(args[1]) ? 'write' : 'read';
  if (mode === 'openStream') {
    const options = args[1];
    const flags = typeof options === 'object' && options ? options.flags : undefined;
    mode = isWriteFlag(flags) ? 'write' : 'read';
  }
  if (mode === 'prefix') {
    verify(written + 'XXXXXX', 'write', false);
    return;
  }
  const resolved = verify(written, mode, spec.follow !== false);
  if (spec.content) verifyContent(written, resolved);
}

function checkSymlinkTarget(targetValue, linkValue) {
  const target = asWritten(targetValue);
  const link = asWritten(linkValue);
  if (target === null || link === null) return;
  const linkResolved = verify(link, 'write', false);
  const problem = nameProblem(target);
  if (problem) throw new CslRefusal('invalid_path', 'symlink target ' + quote(target) + ' was refused: ' + problem, target);
  const absoluteTarget = path.isAbsolute(target) ? target : path.join(path.dirname(linkResolved), target);
  const normalized = path.normalize(absoluteTarget);
  if (!within(normalized, REAL_ROOT) && !within(normalized, ROOT_GIVEN)) {
    throw new CslRefusal('path_escape', 'a symlink ' + quote(link) + ' -> ' + quote(target) + ' would point to ' +
      normalized + ', ' + outsideWhy, target, normalized);
  }
}

/** Node's bare permission error, translated so that it says what and why. */
function translate(error, args) {
  if (!error || error.code !== 'ERR_ACCESS_DENIED') return error;
  const resource = error.resource || (args.length > 0 ? asWritten(args[0]) : null);
  const refusal = new CslRefusal('path_escape', (resource ? quote(resource) + ' is ' : 'the access is ') + outsideWhy +
    ' (refused by Node\'s permission model)', resource || undefined);
  return refusal;
}

const STYLE_SYNC = 'sync';
const STYLE_CALLBACK = 'callback';
const STYLE_PROMISE = 'promise';

function guard(original, specs, style, after) {
  if (typeof original !== 'function') return original;
  const wrapped = function (...args) {
    try {
      specs(args);
    } catch (refusal) {
      // The stack starts at the script's own call, not inside this preload.
      if (refusal instanceof CslRefusal) Error.captureStackTrace(refusal, wrapped);
      if (style === STYLE_SYNC) throw refusal;
      if (style === STYLE_PROMISE) return Promise.reject(refusal);
      const callback = args[args.length - 1];
      if (typeof callback === 'function') {
        process.nextTick(callback, refusal);
        return undefined;
      }
      throw refusal;
    }
    if (style === STYLE_SYNC) {
      let result;
      try {
        result = original.apply(this, args);
      } catch (error) {
        throw translate(error, args);
      }
      return after ? after(result, args) : result;
    }
    if (style === STYLE_PROMISE) {
      return original.apply(this, args).then(
        (result) => (after ? after(result, args) : result),
        (error) => { throw translate(error, args); });
    }
    const callbackIndex = args.length - 1;
    if (typeof args[callbackIndex] === 'function') {
      const callback = args[callbackIndex];
      args[callbackIndex] = function (error, ...results) {
        if (error) return callback.call(this, translate(error, args), ...results);
        if (after) results[0] = after(results[0], args);
        return callback.call(this, error, ...results);
      };
    }
    try {
      return original.apply(this, args);
    } catch (error) {
      throw translate(error, args);
    }
  };
  Object.defineProperty(wrapped, 'name', { value: original.name });
  for (const key of Object.keys(original)) wrapped[key] = original[key];
  return wrapped;
}

const R = { mode: 'read' };
const RC = { mode: 'read', content: true };
const RL = { mode: 'read', follow: false };
const W = { mode: 'write' };
const WC = { mode: 'write', content: true };
const WL = { mode: 'write', follow: false };
const D = { mode: 'delete', follow: false };
const OPEN = { mode: 'open', content: true };

const onePath = (spec) => (args) => checkArg(args[0], spec, args);
const twoPaths = (first, second) => (args) => {
  checkArg(args[0], first, args);
  checkArg(args[1], second, args);
};

const TABLE = {
  access: onePath(R),
  appendFile: onePath(WC),
  chmod: onePath(W),
  chown: onePath(W),
  lchmod: onePath(WL),
  lchown: onePath(WL),
  copyFile: twoPaths(RC, WC),
  exists: onePath(R),
  link: twoPaths(RL, WL),
  lstat: onePath(RL),
  lutimes: onePath(WL),
  mkdir: onePath(W),
  mkdtemp: onePath({ mode: 'prefix' }),
  open: onePath(OPEN),
  openAsBlob: onePath(RC),
  opendir: (args) => checkRecursiveList(args),
  readdir: (args) => checkRecursiveList(args),
  readFile: onePath(RC),
  readlink: onePath(RL),
  realpath: onePath(R),
  rename: twoPaths(D, WL),
  rm: onePath(D),
  rmdir: onePath(D),
  stat: onePath(R),
  statfs: onePath(R),
  symlink: (args) => checkSymlinkTarget(args[0], args[1]),
  truncate: onePath(WC),
  unlink: onePath(D),
  utimes: onePath(W),
  writeFile: onePath(WC),
  cp: (args) => checkCopy(args[0], args[1], args[2]),
};

/**
 * readdir and opendir with {recursive: true} list a whole tree, and Node descends symlinked
 * directories on the way: every link in the tree is verified first, so one that leads outside
 * refuses the call instead of listing outside names.
 */
function checkRecursiveList(args) {
  checkArg(args[0], R, args);
  const options = args[1];
  const top = asWritten(args[0]);
  if (top === null || !options || typeof options !== 'object' || !options.recursive) return;
  const walk = (written) => {
    const resolved = verify(written, 'read', true);
    let names;
    try {
      names = raw.readdir(resolved);
    } catch (e) {
      return; // not a directory, or gone: Node reports that itself
    }
    for (const name of names) {
      const child = written + '/' + name;
      let info;
      try {
        info = raw.lstat(path.join(resolved, name));
      } catch (e) {
        continue;
      }
      if (info.isSymbolicLink()) {
        const target = verify(child, 'read', true); // throws for a link that leads outside
        let targetInfo;
        try {
          targetInfo = raw.stat(target);
        } catch (e) {
          continue;
        }
        if (targetInfo.isDirectory()) walk(child);
      } else if (info.isDirectory()) {
        walk(child);
      }
    }
  };
  walk(top);
}

/** fs.cp copies a tree; with dereference it would read through links, so those are walked too. */
function checkCopy(source, destination, options) {
  const from = asWritten(source);
  checkArg(source, R, []);
  checkArg(destination, W, []);
  if (from === null || !options || typeof options !== 'object' || !options.dereference) return;
  const walk = (written) => {
    const resolved = verify(written, 'read', true);
    let info;
    try {
      info = raw.stat(resolved);
    } catch (e) {
      return;
    }
    if (!info.isDirectory()) return;
    for (const name of fs.readdirSync(resolved)) walk(written + '/' + name);
  };
  walk(from);
}

const afterOpenFd = (fd, args) => {
  if (typeof fd === 'number') fdWritable.set(fd, mayWrite(asWritten(args[0]) ?? ''));
  return fd;
};
const afterOpenHandle = (handle, args) => {
  if (handle && typeof handle === 'object') {
    handleWritable.set(handle, mayWrite(asWritten(args[0]) ?? ''));
    guardFileHandlePrototype(Object.getPrototypeOf(handle));
  }
  return handle;
};
const afterClose = (result, args) => {
  fdWritable.delete(args[0]);
  return result;
};

for (const [name, specs] of Object.entries(TABLE)) {
  const after = name === 'open' ? afterOpenFd : undefined;
  // exists() calls back with a boolean, never an error: a refusal is thrown instead.
  fs[name] = guard(fs[name], specs, name === 'exists' ? STYLE_SYNC : STYLE_CALLBACK, after);
  fs[name + 'Sync'] = guard(fs[name + 'Sync'], specs, STYLE_SYNC, after);
  if (fsp[name]) {
    fsp[name] = guard(fsp[name], specs, STYLE_PROMISE, name === 'open' ? afterOpenHandle : undefined);
  }
}
// realpath.native is a separate function on each realpath; the copy above kept the raw one.
fs.realpath.native = guard(fs.realpath.native, onePath(R), STYLE_CALLBACK);
fs.realpathSync.native = guard(fs.realpathSync.native, onePath(R), STYLE_SYNC);
fs.close = guard(fs.close, () => {}, STYLE_CALLBACK, afterClose);
fs.closeSync = guard(fs.closeSync, () => {}, STYLE_SYNC, afterClose);

// Descriptor-based changes of metadata: chmod on a descriptor opened for reading would otherwise
// change a protected file.
for (const name of ['fchmod', 'fchown', 'futimes']) {
  const fdSpec = (args) => checkFd(args[0], name);
  fs[name] = guard(fs[name], fdSpec, STYLE_CALLBACK);
  fs[name + 'Sync'] = guard(fs[name + 'Sync'], fdSpec, STYLE_SYNC);
}

for (const name of ['watch', 'watchFile', 'unwatchFile']) {
  fs[name] = guard(fs[name], onePath(R), STYLE_SYNC);
}
fs.createReadStream = guard(fs.createReadStream, onePath({ mode: 'openStream', content: true }), STYLE_SYNC);
fs.createWriteStream = guard(fs.createWriteStream, (args) => {
  const options = args[1];
  const flags = typeof options === 'object' && options && options.flags ? options.flags : 'w';
  checkArg(args[0], { mode: isWriteFlag(flags) ? 'write' : 'read', content: true }, args);
}, STYLE_SYNC);
if (fsp.watch) fsp.watch = guard(fsp.watch, onePath(R), STYLE_SYNC);

let fileHandleGuarded = false;
function guardFileHandlePrototype(proto) {
  if (fileHandleGuarded || !proto) return;
  fileHandleGuarded = true;
  for (const name of ['chmod', 'chown', 'utimes', 'truncate', 'write', 'writev', 'writeFile', 'appendFile']) {
    if (typeof proto[name] !== 'function') continue;
    const original = proto[name];
    proto[name] = function (...args) {
      try {
        checkHandle(this, 'FileHandle.' + name);
      } catch (refusal) {
        return Promise.reject(refusal);
      }
      return original.apply(this, args);
    };
  }
}

// ---- No child processes, no workers, no native bindings ------------------------------------

function forbidden(what, instead) {
  const refuse = function () {
    const refusal = new CslRefusal('command_not_allowed', what + ' are not allowed in a csl Node script: ' + instead);
    Error.captureStackTrace(refusal, refuse);
    throw refusal;
  };
  return refuse;
}

const childProcess = require('child_process');
for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
  childProcess[name] = forbidden('child processes', 'put the command on its own line in a RUN block instead');
}
const workerThreads = require('worker_threads');
workerThreads.Worker = forbidden('worker threads', 'do the work in the script itself');
// The other APIs Node's permission model refuses, so that nobody meets its bare message.
const inspector = require('inspector');
inspector.open = forbidden('inspector sessions', 'debug outside csl');
if (inspector.Session) {
  inspector.Session.prototype.connect = forbidden('inspector sessions', 'debug outside csl');
}
if (process.report) {
  process.report.writeReport = forbidden('diagnostic reports', 'print what you need to stdout');
}
const wasi = require('wasi');
wasi.WASI = forbidden('WASI instances', 'use plain JavaScript');
process.binding = forbidden('process.binding calls', 'use the public fs API');
process._linkedBinding = forbidden('process._linkedBinding calls', 'use the public fs API');
process.dlopen = forbidden('native add-ons', 'use plain JavaScript');

// process.loadEnvFile reads a file by path like readFile does.
if (typeof process.loadEnvFile === 'function') {
  const loadEnvFile = process.loadEnvFile;
  process.loadEnvFile = function (file) {
    try {
      checkArg(file === undefined ? '.env' : file, RC, [file]);
    } catch (refusal) {
      Error.captureStackTrace(refusal, process.loadEnvFile);
      throw refusal;
    }
    return loadEnvFile.apply(process, arguments);
  };
}

const chdir = process.chdir;
process.chdir = function (directory) {
  const resolved = verify(String(asWritten(directory) ?? directory), 'read', true);
  return chdir.call(process, resolved);
};

// Named ES imports (`import { readFileSync } from 'fs'`) read these bindings: refresh them.
Module.syncBuiltinESMExports();
