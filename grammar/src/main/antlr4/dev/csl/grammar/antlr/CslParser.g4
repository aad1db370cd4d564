/*
 * CSL (SPEC §1) as a parser grammar over LINE tokens.
 *
 * Why no ANTLR lexer: the delimiters are runtime strings (any characters, e.g. "@[[[[" or regex
 * and ANTLR metacharacters), and content is copied verbatim. A character-level lexer would touch
 * every content byte and could not match runtime delimiters without predicates, so a hand-written
 * LineTokenSource splits the answer into lines and hands the parser one token per marker line
 * (typed by its NAME, or MALFORMED/UNKNOWN) and one TEXT token per run of other lines.
 *
 * Why the states are parser rules instead of lexer modes: whether a marker line is live depends
 * on the state of SPEC §1.2 (top level, inside TASKS, WRITE/RUN content, SEARCH pattern, SEARCH
 * range end, SEARCH replacement). Each state is a rule below that lists which line tokens are
 * literal in it; a live marker ends the loop of its state. Every token sequence is accepted, so
 * ANTLR never reports an error: the §1.5 errors (misplaced, faulty or missing markers) are read
 * off the tree by TreeBuilder, which lets every faulty live marker still act as that marker.
 * (Inside a block opened by a faulty marker, FaultyBlocks types a faulty END, TO or REPLACE as
 * the marker it means, so that the block closes and later mistakes are reported too.)
 *
 * Why blocks end in (END | EOF) rather than END?: inside TASKS an optional END would be ambiguous
 * with the END of the TASKS block, and ANTLR would resolve it with unbounded lookahead on every
 * block. With EOF as the explicit alternative every decision is LL(1); a block closed by EOF is
 * an unterminated one. (Matching EOF does not consume it, so the start rule still ends in EOF.)
 *
 * Why labels: the parser runs without building a parse tree (a tree node per token would cost
 * more than the whole line split on large answers). Labels keep the tokens and sub-rules the
 * TreeBuilder needs in the contexts; CslFrontEnd hands each finished top-level item to it.
 */
parser grammar CslParser;

tokens { TEXT, MALFORMED, UNKNOWN, WRITE, RUN, SEARCH, TASKS, TO, REPLACE, END }

answer
    : topLevel* EOF
    ;

// State "top level": WRITE, RUN, SEARCH, TASKS are live; other marker lines are errors.
topLevel
    : op=operation
    | block=tasks
    | TEXT
    | stray=misplaced
    | end=END
    ;

operation
    : w=write
    | r=run
    | s=search
    ;

write
    : open=WRITE content (close=END | EOF)
    ;

run
    : open=RUN content (close=END | EOF)
    ;

// State "WRITE / RUN content": only END is live.
content
    : (TEXT | MALFORMED | UNKNOWN | WRITE | RUN | SEARCH | TASKS | TO | REPLACE)*
    ;

search
    : open=SEARCH pattern (to=TO rangeEnd)? (replace=REPLACE replacement)? (close=END | EOF)
    ;

// State "SEARCH pattern": TO, REPLACE and END are live.
pattern
    : (TEXT | MALFORMED | UNKNOWN | WRITE | RUN | SEARCH | TASKS)*
    ;

// State "SEARCH range end" (after TO): only REPLACE is live.
rangeEnd
    : (TEXT | MALFORMED | UNKNOWN | WRITE | RUN | SEARCH | TASKS | TO | END)*
    ;

// State "SEARCH replacement": only END is live.
replacement
    : (TEXT | MALFORMED | UNKNOWN | WRITE | RUN | SEARCH | TASKS | TO | REPLACE)*
    ;

// State "inside TASKS": WRITE, RUN, SEARCH and END are live.
tasks
    : open=TASKS (items+=tasksItem)* (close=END | EOF)
    ;

tasksItem
    : op=operation
    | nested=nestedTasks
    | TEXT
    | stray=misplaced
    ;

// A TASKS inside TASKS is an error, but it still opens a block so that its END does not close
// the outer one (one mistake, one error). Not recursive: nesting depth stays bounded.
nestedTasks
    : open=TASKS (items+=nestedTasksItem)* (close=END | EOF)
    ;

nestedTasksItem
    : op=operation
    | inner=TASKS
    | TEXT
    | stray=misplaced
    ;

// Marker lines that are errors at top level and inside TASKS. (END is misplaced only at top
// level, where topLevel lists it: inside TASKS it closes the block.)
misplaced
    : MALFORMED
    | UNKNOWN
    | TO
    | REPLACE
    ;
