package dev.csl.cli.rpc;

/**
 * A JSON-RPC 2.0 error object.
 *
 * @param code one of the standard codes below
 * @param message one short sentence
 * @param data extra detail (a hint, the known parameter names), or {@code null}
 */
public record RpcError(int code, String message, Object data) {
    public static final int PARSE_ERROR = -32700;
    public static final int INVALID_REQUEST = -32600;
    public static final int METHOD_NOT_FOUND = -32601;
    public static final int INVALID_PARAMS = -32602;
    public static final int INTERNAL_ERROR = -32603;

    /**
     * MCP's UnsupportedProtocolVersionError: a request names a version the server does not speak.
     */
    public static final int UNSUPPORTED_PROTOCOL_VERSION = -32022;

    /** LSP's RequestCancelled: the answer to a request the client cancelled. */
    public static final int REQUEST_CANCELLED = -32800;

    public static RpcError invalidParams(String message) {
        return new RpcError(INVALID_PARAMS, message, null);
    }
}
