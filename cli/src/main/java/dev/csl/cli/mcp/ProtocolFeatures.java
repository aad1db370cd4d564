package dev.csl.cli.mcp;

/**
 * What csl may send a client of a given MCP protocol version, so that an older client never meets a
 * field its version does not define.
 *
 * @param version the negotiated protocol version
 * @param annotations tool annotations (readOnlyHint, destructiveHint…), from 2025-03-26
 * @param structured a tool's {@code title} and {@code outputSchema}, a result's {@code
 *     structuredContent}, and elicitation, all from 2025-06-18
 * @param batches JSON-RPC batches: in 2024-11-05 and 2025-03-26, removed in 2025-06-18
 */
record ProtocolFeatures(String version, boolean annotations, boolean structured, boolean batches) {
    /** For one of {@link McpServer#PROTOCOL_VERSIONS}; the versions are ISO dates, so they sort. */
    static ProtocolFeatures of(String version) {
        return new ProtocolFeatures(
                version,
                version.compareTo("2025-03-26") >= 0,
                version.compareTo("2025-06-18") >= 0,
                version.compareTo("2025-06-18") < 0);
    }
}
