package dev.csl.cli.mcp;

import java.util.List;

/**
 * What csl may send a client of a given MCP protocol version, so that an older client never meets a
 * field its version does not define.
 *
 * @param version the protocol version the request is served in
 * @param annotations tool annotations (readOnlyHint, destructiveHint…), from 2025-03-26
 * @param structured a tool's {@code title} and {@code outputSchema}, a result's {@code
 *     structuredContent}, and elicitation, all from 2025-06-18
 * @param batches JSON-RPC batches: in 2024-11-05 and 2025-03-26, removed in 2025-06-18
 * @param stateless the stateless revision (2026-07-28): no handshake, each request names its
 *     version in {@code _meta}, every result carries {@code resultType}, and the server sends the
 *     client no requests (no roots/list, no elicitation/create)
 */
record ProtocolFeatures(
        String version,
        boolean annotations,
        boolean structured,
        boolean batches,
        boolean stateless) {
    /** The stateless revision: every request carries its version; there is no initialize. */
    static final String STATELESS = "2026-07-28";

    /**
     * Reached through initialize; newest first: the one answered to a version csl does not speak.
     */
    static final List<String> HANDSHAKE =
            List.of("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05");

    /** Every version csl speaks, newest first (what server/discover and -32022 list). */
    static final List<String> SUPPORTED =
            List.of(STATELESS, "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05");

    /** For one of {@link #SUPPORTED}; the versions are ISO dates, so they sort. */
    static ProtocolFeatures of(String version) {
        return new ProtocolFeatures(
                version,
                version.compareTo("2025-03-26") >= 0,
                version.compareTo("2025-06-18") >= 0,
                version.compareTo("2025-06-18") < 0,
                version.equals(STATELESS));
    }
}
