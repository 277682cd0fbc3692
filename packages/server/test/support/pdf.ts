import { inflateSync } from 'node:zlib';

/** The flate streams of a PDF, inflated (pdfkit compresses content, fonts and CMaps). */
export function pdfStreams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  const re = />>\s*stream\r?\n/g;
  for (let match = re.exec(text); match; match = re.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    try {
      streams.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not deflated (or not a stream at all): nothing to read here.
    }
    re.lastIndex = end;
  }
  return streams;
}

/**
 * The text a PDF shows, page after page, as a PDF reader extracts it (Mozilla's pdf.js): the
 * embedded subset fonts' ToUnicode maps, ligatures and text runs as a reader sees them, so a test
 * reads what a donor would copy out of the file. Runs are joined by spaces.
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js takes the buffer over: a copy, so the caller's bytes stay readable.
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= document.numPages; n += 1) {
      const content = await (await document.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages.join('\n');
  } finally {
    await document.destroy();
  }
}
