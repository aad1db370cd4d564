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
 */
parser grammar CslParser;

tokens { TEXT, MALFORMED, UNKNOWN, WRITE, RUN, SEARCH, TASKS, TO, REPLACE, END }

answer
    : topLevel* EOF
    ;

// State "top level": WRITE, RUN, SEARCH, TASKS are live; other marker lines are errors.
topLevel
    : operation
    | tasks
    | TEXT
    | misplaced
    | END
    ;

operation
    : write
    | run
    | search
    ;

write
    : WRITE content END?
    ;

run
    : RUN content END?
    ;

// State "WRITE / RUN content" and "SEARCH replacement": only END is live.
content
    : literalLine*
    ;

literalLine
    : TEXT | MALFORMED | UNKNOWN | WRITE | RUN | SEARCH | TASKS | TO | REPLACE
    ;

search
    : SEARCH pattern (TO rangeEnd)? (REPLACE replacement)? END?
    ;

// State "SEARCH pattern": TO, REPLACE and END are live.
pattern
    : patternLine*
    ;

patternLine
    : TEXT | MALFORMED | UNKNOWN | WRITE | RUN | SEARCH | TASKS
    ;

// State "SEARCH range end" (after TO): only REPLACE is live.
rangeEnd
    : rangeEndLine*
    ;

rangeEndLine
    : TEXT | MALFORMED | UNKNOWN | WRITE | RUN | SEARCH | TASKS | TO | END
    ;

replacement
    : literalLine*
    ;

// State "inside TASKS": WRITE, RUN, SEARCH and END are live.
tasks
    : TASKS tasksBody END?
    ;

tasksBody
    : tasksItem*
    ;

tasksItem
    : operation
    | nestedTasks
    | TEXT
    | misplaced
    ;

// A TASKS inside TASKS is an error, but it still opens a block so that its END does not close
// the outer one (one mistake, one error). Not recursive: nesting depth stays bounded.
nestedTasks
    : TASKS nestedTasksBody END?
    ;

nestedTasksBody
    : nestedTasksItem*
    ;

nestedTasksItem
    : operation
    | TASKS
    | TEXT
    | misplaced
    ;

// Marker lines that are errors at top level and inside TASKS. (END is misplaced only at top
// level, where topLevel lists it: inside TASKS it closes the block.)
misplaced
    : MALFORMED
    | UNKNOWN
    | TO
    | REPLACE
    ;
