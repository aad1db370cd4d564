/**
 * The JSON document of {@code csl parse --json}, shared by the command line and {@code csl serve};
 * its own package so that {@code cli.serve} need not import {@code cli}.
 */
package dev.csl.cli.json;
