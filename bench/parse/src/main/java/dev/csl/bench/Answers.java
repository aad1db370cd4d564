package dev.csl.bench;

import java.util.Random;

/**
 * Generates realistic LLM answers: prose and markdown fences between WRITE blocks of code, SEARCH
 * blocks (some with TO ranges), RUN blocks and TASKS transactions. Deterministic for a size.
 */
public final class Answers {
    private static final String[] CODE = {
        "import { readFile } from \"node:fs/promises\";",
        "export async function load(path) {",
        "  const text = await readFile(path, \"utf8\");",
        "  return JSON.parse(text);",
        "}",
        "",
        "function add(a, b) {",
        "    return a + b; // sum",
        "}",
        "class Service {",
        "    constructor(repo) { this.repo = repo; }",
        "    async find(id) { return this.repo.get(id) ?? null; }",
        "}",
        "const config = { port: 8080, debug: false, name: 'csl' };",
        "\tif (x > 0 && y < 10) { console.log(`x=${x}`); }",
        "def handler(event, context):",
        "    return {\"statusCode\": 200, \"body\": json.dumps(event)}",
    };
    private static final String[] PROSE = {
        "Here is the updated module with the fix applied:",
        "Next, replace the old loader so it reads the file as UTF-8.",
        "Finally, run the tests to make sure nothing else broke.",
        "This keeps the public API unchanged while fixing the bug.",
        "```",
        "```js",
        "> Note: the configuration stays backwards compatible.",
        "",
    };

    private Answers() {}

    public static String generate(int bytes, long seed) {
        Random random = new Random(seed);
        StringBuilder out = new StringBuilder(bytes + 4096);
        int block = 0;
        while (out.length() < bytes) {
            prose(out, random, 1 + random.nextInt(4));
            switch (block++ % 6) {
                case 0, 3 -> write(out, random, 10 + random.nextInt(60));
                case 1, 4 -> search(out, random);
                case 2 -> run(out, random);
                default -> tasks(out, random);
            }
        }
        return out.toString();
    }

    private static void prose(StringBuilder out, Random random, int lines) {
        for (int i = 0; i < lines; i++) {
            out.append(PROSE[random.nextInt(PROSE.length)]).append('\n');
        }
    }

    private static void code(StringBuilder out, Random random, int lines) {
        for (int i = 0; i < lines; i++) {
            out.append(CODE[random.nextInt(CODE.length)]).append('\n');
        }
    }

    private static void write(StringBuilder out, Random random, int lines) {
        out.append("<---WRITE file=\"src/module")
                .append(random.nextInt(1000))
                .append(".js\"")
                .append(random.nextInt(5) == 0 ? " append=\"true\"" : "")
                .append("--->\n");
        code(out, random, lines);
        out.append("<---END--->\n");
    }

    private static void search(StringBuilder out, Random random) {
        out.append("<---SEARCH file=\"src/app")
                .append(random.nextInt(100))
                .append(".js\"")
                .append(random.nextInt(4) == 0 ? " count=\"all\"" : "")
                .append("--->\n");
        code(out, random, 1 + random.nextInt(6));
        if (random.nextInt(3) == 0) {
            out.append("<---TO--->\n");
            code(out, random, 1 + random.nextInt(2));
        }
        out.append("<---REPLACE--->\n");
        code(out, random, random.nextInt(8));
        out.append("<---END--->\n");
    }

    private static void run(StringBuilder out, Random random) {
        out.append("<---RUN timeout=\"60\"--->\nmkdir -p build\nnpm test\n<---END--->\n");
    }

    private static void tasks(StringBuilder out, Random random) {
        out.append("<---TASKS version=\"1\"--->\n");
        prose(out, random, 1);
        write(out, random, 5 + random.nextInt(20));
        search(out, random);
        run(out, random);
        out.append("<---END--->\n");
    }
}
