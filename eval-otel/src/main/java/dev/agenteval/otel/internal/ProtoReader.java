package dev.agenteval.otel.internal;

import java.nio.charset.StandardCharsets;

/**
 * Reads the protocol buffers wire format (https://protobuf.dev/programming-guides/encoding/):
 * tags, varints, fixed 32 and 64 bit values and length-delimited fields, over a slice of one
 * byte array. Errors name the byte offset and the field path given by the caller. Not API.
 */
final class ProtoReader {

    static final int VARINT = 0;
    static final int FIXED64 = 1;
    static final int LENGTH_DELIMITED = 2;
    static final int FIXED32 = 5;

    private final byte[] bytes;
    private final int end;
    private int pos;
    private int tagOffset;

    ProtoReader(byte[] bytes) {
        this(bytes, 0, bytes.length);
    }

    private ProtoReader(byte[] bytes, int start, int end) {
        this.bytes = bytes;
        this.pos = start;
        this.end = end;
    }

    /** True while bytes are left in this message. */
    boolean hasMore() {
        return pos < end;
    }

    /** The next field's tag (field number and wire type). */
    int readTag(String path) {
        tagOffset = pos;
        long tag = readVarint(path);
        if (tag >>> 3 == 0 || tag > Integer.MAX_VALUE) {
            throw error(path, "invalid field tag " + tag, tagOffset);
        }
        return (int) tag;
    }

    static int fieldNumber(int tag) {
        return tag >>> 3;
    }

    static int wireType(int tag) {
        return tag & 7;
    }

    /** Checks that the field just tagged has the wire type its declaration gives. */
    void expect(int tag, int wireType, String field) {
        if (wireType(tag) != wireType) {
            throw error(field, "wire type " + wireType(tag) + " where " + wireType + " (" + describe(wireType)
                    + ") was expected", tagOffset);
        }
    }

    long readVarint(String path) {
        int start = pos;
        long result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos >= end) {
                throw error(path, "truncated varint", start);
            }
            byte b = bytes[pos++];
            result |= (long) (b & 0x7f) << shift;
            if (b >= 0) {
                return result;
            }
        }
        throw error(path, "varint longer than 10 bytes", start);
    }

    long readFixed64(String path) {
        require(8, path);
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = v << 8 | bytes[pos + i] & 0xff;
        }
        pos += 8;
        return v;
    }

    int readFixed32(String path) {
        require(4, path);
        int v = 0;
        for (int i = 3; i >= 0; i--) {
            v = v << 8 | bytes[pos + i] & 0xff;
        }
        pos += 4;
        return v;
    }

    /** A length-delimited field's content as a reader of its own. */
    ProtoReader readMessage(String path) {
        int length = readLength(path);
        ProtoReader sub = new ProtoReader(bytes, pos, pos + length);
        pos += length;
        return sub;
    }

    byte[] readBytes(String path) {
        int length = readLength(path);
        byte[] copy = new byte[length];
        System.arraycopy(bytes, pos, copy, 0, length);
        pos += length;
        return copy;
    }

    String readString(String path) {
        int length = readLength(path);
        String s = new String(bytes, pos, length, StandardCharsets.UTF_8);
        pos += length;
        return s;
    }

    /** Skips a field this reader does not need (unknown fields are allowed, as protobuf says). */
    void skip(int tag, String path) {
        switch (wireType(tag)) {
            case VARINT -> readVarint(path);
            case FIXED64 -> require(8, path, true);
            case LENGTH_DELIMITED -> {
                int length = readLength(path); // first: readLength moves pos past the length itself
                pos += length;
            }
            case FIXED32 -> require(4, path, true);
            default -> throw error(path, "unsupported wire type " + wireType(tag) + " (groups are not used by OTLP)",
                    tagOffset);
        }
    }

    private int readLength(String path) {
        int start = pos;
        long length = readVarint(path);
        if (length < 0 || length > end - pos) {
            throw error(path, "length " + length + " runs past the end of its message (" + (end - pos)
                    + " bytes left)", start);
        }
        return (int) length;
    }

    private void require(int n, String path) {
        require(n, path, false);
    }

    private void require(int n, String path, boolean consume) {
        if (end - pos < n) {
            throw error(path, "truncated: " + n + " bytes needed, " + (end - pos) + " left", pos);
        }
        if (consume) {
            pos += n;
        }
    }

    private static String describe(int wireType) {
        return switch (wireType) {
            case VARINT -> "varint";
            case FIXED64 -> "64-bit";
            case LENGTH_DELIMITED -> "length-delimited";
            case FIXED32 -> "32-bit";
            default -> "unknown";
        };
    }

    private static MalformedOtlpException error(String path, String problem, int offset) {
        return new MalformedOtlpException("malformed protobuf at byte " + offset + " (" + path + "): " + problem);
    }
}
