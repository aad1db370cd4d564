'use strict';
// csl's guard for lang="node" scripts (SPEC §2.4 and §3). Loaded with `node --require` before the
// script: every path that reaches fs, fs/promises, FileHandle methods and streams goes through the
// same resolve-and-verify rule as csl's Java path guard. Node's permission model and the OS sandbox
// sit underneath; this layer is the one that understands symlinks and gives messages that say what
// was refused, where it resolved and why.
//
// Check what Node will use: every path, URL, Buffer and options object a call receives is copied
// once into a plain value (a string, a fresh object of primitives), the copy is checked and the copy
// is handed to Node, never the caller's object, so a getter, Proxy, toString or Symbol.toPrimitive
// cannot answer the check one way and Node another. The globals and prototypes the guard relies on
// are taken here, before the script runs, and frozen at the end (see lockdown), so that a script
// cannot change what the guard's own code does either.

// The globals the guard uses, taken before the script can replace them.
const {
  Array, ArrayBuffer, Buffer, Error, Function, JSON, Map, Number, Object, Promise, Proxy, Reflect, RegExp, Set,
  String, Symbol, TextDecoder, TypeError, URL, Uint8Array, WeakMap, WeakSet, decodeURIComponent, process,
} = globalThis;
const fs = require('fs');
const pathModule = require('path');
const Module = require('module');
const { isUint8Array } = require('util').types;

const path = Object.freeze({
  join: pathModule.join, resolve: pathModule.resolve, dirname: pathModule.dirname,
  basename: pathModule.basename, isAbsolute: pathModule.isAbsolute, normalize: pathModule.normalize,
});
const processCwd = process.cwd.bind(process);
const MY_PID = process.pid;
const captureStackTrace = Error.captureStackTrace;
const bufferFrom = Buffer.from;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const decodeUtf8 = TextDecoder.prototype.decode;
const urlGetter = (name) => Object.getOwnPropertyDescriptor(URL.prototype, name).get;
const URL_HREF = urlGetter('href');
const URL_PROTOCOL = urlGetter('protocol');
const URL_HOSTNAME = urlGetter('hostname');
const URL_PATHNAME = urlGetter('pathname');
const moduleIsBuiltin = Module.isBuiltin;
// Whether the block's network is on: csl sets CSL_NETWORK=1 when the user lists `node` under
// "network" in .csl/commands.json (an answer cannot write there).
const NETWORK = process.env.CSL_NETWORK === '1';
delete process.env.CSL_NETWORK;

const fsp = fs.promises;
// A copy: fs.constants is an object the script could change.
const O = Object.freeze({ ...fs.constants });
const ROOT_GIVEN = path.resolve(process.env.CSL_ROOT || processCwd());
delete process.env.CSL_ROOT;
// Mount points strictly inside the working directory (csl reads /proc/self/mountinfo, which the
// permission model would not let this script read): no recursive call crosses into one.
const MOUNTS = (() => {
  try {
    const list = JSON.parse(process.env.CSL_MOUNTS || '[]');
    return Array.isArray(list) ? list.filter((m) => typeof m === 'string') : [];
  } catch (e) {
    return [];
  }
})();
delete process.env.CSL_MOUNTS;
// csl's own files inside the working directory (its launcher, jar, caches, csl-confine): they run
// outside every sandbox at csl's next start, so they are protected like .git and .csl.
const OWN = (() => {
  try {
    const list = JSON.parse(process.env.CSL_OWN || '[]');
    return Array.isArray(list) ? list.filter((m) => typeof m === 'string') : [];
  } catch (e) {
    return [];
  }
})();
delete process.env.CSL_OWN;

// The unguarded functions the guard itself needs, taken before anything is replaced.
const raw = {
  readdir: fs.readdirSync,
  lstat: fs.lstatSync,
  stat: fs.statSync,
  readlink: fs.readlinkSync,
  realpath: fs.realpathSync,
  openSync: fs.openSync,
  closeSync: fs.closeSync,
  fstat: fs.fstatSync,
  readFileSync: fs.readFileSync,
  fspOpen: fs.promises.open,
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
// The rules are the Java guard's own (GuardRules, handed over in CSL_RULES): the same characters,
// limits, patterns, device names, link-hop limit and codes, applied in the same order, so that both
// guards refuse the same paths with the same codes. Without them nothing runs.
const RULES = (() => {
  const text = process.env.CSL_RULES;
  delete process.env.CSL_RULES;
  const rules = JSON.parse(text);
  if (rules === null || typeof rules !== 'object' || !Array.isArray(rules.controls)) {
    throw new Error('csl: the guard rules (CSL_RULES) are missing');
  }
  const pattern = (p) => new RegExp(p.whole ? '^(?:' + p.source + ')$' : p.source, p.flags);
  return Object.freeze({
    maxPathChars: rules.maxPathChars,
    maxNameBytes: rules.maxNameBytes,
    maxLinkHops: rules.maxLinkHops,
    linkLoopCode: rules.linkLoopCode,
    controls: rules.controls,
    invisible: rules.invisible,
    surrogates: rules.surrogates,
    whitespace: rules.whitespace,
    lookalikes: new Set(rules.lookalikes),
    devices: new Set(rules.devices),
    uri: pattern(rules.patterns.uri),
    drive: pattern(rules.patterns.drive),
    percent: pattern(rules.patterns.percent),
    windowsVariable: pattern(rules.patterns.windowsVariable),
    shortName: pattern(rules.patterns.shortName),
    stream: pattern(rules.patterns.stream),
  });
})();

function inRanges(ranges, cp) {
  for (const [first, last] of ranges) if (cp >= first && cp <= last) return true;
  return false;
}

const codePoint = (cp) => 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
const isWhitespace = (ch) => inRanges(RULES.whitespace, ch.codePointAt(0));

/** Java's String.strip: Java's whitespace off both ends. */
function strip(text) {
  const chars = [...text];
  let a = 0;
  let b = chars.length;
  while (a < b && isWhitespace(chars[a])) a++;
  while (b > a && isWhitespace(chars[b - 1])) b--;
  return chars.slice(a, b).join('');
}

const abbreviate = (name) => (name.length <= 40 ? name : name.slice(0, 37) + '...');

/** The reason a path is refused before resolution (PathSyntax.check's order), or null. */
function nameProblem(p) {
  if (p === '') return 'the path is empty';
  if ([...p].every(isWhitespace)) return 'the path is only whitespace';
  if (p.length > RULES.maxPathChars) return 'the path is longer than ' + RULES.maxPathChars + ' characters';
  for (const ch of p) {
    const cp = ch.codePointAt(0);
    if (inRanges(RULES.controls, cp)) return 'the path contains the control character ' + codePoint(cp);
    if (inRanges(RULES.invisible, cp)) return 'the path contains the invisible character ' + codePoint(cp);
    if (RULES.lookalikes.has(cp)) return 'the path contains ' + codePoint(cp) + ', which looks like . / or \\';
    if (inRanges(RULES.surrogates, cp)) return 'the path contains a broken UTF-16 surrogate ' + codePoint(cp);
  }
  if (p.includes('\\')) return 'the path contains a backslash';
  if (p.startsWith('~')) return '~ (home directory) is not expanded';
  if (p.includes('${') || p.includes('$(')) return 'the path contains an unexpanded shell variable or command';
  const colon = p.includes(':');
  if (colon && RULES.uri.test(p)) return 'the path is a URI';
  if (colon && RULES.drive.test(p)) return 'the path starts with a drive letter';
  if (p.startsWith('//') && p.length > 2 && p[2] !== '/') return 'the path starts with a network (UNC) prefix';
  if (p.includes('%') && RULES.percent.test(p)) return 'the path contains a percent-encoded dot or slash';
  for (const name of p.split('/')) {
    if (name === '' || name === '.' || name === '..') continue;
    if (Buffer.byteLength(name, 'utf8') > RULES.maxNameBytes) {
      return 'the name ' + quote(abbreviate(name)) + ' is longer than ' + RULES.maxNameBytes + ' bytes';
    }
    if (name[0] === '$' && name.length > 1 && /^[\p{L}_]$/u.test(name[1])) {
      return quote(name) + ' looks like an unexpanded shell variable';
    }
    if (name.includes('%') && RULES.windowsVariable.test(name)) return quote(name) + ' looks like an unexpanded Windows variable';
    const last = name[name.length - 1];
    if (last === '.' || last === ' ') return 'the name ' + quote(name) + ' ends in ' + (last === '.' ? 'a dot' : 'a space');
    if (name[0] === ' ') return 'the name ' + quote(name) + ' starts with a space';
    if (name.includes(':') && RULES.stream.test(name)) return quote(name) + ' names an NTFS alternate data stream';
    const dot = name.indexOf('.');
    const stem = dot >= 0 ? name.slice(0, dot) : name;
    if (RULES.devices.has(strip(stem).toUpperCase())) return quote(name) + ' is a reserved Windows device name';
    if (name.includes('~') && RULES.shortName.test(name)) return quote(name) + ' looks like a Windows 8.3 short name';
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

// ---- Check what Node will use: one plain copy of each argument ------------------------------

/** A path argument after copying: the string as written, or null for a descriptor or handle. */
function asWritten(p) {
  return typeof p === 'string' ? p : null;
}

/** What an object is, for a refusal, without calling anything of the object's own. */
function kindOf(value) {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  let name = '';
  try {
    const proto = Reflect.getPrototypeOf(value);
    const ctor = proto && Reflect.getOwnPropertyDescriptor(proto, 'constructor');
    name = ctor && typeof ctor.value === 'function' ? ctor.value.name : '';
  } catch (e) {
    name = ''; // a Proxy may throw here
  }
  if (name === 'Object' || name === '') return 'a plain object';
  return (/^[AEIOU]/.test(name) ? 'an ' : 'a ') + name + ' object';
}

/** A file: URL's path, from its href (taken once), parsed again here with Node's own rules. */
function pathOfFileUrl(href) {
  const parsed = new URL(href);
  const protocol = Reflect.apply(URL_PROTOCOL, parsed, []);
  if (protocol !== 'file:') {
    throw new CslRefusal('invalid_path', quote(href) + ' was refused: it is a ' + protocol +
      ' URL; only file: URLs name files', href);
  }
  if (Reflect.apply(URL_HOSTNAME, parsed, []) !== '') {
    throw new CslRefusal('invalid_path', quote(href) + ' was refused: a file: URL with a host names ' +
      'another machine', href);
  }
  const pathname = Reflect.apply(URL_PATHNAME, parsed, []);
  if (/%2f/i.test(pathname)) {
    throw new CslRefusal('invalid_path', quote(href) + ' was refused: it contains an encoded /', href);
  }
  return decodeURIComponent(pathname);
}

/**
 * One path argument, copied once: a string stays, a Buffer or Uint8Array is decoded from a copy
 * of its bytes, a URL (also a subclass) gives the path of its real href, read through URL's own
 * getter and not through any getter of the object. Numbers (descriptors) and the FileHandles this
 * preload opened pass as they are. Anything else (a URL-like object, a Proxy, an object with
 * toString or Symbol.toPrimitive) is refused: Node would read it again after the check.
 */
function plainPath(value) {
  if (typeof value === 'string' || value === undefined || value === null) return value;
  if (typeof value !== 'object') return value; // a descriptor; Node rejects other primitives
  if (handleWritable.has(value)) return value;
  if (isUint8Array(value)) {
    const bytes = bufferFrom(value); // a copy: changing the caller's buffer later changes nothing
    try {
      return Reflect.apply(decodeUtf8, utf8, [bytes]);
    } catch (e) {
      throw new CslRefusal('invalid_path', 'a Buffer path was refused: it is not valid UTF-8');
    }
  }
  let href = null;
  try {
    href = Reflect.apply(URL_HREF, value, []);
  } catch (e) {
    href = null; // not a URL: its own href, pathname or toString would be read again by Node
  }
  if (typeof href === 'string') return pathOfFileUrl(href);
  throw new CslRefusal('invalid_path', 'a path was refused: it is ' + kindOf(value) + ' but not a string, a ' +
    'Buffer or a real URL (csl checks one copy of a path and hands Node that copy, so a look-alike or a Proxy ' +
    'that could answer twice is refused)');
}

/** Option values that are objects by nature; every other object value becomes `true`. */
const OBJECT_OPTIONS = new Set(['signal', 'fs']);

/**
 * An options argument, copied once into a fresh object of its own enumerable properties, each
 * read once. Object values become `true` (an object is always truthy, and Node takes no other
 * object option than these), except a signal, a custom fs for streams, and a descriptor or
 * FileHandle, which is copied like a path.
 */
function plainOptions(value) {
  if (value === null || typeof value !== 'object') return value;
  const copy = { __proto__: null };
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key !== 'string') continue;
    const own = Reflect.getOwnPropertyDescriptor(value, key);
    if (!own || !own.enumerable) continue;
    const item = value[key];
    if (key === 'fd') copy.fd = plainPath(item);
    else if (item !== null && typeof item === 'object' && !OBJECT_OPTIONS.has(key)) copy[key] = true;
    else copy[key] = item;
  }
  return copy;
}

/**
 * The arguments of one call with every path (P) and options (O) position copied; `shape` is one
 * letter per position, '.' for positions handed on as they are (data, modes, callbacks).
 */
function copyArgs(args, shape) {
  const copied = [];
  for (let i = 0; i < args.length; i++) {
    const kind = i < shape.length ? shape[i] : '.';
    copied.push(kind === 'P' ? plainPath(args[i]) : kind === 'O' ? plainOptions(args[i]) : args[i]);
  }
  return copied;
}

/**
 * Resolves `written` and verifies it for `mode` ('read', 'write' or 'delete'); returns the
 * resolved absolute path or throws CslRefusal. `follow` says whether a final symlink is followed.
 */
function verify(written, mode, follow) {
  // A trailing slash makes the kernel follow a final symlink, so the guard follows it too.
  if (written.endsWith('/')) follow = true;
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
    const cwd = raw.realpath(processCwd());
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
      if (++hops > RULES.maxLinkHops) {
        throw new CslRefusal(RULES.linkLoopCode, quote(written) + ' leads through too many levels of symbolic links ' +
          '(a symlink loop)', written, here);
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
  if (mode !== 'read') refuseOwn(written, resolved, mode === 'delete');
  const guarded = mode === 'read' ? null : protectedName(parts);
  if (guarded !== null) {
    throw new CslRefusal('protected_path', quote(written) + ' resolves to ' + resolved + ', inside ' +
      guarded + ', which csl keeps read-only', written, resolved);
  }
  if (mode !== 'read') refuseRepositoryShape(written, parts);
  if (mode === 'delete' && parts.length === 0) {
    throw new CslRefusal('protected_path', quote(written) + ' is the working directory itself, which cannot be removed',
      written, resolved);
  }
  return resolved;
}

// ---- csl's own installation (step 5) ----------------------------------------------------------

/** Whether `p` is `prefix` or lies below it, name by name in any letter case (as for .git). */
function withinFolded(p, prefix) {
  return within(p.toLowerCase(), prefix.toLowerCase());
}

/**
 * Refuses a change at `resolved` to one of csl's own files, and (`tree`: a removal or a move of
 * it) of a directory holding one.
 */
function refuseOwn(written, resolved, tree) {
  for (const own of OWN) {
    if (withinFolded(resolved, own) || (tree && withinFolded(own, resolved))) {
      throw new CslRefusal('protected_path', quote(written) + ' resolves to ' + resolved + ', and ' + own +
        ' is part of csl\'s own installation, which runs outside the sandbox at csl\'s next start; csl keeps it ' +
        'read-only', written, resolved);
    }
  }
}

// ---- Repository-shaped directories (SPEC §3 step 5) -----------------------------------------

/** The first name of `names` that is `.git` or `.csl` in any letter case, or null. */
function protectedName(names) {
  for (const name of names) {
    const lower = name.toLowerCase();
    if (lower === '.git' || lower === '.csl') return name;
  }
  return null;
}

/**
 * Whether git would take a directory holding these names for a repository (a bare one, which git
 * tries on its way up from wherever the user runs it): HEAD together with objects and refs, or
 * HEAD with a commondir file naming where they are; in any letter case, of any kind (the same
 * rule as the Java guard's RepositoryShapes).
 */
function shaped(names) {
  let head = false;
  let objects = false;
  let refs = false;
  let commondir = false;
  for (const name of names) {
    const lower = name.toLowerCase();
    if (lower === 'head') head = true;
    else if (lower === 'objects') objects = true;
    else if (lower === 'refs') refs = true;
    else if (lower === 'commondir') commondir = true;
  }
  return head && ((objects && refs) || commondir);
}

const SHAPE_NAMES = ['head', 'objects', 'refs', 'commondir'];

function isDirectory(p) {
  try {
    return raw.stat(p).isDirectory();
  } catch (e) {
    return false;
  }
}

/** The names in `dir`, or null when it is not a directory (yet). */
function namesIn(dir) {
  try {
    return raw.readdir(dir);
  } catch (e) {
    return null;
  }
}

function shapeWhy(dir) {
  return dir + ' would then be a directory git takes for a repository (HEAD with objects/ and refs/), ' +
    'whose configuration could run a program when git is used there; csl does not let a script make one';
}

/**
 * A write or delete at `parts` (below the root) is refused inside a directory git would take for
 * a repository, and where the name it puts down would make one: each directory from the root down
 * to the target's parent is listed, with the name the change puts there (a directory that does
 * not exist yet is made by the change and holds nothing else).
 */
function refuseRepositoryShape(written, parts) {
  const resolved = path.join(REAL_ROOT, ...parts);
  for (let i = 0; i < parts.length; i++) {
    const dir = path.join(REAL_ROOT, ...parts.slice(0, i));
    const names = namesIn(dir);
    if (names === null) return;
    if (shaped(names)) {
      throw new CslRefusal('protected_path', quote(written) + ' resolves to ' + resolved + ', inside ' + dir +
        ', a directory git takes for a repository (HEAD with objects/ and refs/); csl does not write or delete ' +
        'inside one', written, resolved);
    }
    if (SHAPE_NAMES.includes(parts[i].toLowerCase()) && shaped(names.concat(parts[i]))) {
      throw new CslRefusal('protected_path', quote(written) + ' resolves to ' + resolved + ': ' + shapeWhy(dir),
        written, resolved);
    }
  }
}

/**
 * A tree that is moved or copied must not carry .git or .csl, nor a directory git would take for a
 * repository, to its new place.
 */
function refuseRepositoryTree(what, written, resolved, tree) {
  const refuse = (rel, why) => {
    throw new CslRefusal('protected_path', what + ' ' + quote(written) + ' was refused: ' +
      path.join(resolved, ...rel) + ' ' + why + '; nothing was changed', written, path.join(resolved, ...rel));
  };
  if (shaped(namesIn(resolved) || [])) refuse([], 'is a directory git takes for a repository');
  for (const [rel, info] of tree) {
    const guarded = protectedName(rel);
    if (guarded !== null) refuse(rel, 'is or lies inside ' + guarded + ', which csl keeps read-only');
    if (info.isDirectory() && shaped(namesIn(path.join(resolved, ...rel)) || [])) {
      refuse(rel, 'is a directory git takes for a repository');
    }
  }
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
    return (flags & (O.O_WRONLY | O.O_RDWR | O.O_CREAT | O.O_TRUNC | O.O_APPEND)) !== 0;
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
  // Node 20 to 22 refuse fs.symlink and fs.link under the permission model whatever the paths.
  const api = /^fs\.(symlink|link) API requires full/.exec(String(error.message));
  if (api) {
    return new CslRefusal('command_not_allowed', 'fs.' + api[1] + ' is refused by this Node\'s permission model ' +
      'whatever the paths (it needs access to the whole file system); make the link with a RUN line instead');
  }
  const resource = error.resource || (args.length > 0 ? asWritten(args[0]) : null);
  const refusal = new CslRefusal('path_escape', (resource ? quote(resource) + ' is ' : 'the access is ') + outsideWhy +
    ' (refused by Node\'s permission model)', resource || undefined);
  return refusal;
}

const STYLE_SYNC = 'sync';
const STYLE_CALLBACK = 'callback';
const STYLE_PROMISE = 'promise';
const STYLE_EXISTS = 'exists'; // fs.exists calls back with a boolean, never an error

/**
 * Wraps one fs function: check, then do. The callback and promise forms do their work with the
 * synchronous `twin` in the same tick as the check. Node would otherwise do it later on libuv's
 * thread pool, by path, after the script had time to swap a checked directory for a symlink that
 * leads outside; no script code runs between a synchronous check and a synchronous call. `shape`
 * names the path (P) and options (O) positions: those are copied first (copyArgs), and the copies
 * are what is checked and what Node gets.
 */
function guard(original, specs, style, after, twin, shape) {
  if (typeof original !== 'function') return original;
  const wrapped = function (...given) {
    let args;
    try {
      args = copyArgs(given, shape || '');
      specs(args);
    } catch (refusal) {
      // The stack starts at the script's own call, not inside this preload.
      if (refusal instanceof CslRefusal) captureStackTrace(refusal, wrapped);
      return refuse(refusal, style, given);
    }
    const callback = args[args.length - 1];
    if (twin && style === STYLE_PROMISE) return inOneStepAsPromise(this, twin, args, after);
    if (twin && style !== STYLE_SYNC && typeof callback === 'function') {
      return inOneStepWithCallback(this, twin, args, after, style === STYLE_EXISTS);
    }
    if (style === STYLE_PROMISE) {
      return Reflect.apply(original, this, args).then(
        (result) => (after ? after(result, args) : result),
        (error) => { throw translate(error, args); });
    }
    let result;
    try {
      result = Reflect.apply(original, this, args);
    } catch (error) {
      throw translate(error, args);
    }
    return after ? after(result, args) : result;
  };
  Object.defineProperty(wrapped, 'name', { value: original.name });
  for (const key of Object.keys(original)) wrapped[key] = original[key];
  return wrapped;
}

function refuse(refusal, style, args) {
  if (style === STYLE_SYNC || style === STYLE_EXISTS) throw refusal;
  if (style === STYLE_PROMISE) return Promise.reject(refusal);
  const callback = args[args.length - 1];
  if (typeof callback === 'function') {
    process.nextTick(callback, refusal);
    return undefined;
  }
  throw refusal;
}

function inOneStepAsPromise(self, twin, args, after) {
  let result;
  try {
    result = Reflect.apply(twin, self, args);
  } catch (error) {
    return Promise.reject(translate(error, args));
  }
  return Promise.resolve(after ? after(result, args) : result);
}

function inOneStepWithCallback(self, twin, args, after, existsStyle) {
  const callback = args[args.length - 1];
  let result;
  try {
    result = Reflect.apply(twin, self, args.slice(0, -1));
  } catch (error) {
    process.nextTick(callback, translate(error, args));
    return undefined;
  }
  if (after) result = after(result, args);
  if (existsStyle) process.nextTick(callback, result);
  else process.nextTick(callback, null, result);
  return undefined;
}

// Without a prototype: a script that adds `follow` or `content` to Object.prototype changes nothing.
const R = { __proto__: null, mode: 'read' };
const RC = { __proto__: null, mode: 'read', content: true };
const RL = { __proto__: null, mode: 'read', follow: false };
const W = { __proto__: null, mode: 'write' };
const WC = { __proto__: null, mode: 'write', content: true };
const WL = { __proto__: null, mode: 'write', follow: false };
const D = { __proto__: null, mode: 'delete', follow: false };
const OPEN = { __proto__: null, mode: 'open', content: true };

const onePath = (spec) => (args) => checkArg(args[0], spec, args);
const optionFlag = (options) => (options && typeof options === 'object' ? options.flag : undefined);
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
  // A hard link shares its source's content: writing the link writes the source, so the source is
  // checked as a write (a link to .git/config is as good as .git/config).
  link: twoPaths(WL, WL),
  lstat: onePath(RL),
  lutimes: onePath(WL),
  mkdir: onePath(W),
  mkdtemp: onePath({ __proto__: null, mode: 'prefix' }),
  open: onePath(OPEN),
  openAsBlob: onePath(RC),
  opendir: (args) => checkRecursiveList(args),
  readdir: (args) => checkRecursiveList(args),
  // A flag such as 'w' or 'a+' makes readFile create or truncate the file: a write then.
  readFile: (args) => checkArg(args[0], isWriteFlag(optionFlag(args[1])) ? WC : RC, args),
  readlink: onePath(RL),
  realpath: onePath(R),
  rename: (args) => checkRename(args[0], args[1]),
  rm: (args) => checkRemove(args[0], args[1]),
  rmdir: (args) => checkRemove(args[0], args[1]), // {recursive: true} still removes a tree in Node 20
  stat: onePath(R),
  statfs: onePath(R),
  symlink: (args) => checkSymlinkTarget(args[0], args[1]),
  truncate: onePath(WC),
  unlink: onePath(D),
  utimes: onePath(W),
  writeFile: onePath(WC),
  cp: (args) => checkCopy(args[0], args[1], args[2]),
};

/** The path (P) and options (O) positions of each function of TABLE, for copyArgs. */
const SHAPES = {
  access: 'P', appendFile: 'P.O', chmod: 'P', chown: 'P', lchmod: 'P', lchown: 'P', copyFile: 'PP',
  exists: 'P', link: 'PP', lstat: 'PO', lutimes: 'P', mkdir: 'PO', mkdtemp: 'PO', open: 'P',
  openAsBlob: 'PO', opendir: 'PO', readdir: 'PO', readFile: 'PO', readlink: 'PO', realpath: 'PO',
  rename: 'PP', rm: 'PO', rmdir: 'PO', stat: 'PO', statfs: 'PO', symlink: 'PP', truncate: 'P',
  unlink: 'P', utimes: 'P', writeFile: 'P.O', cp: 'PPO',
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
  const seen = new Set(); // a link back up the tree would make the walk endless
  const walk = (written) => {
    const resolved = verify(written, 'read', true);
    refuseMountsBelow(written, resolved, 'a recursive listing of');
    if (seen.has(resolved)) return;
    seen.add(resolved);
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

/** Another file system mounted at or below `resolved`: no recursive call crosses into it. */
function refuseMountsBelow(written, resolved, purpose) {
  const mount = MOUNTS.find((m) => within(m, resolved));
  if (mount !== undefined) {
    throw new CslRefusal('path_escape', 'another file system is mounted at ' + mount + '; ' + purpose + ' ' +
      quote(written) + ' does not cross into it' + (purpose.includes('listing') ? '' : ', nothing was changed'),
    written, mount);
  }
}

const isRecursive = (options) => Boolean(options && typeof options === 'object' && options.recursive);

/** Every entry of a tree, by lstat, without following links: [relative names, Stats]. */
function* entries(resolved, rel = []) {
  let names;
  try {
    names = raw.readdir(path.join(resolved, ...rel));
  } catch (e) {
    return;
  }
  for (const name of names) {
    let info;
    try {
      info = raw.lstat(path.join(resolved, ...rel, name));
    } catch (e) {
      continue;
    }
    yield [rel.concat(name), info];
    if (info.isDirectory()) yield* entries(resolved, rel.concat(name));
  }
}

function checkRemove(target, options) {
  checkArg(target, D, []);
  const written = asWritten(target);
  if (written === null || !isRecursive(options)) return;
  const resolved = verify(written, 'delete', false);
  refuseMountsBelow(written, resolved, 'a recursive removal of');
  for (const [rel] of entries(resolved)) {
    const guarded = protectedName(rel);
    if (guarded !== null) {
      throw new CslRefusal('protected_path', 'a recursive removal of ' + quote(written) + ' was refused: ' +
        path.join(resolved, ...rel) + ' is or lies inside ' + guarded + ', which csl keeps read-only; nothing was removed',
      written, path.join(resolved, ...rel));
    }
  }
}

/**
 * A relative symlink means something else at a new place: `a/up -> ..` moved to `up` points
 * above the working directory. A rename that would turn a link inside into a link outside is
 * refused, for a moved link and for every link in a moved tree.
 */
function checkRename(from, to) {
  checkArg(from, D, []);
  checkArg(to, WL, []);
  const fromWritten = asWritten(from);
  const toWritten = asWritten(to);
  if (fromWritten === null || toWritten === null) return;
  const source = verify(fromWritten, 'delete', false);
  refuseMountsBelow(fromWritten, source, 'moving');
  let info;
  try {
    info = raw.lstat(source);
  } catch (e) {
    return; // nothing there: Node reports that itself
  }
  const destination = verify(toWritten, 'write', false);
  const moved = info.isDirectory() ? Array.from(entries(source)) : [[[], info]];
  if (info.isDirectory()) refuseRepositoryTree('moving', fromWritten, source, moved);
  for (const [rel, entry] of moved) {
    if (!entry.isSymbolicLink()) continue;
    const target = raw.readlink(path.join(source, ...rel));
    if (path.isAbsolute(target)) continue; // means the same everywhere
    const before = path.resolve(path.dirname(path.join(source, ...rel)), target);
    const after = path.resolve(path.dirname(path.join(destination, ...rel)), target);
    if (within(before, REAL_ROOT) && !within(after, REAL_ROOT)) {
      const link = path.join(fromWritten, ...rel);
      throw new CslRefusal('path_escape', 'moving ' + quote(fromWritten) + ' to ' + quote(toWritten) +
        ' would make the symlink ' + quote(link) + ' -> ' + target + ' point to ' + after + ', ' + outsideWhy,
      link, after);
    }
  }
}

/**
 * fs.cp copies a tree: everything it would put down is checked before the first file is made,
 * so a refusal leaves no half copy. Links are put down as Node does (made absolute unless
 * verbatimSymlinks) and must lead inside from their new place; with dereference they are read
 * through, so what they lead to must be inside.
 */
function checkCopy(source, destination, options) {
  const from = asWritten(source);
  const to = asWritten(destination);
  checkArg(source, R, []);
  checkArg(destination, W, []);
  if (from === null || to === null) return;
  const given = options && typeof options === 'object' ? options : { __proto__: null };
  if (typeof given.filter === 'function') given.filter = answeredFilter(from, to, given);
  const sourceResolved = verify(from, 'read', true);
  const destinationResolved = verify(to, 'write', true);
  let top;
  try {
    top = raw.stat(sourceResolved);
  } catch (e) {
    return;
  }
  if (given.recursive) refuseMountsBelow(from, sourceResolved, 'a recursive copy of');
  const copied = top.isDirectory() && given.recursive ? Array.from(entries(sourceResolved)) : [];
  if (top.isDirectory() && given.recursive) refuseRepositoryTree('copying', from, sourceResolved, copied);
  // Where the copy merges into directories that exist: what each of them would hold afterwards.
  const added = new Map();
  for (const [rel] of copied) {
    const placed = path.join(destinationResolved, ...rel);
    refuseProtectedPlace(from, to, rel, placed);
    const parent = path.dirname(placed);
    if (!added.has(parent)) added.set(parent, []);
    added.get(parent).push(rel[rel.length - 1]);
  }
  for (const [parent, extras] of added) {
    if (shaped((namesIn(parent) || []).concat(extras))) {
      throw new CslRefusal('protected_path', 'copying ' + quote(from) + ' to ' + quote(to) + ' was refused: ' +
        shapeWhy(parent) + '; nothing was copied', to, parent);
    }
  }
  for (const [rel, info] of copied) {
    if (!info.isSymbolicLink()) continue;
    const written = path.join(from, ...rel);
    if (given.dereference) {
      verify(written, 'read', true);
      continue;
    }
    const target = raw.readlink(path.join(sourceResolved, ...rel));
    const placedDir = path.dirname(path.join(destinationResolved, ...rel));
    const leadsTo = path.isAbsolute(target) || !given.verbatimSymlinks
      ? path.resolve(path.dirname(path.join(sourceResolved, ...rel)), target)
      : path.resolve(placedDir, target);
    if (!within(leadsTo, REAL_ROOT)) {
      throw new CslRefusal('path_escape', 'copying ' + quote(from) + ' would put down the symlink ' +
        quote(path.join(to, ...rel)) + ' -> ' + target + ', which leads to ' + leadsTo + ', ' + outsideWhy +
        '; nothing was copied', written, leadsTo);
    }
    if (given.verbatimSymlinks && !path.isAbsolute(target) && process.permission) {
      throw new CslRefusal('invalid_path', 'copying ' + quote(from) + ' would put down the symlink ' +
        quote(path.join(to, ...rel)) + ' with the relative target ' + target + ', which Node\'s permission model ' +
        'refuses; copy without verbatimSymlinks (links are then made absolute); nothing was copied', written);
    }
  }
}

function refuseProtectedPlace(from, to, rel, placed) {
  refuseOwn(path.join(to, ...rel), placed, false);
  const guarded = protectedName(below(placed, REAL_ROOT));
  if (guarded !== null) {
    throw new CslRefusal('protected_path', 'copying ' + quote(from) + ' to ' + quote(to) + ' would write ' + placed +
      ', inside ' + guarded + ', which csl keeps read-only', path.join(to, ...rel), placed);
  }
}

/**
 * fs.cp's filter is the script's own code, and Node calls it between the copies of two entries,
 * where it could change what was checked. So it is asked here, before the check, for every entry
 * Node would ask about (in Node's order; a directory left out is not entered), and Node gets a
 * filter that only looks the answers up.
 */
function answeredFilter(from, to, options) {
  const ask = options.filter;
  const answers = new Map();
  const visit = (src, dest) => {
    const answer = ask(src, dest);
    if (answer !== null && (typeof answer === 'object' || typeof answer === 'function') &&
      typeof answer.then === 'function') {
      throw new CslRefusal('invalid_path', 'fs.cp\'s filter returned a promise; in a csl Node script it must ' +
        'answer at once (true or false), as for fs.cpSync');
    }
    answers.set(src + '\0' + dest, Boolean(answer));
    if (!answer || !options.recursive) return;
    let resolved;
    try {
      resolved = verify(src, 'read', true);
    } catch (e) {
      return; // the check that follows refuses it with its reason
    }
    let names;
    try {
      names = options.dereference || src === from ? (isDirectory(resolved) ? raw.readdir(resolved) : [])
        : (raw.lstat(resolved).isDirectory() ? raw.readdir(resolved) : []);
    } catch (e) {
      names = [];
    }
    for (const name of names) visit(path.join(src, name), path.join(dest, name));
  };
  visit(from, to);
  return (src, dest) => answers.get(src + '\0' + dest) === true;
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

// The synchronous originals, taken before they are wrapped: the twins of the async forms.
const SYNC = {};
for (const name of Object.keys(TABLE)) SYNC[name] = fs[name + 'Sync'];

for (const [name, specs] of Object.entries(TABLE)) {
  const after = name === 'open' ? afterOpenFd : undefined;
  const shape = SHAPES[name];
  fs[name] = guard(fs[name], specs, name === 'exists' ? STYLE_EXISTS : STYLE_CALLBACK, after, SYNC[name], shape);
  fs[name + 'Sync'] = guard(SYNC[name], specs, STYLE_SYNC, after, undefined, shape);
  if (fsp[name] && name !== 'open') {
    fsp[name] = guard(fsp[name], specs, STYLE_PROMISE, undefined, promiseTwin(name, fsp[name], SYNC[name]), shape);
  }
}
// realpath.native is a separate function on each realpath; the copy above kept the raw one.
const realpathNative = fs.realpathSync.native;
fs.realpath.native = guard(fs.realpath.native, onePath(R), STYLE_CALLBACK, undefined, realpathNative, 'PO');
fs.realpathSync.native = guard(realpathNative, onePath(R), STYLE_SYNC, undefined, undefined, 'PO');
fs.close = guard(fs.close, () => {}, STYLE_CALLBACK, afterClose);
fs.closeSync = guard(fs.closeSync, () => {}, STYLE_SYNC, afterClose);
// The guarded openSync, for the preload's own opens (streams, HTTP/2 files): fs.openSync itself is a
// property the script can replace.
const guardedOpenSync = fs.openSync;

/** The sync twin of a fs/promises function, with the cases a sync call cannot do. */
function promiseTwin(name, original, twin) {
  return function (...args) {
    // A FileHandle this preload opened instead of a path: already open, nothing left to resolve.
    if (handleWritable.has(args[0])) return Reflect.apply(original, fsp, args);
    // writeFile also takes streams and async iterables: written through a guarded handle.
    if ((name === 'writeFile' || name === 'appendFile') && !isPlainData(args[1])) {
      return writeThroughHandle(name, args);
    }
    return Reflect.apply(twin, fs, args);
  };
}

function isPlainData(data) {
  return typeof data === 'string' || ArrayBuffer.isView(data);
}

async function writeThroughHandle(name, [file, data, options]) {
  const given = typeof options === 'string' ? { encoding: options } : options || {};
  const handle = await fsp.open(file, given.flag || (name === 'appendFile' ? 'a' : 'w'), given.mode);
  try {
    await handle.writeFile(data, { encoding: given.encoding, signal: given.signal });
  } finally {
    await handle.close();
  }
}

// ---- fs.promises.open: a FileHandle opened by path on the thread pool, checked by identity ----

/** Node's flag strings ('r', 'wx', 'a+', 'rs+', ...) as open(2) flags. */
function flagsToNumber(flags) {
  if (flags === undefined || flags === null) return O.O_RDONLY;
  if (typeof flags === 'number') return flags;
  const f = String(flags);
  let n = f.includes('+') ? O.O_RDWR : f.includes('r') ? O.O_RDONLY : O.O_WRONLY;
  if (f.includes('w')) n |= O.O_CREAT | O.O_TRUNC;
  if (f.includes('a')) n |= O.O_CREAT | O.O_APPEND;
  if (f.includes('x')) n |= O.O_EXCL;
  if (f.includes('s')) n |= O.O_SYNC;
  return n;
}

/**
 * A FileHandle can only come from Node's asynchronous open, which runs later, by path. So the
 * file is opened (created, truncated) synchronously right after the check, its identity noted,
 * and the handle opened again without O_CREAT/O_TRUNC; a handle on any other file (the path was
 * swapped in between) is closed unused and refused. O_NONBLOCK keeps a swapped-in FIFO from
 * blocking the open.
 */
function openHandle(given, flags, mode) {
  let file;
  try {
    file = plainPath(given);
  } catch (error) {
    captureStackTrace(error, fsp.open);
    return Promise.reject(error);
  }
  const written = asWritten(file);
  if (written === null) return raw.fspOpen(file, flags, mode); // Node rejects it itself
  let resolved;
  let identity;
  try {
    checkArg(file, OPEN, [file, flags]);
    resolved = verify(written, isWriteFlag(flags) ? 'write' : 'read', true, 'file');
    const fd = raw.openSync(resolved, flags === undefined || flags === null ? 'r' : flags, mode);
    try {
      identity = raw.fstat(fd);
    } finally {
      raw.closeSync(fd);
    }
  } catch (error) {
    if (error instanceof CslRefusal) captureStackTrace(error, fsp.open);
    return Promise.reject(translate(error, [file]));
  }
  const again = (flagsToNumber(flags) & ~(O.O_CREAT | O.O_EXCL | O.O_TRUNC)) | O.O_NONBLOCK;
  return raw.fspOpen(resolved, again).then(async (handle) => {
    const now = await handle.stat();
    if (now.dev !== identity.dev || now.ino !== identity.ino) {
      await handle.close();
      throw new CslRefusal('path_escape', quote(written) + ' was replaced while it was being opened, so ' +
        'nothing was read or written (a csl Node script may only use files inside ' + REAL_ROOT + ')',
      written, resolved);
    }
    return afterOpenHandle(handle, [file]);
  }, (error) => { throw translate(error, [file]); });
}
fsp.open = openHandle;

// openAsBlob reads the file later, by path, whenever the Blob is read: read it now instead.
if (typeof fs.openAsBlob === 'function') {
  const { Blob } = require('buffer');
  fs.openAsBlob = function openAsBlob(given, givenOptions) {
    let file = given;
    try {
      file = plainPath(given);
      const options = plainOptions(givenOptions);
      checkArg(file, RC, [file]);
      const bytes = SYNC.readFile(file);
      return Promise.resolve(new Blob([bytes], { type: (options && options.type) || '' }));
    } catch (error) {
      if (error instanceof CslRefusal) captureStackTrace(error, fs.openAsBlob);
      return Promise.reject(translate(error, [file]));
    }
  };
}

// Descriptor-based changes of metadata: chmod on a descriptor opened for reading would otherwise
// change a protected file.
for (const name of ['fchmod', 'fchown', 'futimes']) {
  const fdSpec = (args) => checkFd(args[0], name);
  fs[name] = guard(fs[name], fdSpec, STYLE_CALLBACK);
  fs[name + 'Sync'] = guard(fs[name + 'Sync'], fdSpec, STYLE_SYNC);
}

// ---- Watching: only what is registered at once, by a checked path ---------------------------

/** Watches that read a path again later (polling, recursive watches, the async iterator). */
function laterReads(what) {
  return forbidden(what, 'a csl Node script runs once; read the files when it runs');
}
fs.watch = guard(fs.watch, (args) => {
  const options = args[1];
  if (options && typeof options === 'object' && options.recursive) {
    laterReads('recursive fs.watch calls')();
  }
  checkArg(args[0], R, args);
}, STYLE_SYNC, undefined, undefined, 'PO');
fs.watchFile = laterReads('fs.watchFile calls');
fs.unwatchFile = guard(fs.unwatchFile, onePath(R), STYLE_SYNC, undefined, undefined, 'P');
if (fsp.watch) fsp.watch = laterReads('fs.promises.watch calls');

// ---- Streams: opened synchronously by a checked path, then used by descriptor ----------------

/**
 * The arguments a stream gets: the path copied, the options copied, and the file opened here by
 * the copied path, so that Node only ever uses the descriptor.
 */
function streamArgs(args, defaultFlags) {
  const file = plainPath(args[0]);
  const copied = plainOptions(args[1]);
  const given = typeof copied === 'string' ? { __proto__: null, encoding: copied } : copied || { __proto__: null };
  if (given.fd !== undefined && given.fd !== null) {
    if (typeof given.fd === 'number' && defaultFlags !== 'r') checkFd(given.fd, 'a write stream');
    return [file, given, ...args.slice(2)];
  }
  if (asWritten(file) === null) return [file, given, ...args.slice(2)]; // Node rejects it itself
  const flags = given.flags === undefined ? defaultFlags : given.flags;
  given.fd = guardedOpenSync(file, flags, given.mode === undefined ? 0o666 : given.mode);
  return [file, given, ...args.slice(2)];
}

function guardStreamClass(Original, defaultFlags) {
  if (typeof Original !== 'function') return Original;
  const guarded = new Proxy(Original, {
    apply(target, self, args) {
      return Reflect.apply(target, self, streamArgs(args, defaultFlags));
    },
    construct(target, args, newTarget) {
      return Reflect.construct(target, streamArgs(args, defaultFlags), newTarget);
    },
  });
  // A stream's constructor property would otherwise hand the script the unguarded class.
  Object.defineProperty(Original.prototype, 'constructor', { value: guarded, writable: false, configurable: false });
  return guarded;
}

function guardStreamFactory(original, defaultFlags) {
  const create = function (...args) {
    try {
      return Reflect.apply(original, this, streamArgs(args, defaultFlags));
    } catch (error) {
      if (error instanceof CslRefusal) captureStackTrace(error, create);
      throw translate(error, []);
    }
  };
  Object.defineProperty(create, 'name', { value: original.name });
  return create;
}

fs.createReadStream = guardStreamFactory(fs.createReadStream, 'r');
fs.createWriteStream = guardStreamFactory(fs.createWriteStream, 'w');
fs.ReadStream = guardStreamClass(fs.ReadStream, 'r');
fs.WriteStream = guardStreamClass(fs.WriteStream, 'w');
fs.FileReadStream = fs.ReadStream;
fs.FileWriteStream = fs.WriteStream;

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
      return Reflect.apply(original, this, args);
    };
  }
  // Frozen, so that a script cannot replace the methods the guard relies on (stat, close) either.
  Object.freeze(proto);
}

// ---- No child processes, no workers, no native bindings ------------------------------------

function forbidden(what, instead) {
  const refuse = function () {
    const refusal = new CslRefusal('command_not_allowed', what + ' are not allowed in a csl Node script: ' + instead);
    captureStackTrace(refusal, refuse);
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
  const report = process.report;
  report.writeReport = forbidden('diagnostic reports', 'print what you need to stdout');
  // A report written on a crash or signal lands in `directory` (the current one by default): the
  // triggers may be switched off (domains do that), nothing else.
  const refuseReports = forbidden('diagnostic reports', 'print what you need to stdout');
  for (const name of ['directory', 'filename', 'reportOnFatalError', 'reportOnSignal', 'reportOnUncaughtException',
    'signal']) {
    const descriptor = Reflect.getOwnPropertyDescriptor(report, name);
    if (!descriptor || !descriptor.configurable || typeof descriptor.set !== 'function') continue;
    const trigger = name.startsWith('reportOn');
    const set = descriptor.set;
    Object.defineProperty(report, name, {
      get: descriptor.get,
      set(value) {
        if (!trigger || value !== false) refuseReports();
        Reflect.apply(set, report, [false]);
      },
      enumerable: descriptor.enumerable, configurable: false,
    });
  }
}
// Tracing writes node_trace.N.log into the current directory, which may be .git.
require('trace_events').createTracing = forbidden('trace events', 'measure with performance.now() instead');
const wasi = require('wasi');
wasi.WASI = forbidden('WASI instances', 'use plain JavaScript');
process.binding = forbidden('process.binding calls', 'use the public fs API');
process._linkedBinding = forbidden('process._linkedBinding calls', 'use the public fs API');
process.dlopen = forbidden('native add-ons', 'use plain JavaScript');

// process.loadEnvFile reads a file by path like readFile does.
if (typeof process.loadEnvFile === 'function') {
  const loadEnvFile = process.loadEnvFile;
  process.loadEnvFile = function (given) {
    let file;
    try {
      file = given === undefined ? '.env' : plainPath(given);
      checkArg(file, RC, [file]);
    } catch (refusal) {
      captureStackTrace(refusal, process.loadEnvFile);
      throw refusal;
    }
    return Reflect.apply(loadEnvFile, process, [file]);
  };
}

// ---- Modules: resolved only inside the working directory ------------------------------------

// require() reads package.json files while it resolves, before the file it loads is known: a
// relative or absolute request is verified first (`./link` to a directory outside is refused
// before its package.json is read), node_modules are looked up only inside the working directory,
// and whatever file it settles on is verified again.
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, isMain, options) {
  if (typeof request !== 'string') {
    // Node would turn it into a string more than once (a toString could answer twice).
    throw new CslRefusal('invalid_path', 'a module request was refused: it is ' + kindOf(request) + ', not a string');
  }
  if (!moduleIsBuiltin(request)) {
    if (request === '.' || request === '..' || /^\.\.?\//.test(request) || path.isAbsolute(request)) {
      const base = parent && typeof parent.filename === 'string' && path.isAbsolute(parent.filename)
        ? path.dirname(parent.filename) : processCwd();
      verify(path.resolve(base, request), 'read', true);
    }
    if (!request.startsWith('.') && !path.isAbsolute(request)) {
      // A bare name: the package directories it may resolve to, before their package.json is read.
      const parts = request.split('/');
      const name = request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      const base = parent && typeof parent.filename === 'string' && path.isAbsolute(parent.filename)
        ? path.dirname(parent.filename) : processCwd();
      const lookups = (options && Array.isArray(options.paths) ? [] : Module._nodeModulePaths(base))
        .concat(parent && Array.isArray(parent.paths) ? parent.paths : []);
      for (const dir of lookups) {
        const candidate = path.join(dir, name);
        let exists = true;
        try {
          raw.lstat(candidate);
        } catch (e) {
          exists = false;
        }
        if (exists) verify(candidate, 'read', true);
      }
    }
    if (options && Array.isArray(options.paths)) {
      for (const p of options.paths) verify(path.resolve(String(p)), 'read', true);
    }
  }
  const filename = Reflect.apply(resolveFilename, this, [request, parent, isMain, options]);
  if (typeof filename === 'string' && path.isAbsolute(filename)) verify(filename, 'read', true);
  return filename;
};
const nodeModulePaths = Module._nodeModulePaths;
Module._nodeModulePaths = function (from) {
  return Reflect.apply(nodeModulePaths, this, [from]).filter((p) => within(p, REAL_ROOT) || within(p, ROOT_GIVEN));
};

// Loader hooks run on an internal worker thread, which this preload does not guard.
Module.register = forbidden('module customization hooks', 'import or require the code instead');

// ---- File entry points outside fs: heap snapshots, Unix sockets, HTTP/2 file responses -------

const v8 = require('v8');
// A snapshot near the heap limit lands in the current directory, and V8 flags can name log files.
v8.setHeapSnapshotNearHeapLimit = forbidden('heap snapshots near the heap limit', 'write one with v8.writeHeapSnapshot');
v8.setFlagsFromString = forbidden('V8 flags set at run time', 'a csl Node script runs with the flags csl gives it');
v8.writeHeapSnapshot = guard(v8.writeHeapSnapshot, (args) => {
  if (args[0] !== undefined) checkArg(args[0], W, args);
  else verify('Heap.heapsnapshot', 'write', true); // the default name lands in the current directory
}, STYLE_SYNC, undefined, undefined, 'P');

// ---- Sockets: off unless the block's network is on ------------------------------------------

const networkHow = 'the network is off for lang="node" blocks unless the user lists "node" under "network" in ' +
  '.csl/commands.json';

/** A refusal for a socket, DNS or HTTP call while the network is off. */
function networkRefusal(what) {
  return new CslRefusal('command_not_allowed', what + ' was refused: ' + networkHow);
}

/** Wraps `owner[name]` so that it throws (or rejects, for `promise`) while the network is off. */
function offline(owner, name, what, promise) {
  const original = owner[name];
  if (NETWORK || typeof original !== 'function') return;
  const refuse = function () {
    const refusal = networkRefusal(what);
    captureStackTrace(refusal, refuse);
    if (promise) return Promise.reject(refusal);
    throw refusal;
  };
  Object.defineProperty(refuse, 'name', { value: original.name });
  owner[name] = refuse;
}

const net = require('net');
const normalizeArgs = net._normalizeArgs;

/**
 * net.Socket#connect and net.Server#listen: the options (a path, a port, an options object or
 * Node's normalized array of them) are copied once and Node gets the copy; a Unix socket path must
 * lie inside the working directory. With the network off, every connect and listen is refused:
 * Node's permission model does not cover sockets, so without this a script reaches any TCP port
 * or Unix socket the user can.
 */
function socketGuard(original, what, spec) {
  const wrapped = function (...given) {
    let args;
    try {
      if (!NETWORK) throw networkRefusal(what);
      const normalized = Array.isArray(given[0]) && given.length === 1 ? given[0] : Reflect.apply(normalizeArgs, net, [given]);
      const options = plainOptions(normalized[0]);
      if (options && options.path !== undefined && options.path !== null) {
        options.path = plainPath(options.path);
        if (typeof options.path === 'string') checkArg(options.path, spec, [options.path]);
      }
      args = typeof normalized[1] === 'function' ? [options, normalized[1]] : [options];
    } catch (refusal) {
      if (refusal instanceof CslRefusal) captureStackTrace(refusal, wrapped);
      throw refusal;
    }
    return Reflect.apply(original, this, args);
  };
  Object.defineProperty(wrapped, 'name', { value: original.name });
  return wrapped;
}
net.Socket.prototype.connect = socketGuard(net.Socket.prototype.connect, 'a socket connection', R);
net.Server.prototype.listen = socketGuard(net.Server.prototype.listen, 'listening on a socket', W);

const dgram = require('dgram');
offline(dgram, 'createSocket', 'a UDP socket');
for (const name of ['bind', 'connect', 'send', 'sendto']) offline(dgram.Socket.prototype, name, 'a UDP socket');

// DNS queries carry data out even when no connection follows.
const dns = require('dns');
const DNS_QUERY = /^(lookup|resolve|reverse)/;
for (const [owner, promise] of [[dns, false], [dns.Resolver.prototype, false], [dns.promises, true],
  [dns.promises.Resolver.prototype, true]]) {
  for (const name of Object.getOwnPropertyNames(owner)) {
    if (DNS_QUERY.test(name)) offline(owner, name, 'a DNS query (dns.' + name + ')', promise);
  }
}

// fetch, WebSocket and EventSource reach the network through undici, which would report a refused
// socket only as "fetch failed": refuse them at the door instead.
for (const name of ['fetch', 'WebSocket', 'EventSource']) {
  const descriptor = Reflect.getOwnPropertyDescriptor(globalThis, name);
  if (NETWORK || !descriptor) continue;
  const what = name === 'fetch' ? 'fetch()' : 'a ' + name;
  const refuse = name === 'fetch'
    ? function fetch() {
      const refusal = networkRefusal(what);
      captureStackTrace(refusal, fetch);
      return Promise.reject(refusal);
    }
    : function () {
      const refusal = networkRefusal(what);
      captureStackTrace(refusal, refuse);
      throw refusal;
    };
  Object.defineProperty(globalThis, name, { value: refuse, writable: true, configurable: true, enumerable: false });
}

// ---- Signals: only the script's own process ------------------------------------------------

/** A pid argument, copied once: only a number is taken (a valueOf could answer twice). */
function refuseOtherProcess(what, pid) {
  if (typeof pid === 'number' && pid === MY_PID) return pid;
  const refusal = new CslRefusal('command_not_allowed', what + '(' + (typeof pid === 'number' ? pid : kindOf(pid)) +
    ') was refused: a csl Node script may only signal its own process (pid ' + MY_PID + '); other processes ' +
    'are not its to reach');
  throw refusal;
}
for (const name of ['kill', '_kill']) {
  const original = process[name];
  if (typeof original !== 'function') continue;
  const wrapped = function (pid, signal) {
    try {
      refuseOtherProcess('process.' + name, pid);
    } catch (refusal) {
      captureStackTrace(refusal, wrapped);
      throw refusal;
    }
    return Reflect.apply(original, process, [pid, typeof signal === 'object' && signal !== null ? undefined : signal]);
  };
  Object.defineProperty(wrapped, 'name', { value: original.name });
  process[name] = wrapped;
}
// SIGUSR1 to another process starts its inspector.
process._debugProcess = forbidden('process._debugProcess calls', 'debug outside csl');
const os = require('os');
const setPriority = os.setPriority;
os.setPriority = function (pid, priority) {
  const given = priority === undefined ? [0, pid] : [pid, priority];
  try {
    if (given[0] !== 0) refuseOtherProcess('os.setPriority', given[0]);
  } catch (refusal) {
    captureStackTrace(refusal, os.setPriority);
    throw refusal;
  }
  return Reflect.apply(setPriority, os, [given[0], typeof given[1] === 'number' ? given[1] : NaN]);
};

const http2 = require('http2');
let respondWithFileGuarded = false;
function guardRespondWithFile(proto) {
  if (respondWithFileGuarded || !proto || typeof proto.respondWithFile !== 'function') return;
  respondWithFileGuarded = true;
  // Node opens the file later, by path: open it now, after the check, and hand over the descriptor.
  proto.respondWithFile = function respondWithFile(file, headers, options) {
    const fd = guardedOpenSync(file, 'r');
    this.once('close', () => fs.close(fd, () => {}));
    return this.respondWithFD(fd, headers, options);
  };
}
// The REPL swallows an error opening its history file: refuse to the caller instead.
const repl = require('repl');
repl.REPLServer.prototype.setupHistory = guard(repl.REPLServer.prototype.setupHistory, (args) => {
  if (typeof args[0] === 'string' && args[0].trim() !== '') checkArg(args[0].trim(), W, args);
}, STYLE_CALLBACK, undefined, undefined, 'P');

// ServerHttp2Stream is not exported: its prototype is met with the first stream of a server.
for (const name of ['createServer', 'createSecureServer']) {
  const create = http2[name];
  http2[name] = function (...args) {
    const server = create.apply(this, args);
    server.prependListener('stream', (stream) => guardRespondWithFile(Object.getPrototypeOf(stream)));
    return server;
  };
}

const chdir = process.chdir;
process.chdir = function (directory) {
  const copied = plainPath(directory);
  if (typeof copied !== 'string') {
    throw new CslRefusal('invalid_path', 'process.chdir was refused: the directory is ' + kindOf(copied) + ', not a path');
  }
  const resolved = verify(copied, 'read', true);
  return Reflect.apply(chdir, process, [resolved]);
};

// Named ES imports (`import { readFileSync } from 'fs'`) read these bindings: refresh them.
Module.syncBuiltinESMExports();

// ---- Lockdown: what the guard's own code calls cannot be changed by the script -------------
//
// The guard runs in the script's realm: a script that replaced String.prototype.startsWith,
// Array.prototype.includes, an iterator's next or fs.Stats.prototype.isSymbolicLink would decide
// what the checks answer. So the prototypes and namespaces the guard's code uses are frozen before
// the script runs (Object.prototype and Error stay open: scripts set toString and stack limits).
function lockdown() {
  const iteratorOf = (value) => Object.getPrototypeOf(value[Symbol.iterator]());
  const arrayIterator = iteratorOf([]);
  const frozen = [
    Object, Array, Array.prototype, String, String.prototype, RegExp, RegExp.prototype, Function.prototype,
    Map.prototype, Set.prototype, WeakMap.prototype, WeakSet.prototype, Promise, Promise.prototype, Reflect, JSON,
    Number, Number.prototype, Symbol, Symbol.prototype, arrayIterator, Object.getPrototypeOf(arrayIterator),
    iteratorOf(''), iteratorOf(new Map()), iteratorOf(new Set()), Object.getPrototypeOf(''.matchAll(/x/g)),
    Object.getPrototypeOf(function* () {}).prototype, Object.getPrototypeOf(Uint8Array.prototype),
    Uint8Array.prototype, ArrayBuffer, ArrayBuffer.prototype, URL, URL.prototype, TextDecoder.prototype,
    pathModule, pathModule.posix, pathModule.win32, fs.constants, Object.getPrototypeOf(fs.Stats.prototype),
    fs.Stats.prototype, fs.Dirent.prototype, Buffer.prototype,
  ];
  for (const value of frozen) Object.freeze(value);
}
lockdown();
