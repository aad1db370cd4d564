package dev.csl.interpreter;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One version of a file's content: absent, or bytes, or the decoded text a SEARCH edits. Immutable
 * (the derived form is computed once on demand), compared by identity to know what is unsaved.
 */
final class Content {
    static final Content ABSENT = new Content(false, new byte[0], null, false);
    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private final boolean exists;
    private byte[] bytes;
    private TextDoc doc;
    private final boolean bom;
    private LineEndings endings;

    private Content(boolean exists, byte[] bytes, TextDoc doc, boolean bom) {
        this.exists = exists;
        this.bytes = bytes;
        this.doc = doc;
        this.bom = bom;
    }

    static Content ofBytes(byte[] bytes) {
        return new Content(true, bytes, null, startsWithBom(bytes));
    }

    /** A new version holding {@code doc}, keeping this version's byte-order mark. */
    Content withDoc(TextDoc newDoc) {
        Content c = new Content(true, null, newDoc, bom);
        c.endings = endings;
        return c;
    }

    boolean exists() {
        return exists;
    }

    boolean hasBom() {
        return bom;
    }

    synchronized byte[] bytes() {
        if (bytes == null) {
            byte[] body = doc.toString().getBytes(StandardCharsets.UTF_8);
            if (bom) {
                byte[] all = Arrays.copyOf(BOM, BOM.length + body.length);
                System.arraycopy(body, 0, all, BOM.length, body.length);
                body = all;
            }
            bytes = body;
        }
        return bytes;
    }

    /** The text without its byte-order mark; throws when the file is not UTF-8 text. */
    synchronized TextDoc doc() throws NotTextException {
        if (doc == null) {
            doc = TextDoc.of(decode(bytes, bom));
        }
        return doc;
    }

    synchronized LineEndings endings() {
        if (endings == null) {
            endings =
                    doc != null && bytes == null
                            ? LineEndings.of(doc.toString())
                            : LineEndings.of(bytes);
        }
        return endings;
    }

    /** The text for diffs and error explanations (no BOM); binary content shows as a note. */
    String textOrNote() {
        if (!exists) {
            return "";
        }
        try {
            return doc().toString();
        } catch (NotTextException e) {
            return "(binary content, " + bytes().length + " bytes)\n";
        }
    }

    static boolean startsWithBom(byte[] b) {
        return b.length >= 3 && b[0] == BOM[0] && b[1] == BOM[1] && b[2] == BOM[2];
    }

    static byte[] bomBytes() {
        return BOM.clone();
    }

    private static String decode(byte[] bytes, boolean bom) throws NotTextException {
        int offset = bom ? 3 : 0;
        boolean ascii = true;
        for (int i = offset; i < bytes.length; i++) {
            byte b = bytes[i];
            if (b == 0) {
                throw new NotTextException("contains NUL bytes");
            }
            if (b < 0) {
                ascii = false;
            }
        }
        if (ascii) {
            // Plain ASCII is valid UTF-8: the JDK's fast path, no strict decoder needed.
            return new String(bytes, offset, bytes.length - offset, StandardCharsets.US_ASCII);
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, offset, bytes.length - offset))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new NotTextException("is not valid UTF-8");
        }
    }

    /** The file is binary or not UTF-8, so SEARCH cannot edit it. */
    static final class NotTextException extends Exception {
        private static final long serialVersionUID = 1L;

        NotTextException(String why) {
            super(why);
        }
    }
}
