import createDOMPurify, { type Config } from 'dompurify';
import { JSDOM } from 'jsdom';

/*
 * DOMPurify on one jsdom window: the browsers' own parsing rules decide what a tag is, which is
 * what mutation-XSS needs (sanitize-html, used before, wants Node 22 since 2.17.6, and its older
 * versions miss fixes). The allowlist below is all that an author's lesson may hold.
 */
const { window } = new JSDOM('');
const purify = createDOMPurify(window);

/**
 * The allowlist for anything a course author writes: text structure, emphasis, links with safe
 * schemes, images, audio and tables. No script, no event handlers, no styles, no SVG, no
 * iframes, no data: URLs; relative URLs only as site paths (`/media/…`), never protocol-relative.
 */
const ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  audio: ['src', 'controls'],
  source: ['src', 'type'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
};
const TAGS = [
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'blockquote'],
  ...['strong', 'b', 'em', 'i', 'u', 's', 'mark', 'small', 'sub', 'sup', 'code', 'pre', 'a'],
  ...['img', 'figure', 'figcaption', 'audio', 'source'],
  ...['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
];
const SCHEMES: Record<string, readonly string[]> = { href: ['https', 'http', 'mailto'], src: ['https', 'http'] };

/** Whether a link or source may stay: an allowed scheme, or a relative URL that stays on this site. */
function safeUrl(attribute: 'href' | 'src', value: string): boolean {
  // Browsers ignore whitespace and control characters inside a scheme, so the check does too.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: those characters are what it removes
  const bare = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(bare)?.[1];
  if (scheme) return SCHEMES[attribute]?.includes(scheme.toLowerCase()) ?? false;
  // `//host` and `/\host` leave the site (protocol-relative).
  return !/^[\\/]{2}/.test(bare);
}

purify.addHook('uponSanitizeAttribute', (node, data) => {
  const name = data.attrName;
  const allowed = ATTRIBUTES[node.nodeName.toLowerCase()] ?? [];
  if (!allowed.includes(name)) data.keepAttr = false;
  else if ((name === 'href' || name === 'src') && !safeUrl(name, data.attrValue)) data.keepAttr = false;
  // Our own check above is the URL policy; DOMPurify's would let data: through on media.
  if (data.keepAttr && (name === 'href' || name === 'src')) data.forceKeepAttr = true;
});

purify.addHook('afterSanitizeAttributes', (node) => {
  const tag = node.nodeName.toLowerCase();
  // Links open elsewhere without handing that page a reference back to ours.
  if (tag === 'a') node.setAttribute('rel', 'noopener noreferrer nofollow');
  if (tag === 'audio') node.setAttribute('controls', '');
});

const CONFIG: Config = {
  ALLOWED_TAGS: TAGS,
  ALLOWED_ATTR: [...new Set(Object.values(ATTRIBUTES).flat()), 'rel'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  RETURN_DOM: true,
};

/** What the sanitizer hands back (a detached body); typed here, since the server has no DOM types. */
interface Body {
  innerHTML: string;
  ownerDocument: { createElement(tag: string): Heading };
  querySelectorAll(selectors: string): ArrayLike<Heading>;
}
interface Heading {
  childNodes: ArrayLike<unknown>;
  append(...nodes: unknown[]): void;
  replaceWith(node: Heading): void;
}

export function sanitizeLessonHtml(html: string): string {
  const body = purify.sanitize(html, CONFIG) as unknown as Body;
  // The page's own h1 is the lesson's theme; an author's top heading becomes the next level.
  for (const heading of Array.from(body.querySelectorAll('h1'))) {
    const h2 = body.ownerDocument.createElement('h2');
    h2.append(...Array.from(heading.childNodes));
    heading.replaceWith(h2);
  }
  return body.innerHTML.trim();
}

/** A URL an author may give for an image, audio track or video: http(s) or a site path. */
export function isSafeMediaUrl(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}
