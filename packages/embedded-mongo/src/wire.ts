/**
 * MongoDB wire protocol framing: OP_MSG (2013) for everything, legacy OP_QUERY (2004) for a
 * driver's first handshake, answered with OP_REPLY (1).
 * https://github.com/mongodb/specifications/blob/master/source/message/OP_MSG.md
 */
import { BSON } from 'bson';
import { BSON_READ } from './journal.ts';
import type { Doc } from './types.ts';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;

const CHECKSUM_PRESENT = 1 << 0;
const MORE_TO_COME = 1 << 1;
/** Flag bits 0-15 are "required": a receiver must reject bits it does not know. */
const KNOWN_REQUIRED = CHECKSUM_PRESENT | MORE_TO_COME;

const HEADER = 16;
export const MAX_MESSAGE_BYTES = 48_000_000;

/** Malformed framing: the connection cannot be trusted any more and gets closed. */
export class ProtocolError extends Error {}

export interface Frame {
  requestId: number;
  opCode: number;
  /** The whole message, header included. */
  data: Buffer;
}

/** Reassembles whole messages from TCP chunks (which may split or batch messages). */
export class FrameReader {
  private chunks: Buffer[] = [];
  private buffered = 0;

  push(chunk: Buffer): Frame[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const frames: Frame[] = [];
    while (this.buffered >= 4) {
      const head = this.peek(4);
      const len = head.readInt32LE(0);
      if (len < HEADER || len > MAX_MESSAGE_BYTES)
        throw new ProtocolError(`invalid message length ${len}`);
      if (this.buffered < len) break;
      const data = this.take(len);
      frames.push({ requestId: data.readInt32LE(4), opCode: data.readInt32LE(12), data });
    }
    return frames;
  }

  private peek(n: number): Buffer {
    if ((this.chunks[0] as Buffer).length < n) this.chunks = [Buffer.concat(this.chunks)];
    return this.chunks[0] as Buffer;
  }

  private take(n: number): Buffer {
    const all = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length ? [rest] : [];
    this.buffered = rest.length;
    return out;
  }
}

export interface Request {
  requestId: number;
  /** Database the command runs against (`$db`, or the OP_QUERY namespace). */
  db: string;
  command: Doc;
  /** The client expects no reply (OP_MSG moreToCome, e.g. w:0 writes). */
  noReply: boolean;
  legacy: boolean;
}

/** Decodes an OP_MSG or OP_QUERY command; throws ProtocolError for anything else. */
export function decodeRequest(frame: Frame): Request {
  const { data } = frame;
  if (frame.opCode === OP_MSG) return decodeOpMsg(frame.requestId, data);
  if (frame.opCode === OP_QUERY) return decodeOpQuery(frame.requestId, data);
  if (frame.opCode === OP_COMPRESSED)
    throw new ProtocolError('OP_COMPRESSED is not supported (no compressors were negotiated)');
  throw new ProtocolError(`unsupported opCode ${frame.opCode}`);
}

function readDoc(data: Buffer, off: number, end: number): { doc: Doc; next: number } {
  if (off + 5 > end) throw new ProtocolError('truncated BSON document');
  const len = data.readInt32LE(off);
  if (len < 5 || off + len > end) throw new ProtocolError('BSON document overruns its section');
  return { doc: BSON.deserialize(data.subarray(off, off + len), BSON_READ), next: off + len };
}

function decodeOpMsg(requestId: number, data: Buffer): Request {
  const flags = data.readUInt32LE(HEADER);
  if (flags & 0xffff & ~KNOWN_REQUIRED)
    throw new ProtocolError(`unknown required OP_MSG flag bits ${flags}`);
  // The optional CRC-32C trailer is integrity over TCP; we skip it rather than verify it.
  const end = data.length - (flags & CHECKSUM_PRESENT ? 4 : 0);
  let off = HEADER + 4;
  let body: Doc | null = null;
  const sequences: [string, Doc[]][] = [];
  while (off < end) {
    const kind = data[off++];
    if (kind === 0) {
      if (body) throw new ProtocolError('OP_MSG with two body sections');
      const r = readDoc(data, off, end);
      body = r.doc;
      off = r.next;
    } else if (kind === 1) {
      // Document sequence: int32 size (including itself), cstring identifier, documents.
      const size = data.readInt32LE(off);
      const seqEnd = off + size;
      if (size < 5 || seqEnd > end)
        throw new ProtocolError('document sequence overruns the message');
      const nul = data.indexOf(0, off + 4);
      if (nul < 0 || nul >= seqEnd)
        throw new ProtocolError('unterminated document sequence identifier');
      const id = data.toString('utf8', off + 4, nul);
      const docs: Doc[] = [];
      let p = nul + 1;
      while (p < seqEnd) {
        const r = readDoc(data, p, seqEnd);
        docs.push(r.doc);
        p = r.next;
      }
      sequences.push([id, docs]);
      off = seqEnd;
    } else {
      throw new ProtocolError(`unknown OP_MSG section kind ${String(kind)}`);
    }
  }
  if (!body) throw new ProtocolError('OP_MSG without a body section');
  // Sequences are the same as arrays in the body (the driver moves `documents` etc. out).
  for (const [id, docs] of sequences) body[id] = docs;
  const db = typeof body['$db'] === 'string' ? body['$db'] : 'admin';
  return { requestId, db, command: body, noReply: (flags & MORE_TO_COME) !== 0, legacy: false };
}

function decodeOpQuery(requestId: number, data: Buffer): Request {
  // flags int32, fullCollectionName cstring, numberToSkip int32, numberToReturn int32, query doc.
  let off = HEADER + 4;
  const nul = data.indexOf(0, off);
  if (nul < 0) throw new ProtocolError('unterminated OP_QUERY namespace');
  const ns = data.toString('utf8', off, nul);
  off = nul + 1 + 8;
  let { doc } = readDoc(data, off, data.length);
  if (!ns.endsWith('.$cmd'))
    throw new ProtocolError('legacy OP_QUERY is only supported for commands');
  // Some clients wrap the command as { $query: cmd, $readPreference: ... }.
  if (doc['$query'] && typeof doc['$query'] === 'object') doc = doc['$query'] as Doc;
  return {
    requestId,
    db: ns.slice(0, -'.$cmd'.length),
    command: doc,
    noReply: false,
    legacy: true,
  };
}

const SERIALIZE: BSON.SerializeOptions = { ignoreUndefined: true, checkKeys: false };

function header(length: number, requestId: number, responseTo: number, opCode: number): Buffer {
  const h = Buffer.allocUnsafe(HEADER);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(requestId, 4);
  h.writeInt32LE(responseTo, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

let nextResponseId = 1;

/** Encodes a reply in the protocol of the request it answers. */
export function encodeReply(reply: Doc, responseTo: number, legacy: boolean): Buffer {
  const body = BSON.serialize(reply, SERIALIZE);
  const id = nextResponseId++ & 0x7fffffff;
  if (legacy) {
    // OP_REPLY: responseFlags int32, cursorID int64, startingFrom int32, numberReturned int32, docs.
    const fixed = Buffer.alloc(20);
    fixed.writeInt32LE(1, 16);
    const len = HEADER + fixed.length + body.length;
    return Buffer.concat([header(len, id, responseTo, OP_REPLY), fixed, body]);
  }
  const flagsAndKind = Buffer.alloc(5); // flagBits 0, section kind 0
  const len = HEADER + flagsAndKind.length + body.length;
  return Buffer.concat([header(len, id, responseTo, OP_MSG), flagsAndKind, body]);
}
