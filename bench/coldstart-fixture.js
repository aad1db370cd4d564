#!/usr/bin/env node
// Writes the cold-start benchmark's inputs into DIR:
//   DIR/fixture/   the project before the apply (8 source files, a README)
//   DIR/answer.md  a typical LLM answer: prose around 20 top-level CSL operations
//                  (11 WRITE, 8 SEARCH, 1 TASKS of WRITE + SEARCH), about 36 KB, no RUN.
// Deterministic: the same files every time.
"use strict";
const fs = require("fs");
const path = require("path");

const dir = process.argv[2];
if (!dir) {
  console.error("usage: coldstart-fixture.js DIR");
  process.exit(2);
}
const fixture = path.join(dir, "fixture");
fs.mkdirSync(path.join(fixture, "src"), { recursive: true });

function moduleSource(n) {
  const lines = [`// Module ${n}: helpers for the order pipeline.`, `"use strict";`, ``];
  for (let f = 0; f < 6; f++) {
    lines.push(`function step${n}_${f}(order) {`);
    lines.push(`    const total = order.items.reduce((sum, item) => sum + item.price * item.qty, 0);`);
    lines.push(`    if (total > ${100 * (f + 1)}) {`);
    lines.push(`        return { ...order, total, discount: ${f + 1} };`);
    lines.push(`    }`);
    lines.push(`    return { ...order, total };`);
    lines.push(`}`);
    lines.push(``);
  }
  lines.push(`module.exports = { ${[0, 1, 2, 3, 4, 5].map((f) => `step${n}_${f}`).join(", ")} };`);
  return lines.join("\n") + "\n";
}

for (let n = 1; n <= 8; n++) {
  fs.writeFileSync(path.join(fixture, "src", `module${n}.js`), moduleSource(n));
}
fs.writeFileSync(path.join(fixture, "README.md"), "# Order pipeline\n\nHelpers for orders.\n");

function newFile(n) {
  const lines = [`// Generated report ${n}.`, `"use strict";`, ``, `const rows = [`];
  for (let r = 0; r < 47; r++) {
    lines.push(`    { id: ${n * 100 + r}, name: "row ${r} of report ${n}", amount: ${(r * 7.25).toFixed(2)} },`);
  }
  lines.push(`];`, ``, `function render${n}() {`);
  lines.push(`    return rows.map((row) => row.id + ": " + row.name + " = " + row.amount).join("\\n");`);
  lines.push(`}`, ``, `module.exports = { render${n} };`);
  return lines.join("\n");
}

const parts = [
  "Here is the change you asked for. I add one report module per report type,",
  "tighten the discount thresholds and record the change in the README.",
  "",
];
let ops = 0;
for (let n = 1; n <= 10; n++) {
  parts.push(`Report ${n}:`, "", "```", `<---WRITE file="src/reports/report${n}.js"--->`, newFile(n), "<---END--->", "```", "");
  ops++;
}
for (let n = 1; n <= 8; n++) {
  parts.push(`Raise the threshold of step ${n}_2:`, "");
  parts.push(`<---SEARCH file="src/module${n}.js"--->`);
  parts.push(`function step${n}_2(order) {`);
  parts.push(`    const total = order.items.reduce((sum, item) => sum + item.price * item.qty, 0);`);
  parts.push(`    if (total > 300) {`);
  parts.push(`<---REPLACE--->`);
  parts.push(`function step${n}_2(order) {`);
  parts.push(`    // Thresholds follow the 2024 pricing rules.`);
  parts.push(`    const total = order.items.reduce((sum, item) => sum + item.price * item.qty, 0);`);
  parts.push(`    if (total > 350) {`);
  parts.push(`<---END--->`, "");
  ops++;
}
parts.push("The index and its export go together:", "");
parts.push(`<---TASKS--->`);
parts.push(`<---WRITE file="src/reports/index.js"--->`);
parts.push(`"use strict";`);
for (let n = 1; n <= 10; n++) {
  parts.push(`const { render${n} } = require("./report${n}");`);
}
parts.push(``, `module.exports = { ${Array.from({ length: 10 }, (_, i) => `render${i + 1}`).join(", ")} };`);
parts.push(`<---END--->`);
parts.push(`<---SEARCH file="src/module1.js"--->`);
parts.push(`module.exports = { step1_0, step1_1, step1_2, step1_3, step1_4, step1_5 };`);
parts.push(`<---REPLACE--->`);
parts.push(`const reports = require("./reports");`);
parts.push(``);
parts.push(`module.exports = { step1_0, step1_1, step1_2, step1_3, step1_4, step1_5, reports };`);
parts.push(`<---END--->`);
parts.push(`<---END--->`, "");
ops++;
parts.push("Finally the README:", "");
parts.push(`<---WRITE file="README.md" append="true"--->`, "", "## Reports", "", "Each report lives in src/reports/.", "<---END--->", "");
ops++;
parts.push("Run the tests afterwards to check the new thresholds.");

const answer = parts.join("\n") + "\n";
fs.writeFileSync(path.join(dir, "answer.md"), answer);
console.error(`coldstart-fixture: ${ops} top-level operations, ${answer.length} bytes in ${path.join(dir, "answer.md")}`);
