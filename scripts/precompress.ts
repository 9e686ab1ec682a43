// Writes `<file>.br` and `<file>.gz` beside every text file of a build output, at the strongest
// levels (brotli 11, gzip 9): done once at build, so the server sends them as they are
// (serveStatic's `precompressed`) instead of compressing the same bytes on every request.
// Usage: node scripts/precompress.ts <dir> [<dir>…]   (run by each browser app's `build`)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Text formats only: images and fonts (woff2) are compressed already. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;
/** Below this the compressed file saves less than the headers that announce it. */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

let files = 0;
let raw = 0;
let br = 0;
for (const dir of process.argv.slice(2)) {
  for (const file of filesUnder(dir)) {
    if (!TEXT.test(file)) continue;
    const body = fs.readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const brotli = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    fs.writeFileSync(`${file}.br`, brotli);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
    files++;
    raw += body.length;
    br += brotli.length;
  }
}
console.log(`precompress: ${files} files, ${raw} bytes → ${br} brotli`);
