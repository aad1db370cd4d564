#!/usr/bin/env node
// A minimal CSL applier on Node, written for bench/coldstart.sh as a stand-in for "the reference
// implementation on Node": no reference implementation is available on this machine, so this
// measures what a plain, honest Node applier of the same answer costs as a whole process.
//
// It does what csl does for an answer without RUN, in simplified form: parses the markers
// (default delimiters), checks paths (no absolute/~/backslash, stays inside the real working
// directory, .git/.csl protected), WRITE (create parents, append, atomic temp file + rename),
// SEARCH (exact substring, count, TO ranges, nothing changed on a count mismatch), TASKS with
// rollback, a journal of the previous contents under .csl/history/, one line per operation.
// Not done: CRLF-preserving matching, the closest-match diagnostics, dry run, RUN.
//
// usage: coldstart-reference.js ANSWER DIR
"use strict";
const fs = require("fs");
const path = require("path");

const [answerFile, dirArg] = process.argv.slice(2);
const root = fs.realpathSync(dirArg || ".");
const text = fs.readFileSync(answerFile, "utf8").replace(/\r\n?/g, "\n");
const lines = text.split("\n");
const MARKER = /^<---([A-Za-z0-9_]+)((?:\s+[^\s"'=<>]+\s*=\s*(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'))*)\s*--->[ \t]*$/;
const ATTR = /([^\s"'=<>]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')/g;

function marker(line) {
  const m = MARKER.exec(line);
  if (!m) return null;
  const attrs = {};
  for (const a of m[2].matchAll(ATTR)) attrs[a[1]] = (a[2] ?? a[3]).replace(/\\(["'\\])/g, "$1");
  return { name: m[1], attrs };
}

// Parse: returns top-level operations; throws on a syntax error (nothing applied).
function parse() {
  let i = 0;
  function block(name, attrs, line) {
    const sections = [[]];
    for (i++; i < lines.length; i++) {
      const m = lines[i].startsWith("<---") ? marker(lines[i]) : null;
      if (m && m.name === "END" && (name !== "SEARCH" || sections.length > 1 + (sections.to ? 1 : 0))) {
        const joined = sections.map((s) => s.join("\n"));
        if (name === "SEARCH") {
          return { type: name, attrs, line, pattern: joined[0], to: sections.to ? joined[1] : null, replacement: joined[joined.length - 1] };
        }
        return { type: name, attrs, line, content: joined[0] };
      }
      if (m && name === "SEARCH" && (m.name === "TO" || m.name === "REPLACE")) {
        if (m.name === "TO") sections.to = true;
        sections.push([]);
        continue;
      }
      sections[sections.length - 1].push(lines[i]);
    }
    throw new Error(`Line ${line}: Unterminated ${name} operation`);
  }
  function operations(inTasks) {
    const ops = [];
    for (; i < lines.length; i++) {
      if (!lines[i].startsWith("<---")) continue;
      const m = marker(lines[i]);
      if (!m) throw new Error(`Line ${i + 1}: Malformed marker`);
      if (m.name === "END" && inTasks) return ops;
      if (m.name === "TASKS" && !inTasks) {
        const line = i + 1;
        i++;
        ops.push({ type: "TASKS", attrs: m.attrs, line, operations: operations(true) });
      } else if (["WRITE", "SEARCH", "RUN"].includes(m.name)) {
        ops.push(block(m.name, m.attrs, i + 1));
      } else {
        throw new Error(`Line ${i + 1}: Unknown operation: ${m.name}`);
      }
    }
    if (inTasks) throw new Error("Unterminated TASKS operation");
    return ops;
  }
  return operations(false);
}

function guard(file) {
  if (!file || path.isAbsolute(file) || file.startsWith("~") || file.includes("\\")) throw new Error(`invalid_path: ${file}`);
  const target = path.resolve(root, file);
  const rel = path.relative(root, target);
  if (rel.startsWith("..")) throw new Error(`path_escape: ${file}`);
  if (/^\.(git|csl)(\/|$)/i.test(rel)) throw new Error(`protected_path: ${file}`);
  let probe = target;
  while (!fs.existsSync(probe)) probe = path.dirname(probe);
  const real = fs.realpathSync(probe);
  if (real !== root && !real.startsWith(root + path.sep)) throw new Error(`path_escape: ${file}`);
  return target;
}

const journal = [];
function writeAtomic(target, content) {
  const before = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : null;
  journal.push({ target, before });
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.tmp`);
  fs.writeFileSync(tmp, content);
  fs.renameSync(tmp, target);
}

function apply(op) {
  const target = guard(op.attrs.file);
  if (op.type === "WRITE") {
    const body = op.content === "" ? "" : op.content + "\n";
    if (op.attrs.append === "true" && fs.existsSync(target)) {
      const old = fs.readFileSync(target, "utf8");
      writeAtomic(target, old + (old === "" || old.endsWith("\n") ? "" : "\n") + body);
      return "appended";
    }
    const existed = fs.existsSync(target);
    writeAtomic(target, body);
    return existed ? "replaced" : "created";
  }
  const old = fs.readFileSync(target, "utf8");
  const matches = [];
  for (let at = old.indexOf(op.pattern); at >= 0; ) {
    let end = at + op.pattern.length;
    if (op.to !== null) {
      const t = old.indexOf(op.to, end);
      if (t < 0) break;
      end = t + op.to.length;
    }
    matches.push([at, end]);
    at = old.indexOf(op.pattern, end);
  }
  const count = op.attrs.count || "1";
  if (count === "all" ? matches.length === 0 : matches.length !== Number(count)) {
    throw new Error(`match_count_mismatch: expected ${count}, found ${matches.length}; file not changed`);
  }
  let out = "";
  let last = 0;
  for (const [s, e] of matches) {
    out += old.slice(last, s) + op.replacement;
    last = e;
  }
  writeAtomic(target, out + old.slice(last));
  return `${matches.length} replaced`;
}

let ops;
try {
  ops = parse();
} catch (e) {
  console.log(`✘ ${e.message}`);
  process.exit(3);
}
let failed = 0;
ops.forEach((op, n) => {
  const task = String(n + 1);
  if (op.type === "TASKS") {
    const mark = journal.length;
    try {
      op.operations.forEach((child) => apply(child));
      console.log(`✔ ${task} TASKS (${op.operations.length} operations)`);
    } catch (e) {
      for (const entry of journal.splice(mark).reverse()) {
        if (entry.before === null) fs.rmSync(entry.target, { force: true });
        else fs.writeFileSync(entry.target, entry.before);
      }
      failed++;
      console.log(`✘ ${task} TASKS — ${e.message} (rolled back)`);
    }
    return;
  }
  if (op.type === "RUN") {
    failed++;
    console.log(`✘ ${task} RUN — not supported by this stand-in`);
    return;
  }
  try {
    console.log(`✔ ${task} ${op.type} ${op.attrs.file} (${apply(op)})`);
  } catch (e) {
    failed++;
    console.log(`✘ ${task} ${op.type} ${op.attrs.file} — ${e.message}`);
  }
});
const history = path.join(root, ".csl", "history", String(Date.now()));
fs.mkdirSync(history, { recursive: true });
fs.writeFileSync(path.join(history, "journal.json"), JSON.stringify(journal.map((j) => ({ file: path.relative(root, j.target), before: j.before }))));
console.log(`${ops.length - failed} of ${ops.length} operations succeeded`);
process.exit(failed ? 1 : 0);
