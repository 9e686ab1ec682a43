import type { SupplierCode } from '../supplier.ts';
import type { WireCode } from './wire.ts';

/*
 * What a CodesWholesale code is. `codeType` is primary (`CODE_TEXT`, `CODE_IMAGE`, and the
 * pre-order spelt `CODE_PREORDER` or `PRE_ORDER` depending on the SDK); the legacy `status`
 * ("Text code", "Image code", "Pre-ordered code") is the fallback.
 */

export type CodeKind = SupplierCode['kind'];

const BY_TYPE: Record<string, CodeKind> = {
  CODE_TEXT: 'text',
  CODE_IMAGE: 'image',
  CODE_PREORDER: 'preorder',
  PRE_ORDER: 'preorder',
};

const BY_LEGACY_STATUS: Record<string, CodeKind> = {
  'text code': 'text',
  'image code': 'image',
  'pre-ordered code': 'preorder',
};

/** The code's kind, or null for a type we do not know (never guessed as delivered). */
export function codeKind(code: WireCode): CodeKind | null {
  if (code.codeType) return BY_TYPE[code.codeType.trim().toUpperCase()] ?? null;
  if (code.status) return BY_LEGACY_STATUS[code.status.trim().toLowerCase()] ?? null;
  return null;
}

const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** Base64 openings of the formats scanned cards come in, for a file name without extension. */
const MIME_BY_MAGIC: Array<[string, string]> = [
  ['iVBORw0KGgo', 'image/png'],
  ['/9j/', 'image/jpeg'],
  ['R0lGOD', 'image/gif'],
  ['JVBERi0', 'application/pdf'],
];

function mimeTypeOf(filename: string, base64: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  return (
    (ext && MIME_BY_EXTENSION[ext]) ??
    MIME_BY_MAGIC.find(([magic]) => base64.startsWith(magic))?.[1] ??
    'application/octet-stream'
  );
}

/**
 * The code as the marketplace stores it; null when it lacks its content (an image an order left
 * out, to fetch with `GET /v2/codes/{codeId}`) or its kind is unknown.
 */
export function toSupplierCode(code: WireCode): SupplierCode | null {
  const kind = codeKind(code);
  if (kind === 'preorder') return { kind, codeId: code.codeId };
  if (!code.code) return null;
  if (kind === 'text') return { kind, codeId: code.codeId, code: code.code };
  if (kind === 'image') {
    const filename = code.filename ?? code.fileName ?? `${code.codeId}.png`;
    return {
      kind,
      codeId: code.codeId,
      imageBase64: code.code,
      filename,
      mimeType: mimeTypeOf(filename, code.code),
    };
  }
  return null;
}
