/** A piece of a message: plain text, or an http(s) link. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// http(s) only: other schemes (javascript:, data:, …) stay text. The match stops at whitespace and
// at characters that never end a link in prose: quotes and angle brackets.
const URL_PATTERN = /https?:\/\/[^\s<>"'`«»]+/giu;
/** Punctuation that ends a sentence rather than the link. */
const TRAILING = /[.,;:!?…)\]}'"»]+$/u;

function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits a message into text and links, for rendering as React text nodes and anchors: nothing
 * in the text is ever interpreted as HTML.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  const pushText = (piece: string) => {
    if (!piece) return;
    const previous = parts.at(-1);
    if (previous?.kind === 'text') previous.text += piece;
    else parts.push({ kind: 'text', text: piece });
  };
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    let candidate = match[0];
    while (TRAILING.test(candidate)) {
      // A closing bracket stays when the link opened it (Wikipedia-style addresses).
      const opens = candidate.match(/\(/g)?.length ?? 0;
      const closes = candidate.match(/\)/g)?.length ?? 0;
      if (candidate.endsWith(')') && opens >= closes) break;
      candidate = candidate.slice(0, -1);
    }
    const href = safeHref(candidate);
    pushText(text.slice(last, start));
    if (href) parts.push({ kind: 'link', text: candidate, href });
    else pushText(candidate);
    last = start + candidate.length;
  }
  pushText(text.slice(last));
  return parts;
}
