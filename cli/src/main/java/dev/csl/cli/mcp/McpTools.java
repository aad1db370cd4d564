package dev.csl.cli.mcp;

import static dev.csl.cli.options.ApplyOption.ATOMIC;
import static dev.csl.cli.options.ApplyOption.DIR;
import static dev.csl.cli.options.ApplyOption.DRY_RUN;
import static dev.csl.cli.options.ApplyOption.EXPECT_PLAN;
import static dev.csl.cli.options.ApplyOption.FUZZY;
import static dev.csl.cli.options.ApplyOption.STRICT;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import dev.csl.cli.options.ApplySettings;
import dev.csl.cli.options.BadOptionValue;
import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.Ownership;
import dev.csl.interpreter.ApplyOptions;
import dev.csl.interpreter.ApplyReport;
import dev.csl.interpreter.Interpreter;
import dev.csl.interpreter.UndoReport;
import dev.csl.interpreter.Undoer;
import dev.csl.runner.base.OutputListener;
import dev.csl.runner.base.Prompter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * The tools of {@code csl mcp}: {@code apply}, {@code check} (a dry run: parse, validate, preview;
 * writes nothing) and {@code undo}. A result is the same document as {@code csl apply --json} (or
 * {@code undo --json}) as {@code structuredContent} (a second text block for a client whose
 * protocol version predates it), with the human summary as text; a failed or refused operation is a
 * result with {@code isError: true}, never a protocol error.
 */
public final class McpTools implements AutoCloseable {
    /** Bad arguments: a JSON-RPC error (-32602), not a tool result. */
    static final class InvalidParams extends Exception {
        InvalidParams(String message) {
            super(message);
        }
    }

    /**
     * What one call may use of the client.
     *
     * @param progress sees the lines of long RUNs (notifications/progress), or null
     * @param elicit asks the user through the client and returns its result, or null
     * @param cancelled true once the client cancelled the call
     * @param features what the negotiated protocol version may carry
     * @param inputResponses for a call of the stateless revision whose client can elicit: the
     *     answers it brought (empty on the first call); unapproved commands are asked about by an
     *     {@code input_required} result ({@link InputRequired}). Null otherwise.
     */
    record Session(
            OutputListener progress,
            Function<ObjectNode, JsonNode> elicit,
            java.util.function.BooleanSupplier cancelled,
            ProtocolFeatures features,
            JsonNode inputResponses) {
        Session(
                OutputListener progress,
                Function<ObjectNode, JsonNode> elicit,
                java.util.function.BooleanSupplier cancelled,
                ProtocolFeatures features) {
            this(progress, elicit, cancelled, features, null);
        }
    }

    /**
     * How reports are shown, from the CLI's renderers.
     *
     * @param applySummary the human output of {@code csl apply} for a report, without colour
     * @param undoSummary the human output of {@code csl undo}
     * @param applyJson the {@code csl apply --json} document
     * @param undoJson the {@code csl undo --json} document
     */
    public record Rendering(
            Function<ApplyReport, String> applySummary,
            Function<UndoReport, String> undoSummary,
            Function<ApplyReport, String> applyJson,
            Function<UndoReport, String> undoJson) {}

    private final ObjectMapper mapper = new ObjectMapper();
    private final Interpreter interpreter;
    private final Undoer undoer;
    private final McpWorkingDir workingDirs;
    private final Rendering rendering;
    private final AutoCloseable resources;

    /**
     * @param fixedDir the {@code -C} directory, or null to use the client's roots
     * @param serverDir where the server was started (used when the client has no roots)
     * @param resources closed with the server (the worker pool)
     */
    public McpTools(
            Interpreter interpreter,
            Undoer undoer,
            Path fixedDir,
            Path serverDir,
            Rendering rendering,
            AutoCloseable resources) {
        this(
                interpreter,
                undoer,
                new Places(fixedDir, serverDir, userHome(), Ownership.current()),
                rendering,
                resources);
    }

    /**
     * Where calls may work.
     *
     * @param fixedDir the {@code -C} directory, or null to use the client's roots
     * @param serverDir where the server was started (used when the client has no roots)
     * @param home the user's home directory (never a project, nor an ancestor of it), or null
     * @param owners whose directories calls may work in
     */
    public record Places(Path fixedDir, Path serverDir, Path home, Ownership owners) {}

    /**
     * @param places where calls may work
     * @param resources closed with the server (the worker pool)
     */
    public McpTools(
            Interpreter interpreter,
            Undoer undoer,
            Places places,
            Rendering rendering,
            AutoCloseable resources) {
        this.interpreter = interpreter;
        this.undoer = undoer;
        this.workingDirs =
                new McpWorkingDir(
                        places.fixedDir(), places.serverDir(), places.home(), places.owners());
        this.rendering = rendering;
        this.resources = resources;
    }

    private static Path userHome() {
        String home = System.getProperty("user.home");
        return home == null || home.isEmpty() ? null : Path.of(home);
    }

    void roots(List<Path> newRoots) {
        workingDirs.roots(newRoots);
    }

    ObjectNode list(ProtocolFeatures features) {
        ObjectNode result = mapper.createObjectNode();
        ArrayNode tools = result.putArray("tools");
        ObjectNode apply =
                tool(
                        features,
                        tools,
                        "apply",
                        "Apply a CSL answer",
                        "Applies an answer written in CSL (WRITE, SEARCH/REPLACE, RUN, TASKS) to the"
                                + " working directory: every path is guarded, TASKS blocks are"
                                + " transactions, and `undo` takes the whole apply back. The result"
                                + " is the `csl apply --json` document; a failed operation carries"
                                + " its error code and a hint for the next answer.",
                        false,
                        true);
        ObjectNode applyProps = properties(apply);
        answer(applyProps);
        applyProps
                .putObject(DRY_RUN.json())
                .put("type", "boolean")
                .put("description", "Preview only.");
        applyProps
                .putObject(EXPECT_PLAN.json())
                .put("type", "string")
                .put("description", "Apply only if the plan still has this hash (from a dry run).");
        applyProps
                .putObject(ATOMIC.json())
                .put("type", "boolean")
                .put(
                        "description",
                        "All or nothing: when an operation fails, every file change of the answer"
                                + " is rolled back (not what external commands changed"
                                + " themselves).");
        // No allow argument: the model writes the arguments, and a command it approved for itself
        // would be a command nobody approved. The user approves (csl allow, elicitation).
        tolerance(applyProps);
        workingDir(applyProps);
        apply.withObject("/inputSchema").putArray("required").add("answer");

        ObjectNode check =
                tool(
                        features,
                        tools,
                        "check",
                        "Check a CSL answer",
                        "Parses, validates and dry-runs an answer against the working directory:"
                                + " the diffs each operation would make and the errors it would"
                                + " meet, RUN blocks checked as apply checks them (a command not"
                                + " approved yet is command_not_approved). Writes nothing and runs"
                                + " no command.",
                        true,
                        false);
        ObjectNode checkProps = properties(check);
        answer(checkProps);
        tolerance(checkProps);
        workingDir(checkProps);
        check.withObject("/inputSchema").putArray("required").add("answer");

        ObjectNode undo =
                tool(
                        features,
                        tools,
                        "undo",
                        "Undo the last apply",
                        "Restores the files of the working directory to what they were before the"
                                + " last apply; refuses when they changed since, unless force.",
                        false,
                        true);
        ObjectNode undoProps = properties(undo);
        undoProps
                .putObject("force")
                .put("type", "boolean")
                .put(
                        "description",
                        "Restore even files changed since the apply (a copy of them is kept in"
                                + " .csl/discarded/).");
        undoProps
                .putObject("applyId")
                .put("type", "string")
                .put(
                        "description",
                        "The apply to undo (the applyId of its result); default: the last one.");
        undoProps
                .putObject(DRY_RUN.json())
                .put("type", "boolean")
                .put("description", "Only say what would be restored, with the diff.");
        workingDir(undoProps);
        return result;
    }

    private ObjectNode tool(
            ProtocolFeatures features,
            ArrayNode tools,
            String name,
            String title,
            String description,
            boolean readOnly,
            boolean destructive) {
        ObjectNode tool = tools.addObject();
        tool.put("name", name);
        if (features.structured()) {
            tool.put("title", title);
        }
        tool.put("description", description);
        tool.putObject("inputSchema").put("type", "object").put("additionalProperties", false);
        if (features.structured()) {
            ObjectNode output = tool.putObject("outputSchema");
            output.put("type", "object");
            output.putObject("properties").putObject("ok").put("type", "boolean");
            output.putArray("required").add("ok");
        }
        if (!features.annotations()) {
            return tool;
        }
        ObjectNode annotations = tool.putObject("annotations");
        annotations.put("title", title);
        annotations.put("readOnlyHint", readOnly);
        annotations.put("destructiveHint", destructive);
        annotations.put("idempotentHint", readOnly);
        annotations.put("openWorldHint", false);
        return tool;
    }

    private static ObjectNode properties(ObjectNode tool) {
        return tool.withObject("/inputSchema").putObject("properties");
    }

    private static void answer(ObjectNode props) {
        props.putObject("answer")
                .put("type", "string")
                .put(
                        "description",
                        "The answer: prose with CSL blocks (see the prompt 'instructions').");
    }

    /** {@code strict} and {@code fuzzy}, as csl apply's --strict and --fuzzy. */
    private static void tolerance(ObjectNode props) {
        props.putObject(STRICT.json())
                .put("type", "boolean")
                .put("description", "Refuse every operation that would carry a warning.");
        ObjectNode fuzzy = props.putObject(FUZZY.json());
        fuzzy.put("type", "string");
        fuzzy.putArray("enum").add("off").add("whitespace");
        fuzzy.put(
                "description",
                "whitespace: a SEARCH that matches one region once indentation and trailing"
                        + " whitespace are ignored is applied, re-indented, with a warning.");
    }

    private void workingDir(ObjectNode props) {
        props.putObject(DIR.json())
                .put("type", "string")
                .put("description", workingDirs.schemaDescription());
    }

    ObjectNode call(JsonNode params, Session session) throws InvalidParams {
        String name = params.path("name").asText();
        JsonNode args = params.path("arguments");
        JsonNode schema = null;
        for (JsonNode tool : list(session.features()).path("tools")) {
            if (tool.path("name").asText().equals(name)) {
                schema = tool.path("inputSchema");
            }
        }
        if (schema == null) {
            throw new InvalidParams("Unknown tool: '" + name + "'");
        }
        String problem = ToolArguments.problem(name, schema, args);
        if (problem != null) {
            return textError(
                    ErrorCode.VALIDATION_ERROR,
                    problem,
                    "Call '" + name + "' again with only the arguments of its inputSchema.",
                    session.features());
        }
        Path dir;
        try {
            dir = workingDirs.resolve(args);
        } catch (McpWorkingDir.Refused e) {
            return textError(e.code, e.getMessage(), e.hint, session.features());
        }
        if (name.equals("undo")) {
            UndoReport report =
                    undoer.undo(
                            dir,
                            new Undoer.Request(
                                    args.hasNonNull("applyId")
                                            ? args.get("applyId").asText()
                                            : null,
                                    args.path("force").asBoolean(false),
                                    args.path(DRY_RUN.json()).asBoolean(false)));
            return toolResult(
                    rendering.undoSummary().apply(report),
                    rendering.undoJson().apply(report),
                    report.ok(),
                    session.features());
        }
        JsonNode answer = args.get("answer");
        ApplySettings settings =
                new ApplySettings()
                        .dryRun(name.equals("check") || args.path(DRY_RUN.json()).asBoolean(false))
                        .expectPlan(
                                args.hasNonNull(EXPECT_PLAN.json())
                                        ? args.get(EXPECT_PLAN.json()).asText()
                                        : null)
                        .strict(args.path(STRICT.json()).asBoolean(false))
                        .fuzzy(args.path(FUZZY.json()).asText("off"))
                        .atomic(args.path(ATOMIC.json()).asBoolean(false));
        ApplyOptions checked;
        try {
            checked = settings.options(dir);
        } catch (BadOptionValue e) {
            throw new InvalidParams(e.json());
        }
        Prompter prompter = null;
        if (!checked.dryRun() && session.inputResponses() != null) {
            // Before anything runs: the commands a person must decide, asked in one round trip.
            ApplyReport preview =
                    interpreter.apply(
                            answer.asText(),
                            checked.withDryRun(true)
                                    .withExpectPlan(null)
                                    .withPrompter(command -> Prompter.Answer.NO)
                                    .withCancellation(session.cancelled()));
            ObjectNode ask =
                    InputRequired.ask(
                            InputRequired.commandsToAsk(preview),
                            session.inputResponses(),
                            dir,
                            mapper);
            if (ask != null) {
                return ask;
            }
            prompter = InputRequired.answeredBy(session.inputResponses());
        } else if (!checked.dryRun() && session.elicit() != null) {
            prompter = new ElicitingPrompter(dir, session.elicit(), mapper);
        }
        ApplyOptions options =
                checked.withPrompter(prompter)
                        .withOutput(session.progress())
                        .withCancellation(session.cancelled())
                        .withSource("mcp", null);
        ApplyReport report = interpreter.apply(answer.asText(), options);
        List<String> pending =
                name.equals("check") ? PendingApprovals.onlyPending(report) : List.of();
        if (!pending.isEmpty()) {
            return pendingResult(report, pending, session.features());
        }
        return toolResult(
                rendering.applySummary().apply(report),
                rendering.applyJson().apply(report),
                report.ok(),
                session.features());
    }

    private ObjectNode toolResult(
            String summary, String json, boolean ok, ProtocolFeatures features) {
        ObjectNode result = mapper.createObjectNode();
        ArrayNode content = result.putArray("content");
        content.addObject().put("type", "text").put("text", summary);
        if (!json.contains("--")) {
            // No command-line spelling to put in MCP's words: the document goes out as the bytes
            // ReportJson wrote, not parsed back into a tree and written again (for a report of
            // 100,000 syntax errors that tree was most of the time).
            if (features.structured()) {
                result.putRawValue("structuredContent", new RawValue(json));
            } else {
                content.addObject().put("type", "text").put("text", json);
            }
        } else {
            JsonNode document;
            try {
                document = mapper.readTree(json);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            McpWording.speakIn(document);
            structured(result, content, document, features);
        }
        result.put("isError", !ok);
        return result;
    }

    /**
     * A check whose plan is valid and waits only for the user to approve commands: no error (the
     * answer needs no fix), the document as a check gives it ({@code ok: false}, each RUN's {@code
     * command_not_approved}) with {@code approvalPending} listing the commands, and a first line
     * saying so.
     */
    private ObjectNode pendingResult(
            ApplyReport report, List<String> pending, ProtocolFeatures features) {
        ObjectNode result = mapper.createObjectNode();
        ArrayNode content = result.putArray("content");
        content.addObject()
                .put("type", "text")
                .put(
                        "text",
                        "The plan is valid; it waits only for the user to approve "
                                + (pending.size() == 1 ? "a command" : pending.size() + " commands")
                                + " ("
                                + String.join(", ", pending)
                                + "): apply asks the user, or the user runs csl allow.\n"
                                + rendering.applySummary().apply(report));
        JsonNode document;
        try {
            document = mapper.readTree(rendering.applyJson().apply(report));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ArrayNode commands = ((ObjectNode) document).putArray("approvalPending");
        pending.forEach(commands::add);
        McpWording.speakIn(document);
        structured(result, content, document, features);
        result.put("isError", false);
        return result;
    }

    /**
     * The document as {@code structuredContent}; for a version before it, as a second text block
     * holding the JSON (the specification's advice for backwards compatibility), so that an older
     * client still gets the data.
     */
    private void structured(
            ObjectNode result, ArrayNode content, JsonNode document, ProtocolFeatures features) {
        if (features.structured()) {
            result.set("structuredContent", document);
        } else {
            content.addObject().put("type", "text").put("text", document.toString());
        }
    }

    /** A refusal before any work, as text and as data. */
    private ObjectNode textError(
            ErrorCode code, String message, String hint, ProtocolFeatures features) {
        ObjectNode result = mapper.createObjectNode();
        ArrayNode content = result.putArray("content");
        content.addObject().put("type", "text").put("text", message + " " + hint);
        ObjectNode data = mapper.createObjectNode();
        data.put("ok", false);
        ObjectNode error = data.putObject("error");
        error.put("code", code.wireName());
        error.put("message", message);
        error.put("hint", hint);
        structured(result, content, data, features);
        result.put("isError", true);
        return result;
    }

    @Override
    public void close() {
        try {
            resources.close();
        } catch (Exception e) {
            // shutting down: nothing left to tell
        }
    }
}
