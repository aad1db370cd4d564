package dev.csl.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The envelope of the stateless revision (2026-07-28): what each request must carry in {@code
 * _meta}, and what each result carries besides its content.
 */
final class StatelessEnvelope {
    static final String PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
    static final String CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
    static final String SERVER_INFO = "io.modelcontextprotocol/serverInfo";

    /**
     * How long a client may keep csl's lists and discovery result: they never change while the
     * server runs (no listChanged), so an hour spares a client re-fetching them on every turn.
     */
    static final long TTL_MS = 3_600_000;

    private StatelessEnvelope() {}

    /**
     * Why a request of the stateless revision is malformed (-32602), or null: each request must
     * carry the client's capabilities beside its version, as the server keeps nothing between
     * requests.
     */
    static String malformed(JsonNode meta) {
        JsonNode capabilities = meta.get(CLIENT_CAPABILITIES);
        if (capabilities == null || !capabilities.isObject()) {
            return "Invalid params: a request of protocol version "
                    + ProtocolFeatures.STATELESS
                    + " must carry the object _meta[\""
                    + CLIENT_CAPABILITIES
                    + "\"] beside _meta[\""
                    + PROTOCOL_VERSION
                    + "\"] (an empty object when the client has none)";
        }
        return null;
    }

    /**
     * A result as the revision requires it: {@code resultType} "complete" and csl's identity in
     * {@code _meta}; a {@code cacheable} one (lists, discovery) also {@code ttlMs} and {@code
     * cacheScope}. The scope is private: the tool list names the user's directory ({@code -C}).
     */
    static ObjectNode complete(ObjectNode result, boolean cacheable, String cslVersion) {
        if (!result.has("resultType")) { // an input_required result keeps its own
            result.put("resultType", "complete");
        }
        if (cacheable) {
            result.put("ttlMs", TTL_MS);
            result.put("cacheScope", "private");
        }
        ObjectNode info = result.withObject("/_meta").putObject(SERVER_INFO);
        info.put("name", "csl");
        info.put("version", cslVersion);
        return result;
    }
}
