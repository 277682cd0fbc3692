import sanitizeHtml from 'sanitize-html';

/**
 * The allowlist for anything a course author writes: text structure, emphasis, links with safe
 * schemes, images, audio and tables. No script, no event handlers, no styles, no SVG, no
 * iframes, no data: URLs; relative URLs only as site paths (`/media/…`), never protocol-relative.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'blockquote',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'mark',
    'small',
    'sub',
    'sup',
    'code',
    'pre',
    'a',
    'img',
    'figure',
    'figcaption',
    'audio',
    'source',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    audio: ['src', 'controls'],
    source: ['src', 'type'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'], audio: ['https', 'http'], source: ['https', 'http'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links open elsewhere without handing that page a reference back to ours.
  transformTags: {
    // The page's own h1 is the lesson's theme; an author's top heading becomes the next level.
    h1: 'h2',
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
    audio: sanitizeHtml.simpleTransform('audio', { controls: '' }),
  },
  allowedClasses: {},
};

// `rel` is added by the transform above, so it must be allowed to stay.
(OPTIONS.allowedAttributes as Record<string, string[]>).a?.push('rel');

export function sanitizeLessonHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
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
