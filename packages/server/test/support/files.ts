import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** A minimal valid PDF document. */
export const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** HTML dressed up as a PDF by its name and declared type. */
export const FAKE_PDF = new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>');

export const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');

/** Every stored upload under the data directory. */
export async function storedFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'uploads');
  const found: string[] = [];
  for (const dir of await readdir(root).catch(() => [] as string[])) {
    for (const name of await readdir(path.join(root, dir)).catch(() => [] as string[])) found.push(name);
  }
  return found;
}
