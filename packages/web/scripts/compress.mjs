#!/usr/bin/env node
// Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to every text file of
// the build, so the server sends compressed bytes without compressing per request
// (@fastify/static `preCompressed`, packages/server/src/infra/http/web.ts). Files under 1 KB, and
// copies that would not be smaller, are left out.
// Usage: node scripts/compress.mjs [distDir]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(?:html|js|mjs|css|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

const distDir = process.argv[2]
  ? path.resolve(process.argv[2])
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // Vite's manifest is for the build's own scripts, not for browsers.
      if (entry.name !== '.vite') yield* files(full);
    } else if (TEXT.test(entry.name) && statSync(full).size >= MIN_BYTES) {
      yield full;
    }
  }
}

let raw = 0;
let brotli = 0;
let count = 0;
for (const file of files(distDir)) {
  const content = readFileSync(file);
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = gzipSync(content, { level: 9 });
  if (br.length < content.length) writeFileSync(`${file}.br`, br);
  if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
  raw += content.length;
  brotli += Math.min(br.length, content.length);
  count += 1;
}
console.log(`compress: ${count} files, ${(raw / 1024).toFixed(1)} KB → ${(brotli / 1024).toFixed(1)} KB brotli`);
