package dev.csl.cli.serve;

/**
 * A JSON-RPC 2.0 error object.
 *
 * @param code one of the standard codes below
 * @param message one short sentence
 * @param data extra detail (a hint, the known parameter names), or {@code null}
 */
record RpcError(int code, String message, Object data) {
    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int METHOD_NOT_FOUND = -32601;
    static final int INVALID_PARAMS = -32602;
    static final int INTERNAL_ERROR = -32603;

    /** LSP's RequestCancelled: the answer to a request the client cancelled. */
    static final int REQUEST_CANCELLED = -32800;

    static RpcError invalidParams(String message) {
        return new RpcError(INVALID_PARAMS, message, null);
    }
}
