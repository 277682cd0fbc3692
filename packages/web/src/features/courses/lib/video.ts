export type VideoSource = { kind: 'youtube'; embedUrl: string } | { kind: 'file'; url: string } | { kind: 'none' };

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;

function youtubeId(url: URL): string | null {
  if (url.hostname === 'youtu.be') return url.pathname.slice(1).split('/')[0] ?? null;
  if (!YOUTUBE_HOSTS.has(url.hostname)) return null;
  if (url.pathname === '/watch') return url.searchParams.get('v');
  const [, kind, id] = url.pathname.split('/');
  return kind === 'embed' || kind === 'shorts' || kind === 'live' || kind === 'v' ? (id ?? null) : null;
}

/**
 * How a lesson video plays: a YouTube link in the privacy-enhanced player, any other http(s)
 * address in the browser's own player, anything else not at all.
 */
export function videoSource(raw: string): VideoSource {
  if (!raw.trim()) return { kind: 'none' };
  let url: URL;
  try {
    url = new URL(raw, window.location.origin);
  } catch {
    return { kind: 'none' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'none' };
  const id = youtubeId(url);
  if (id !== null) {
    return YOUTUBE_ID.test(id)
      ? { kind: 'youtube', embedUrl: `https://www.youtube-nocookie.com/embed/${id}` }
      : { kind: 'none' };
  }
  return { kind: 'file', url: url.href };
}
