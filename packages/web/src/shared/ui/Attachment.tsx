import type { FileFields } from '@yedyni/contract';
import { type MouseEvent, useState } from 'react';
import styles from './Attachment.module.css';

const texts = {
  attachment: 'Вкладення',
  openImage: (name: string) => `Відкрити зображення ${name} у повному розмірі`,
  audioUnsupported: 'Ваш браузер не відтворює аудіо.',
  download: (name: string) => `Завантажити ${name}`,
  stale: 'Посилання на файл діє лише кілька хвилин, і це вже застаріло. Оновіть сторінку, щоб відкрити файл.',
  reload: 'Оновити сторінку',
};

/** When a signed file link (`/api/files/…?e=<ms>&s=…`) stops working; null when it does not say. */
export function linkExpiresAt(url: string): number | null {
  const expires = Number(new URL(url, 'http://link.invalid').searchParams.get('e'));
  return Number.isFinite(expires) && expires > 0 ? expires : null;
}

/**
 * Whether the link has gone stale since it was shown. A link that already looked stale when shown
 * means this device's clock is off, so it is never judged here (the server still is).
 */
function useStaleLink(url: string) {
  const [expires] = useState(() => {
    const at = linkExpiresAt(url);
    return at !== null && at > Date.now() ? at : null;
  });
  const [stale, setStale] = useState(false);
  const check = () => {
    const gone = expires !== null && Date.now() > expires;
    if (gone) setStale(true);
    return gone;
  };
  /** Instead of a new tab with the server's bare JSON refusal, the note below the file. */
  const guard = (event: MouseEvent) => {
    if (check()) event.preventDefault();
  };
  return { stale, check, guard };
}

function StaleNote() {
  return (
    <p role="alert" className={styles.stale}>
      {texts.stale}{' '}
      <button type="button" className={styles.reload} onClick={() => window.location.reload()}>
        {texts.reload}
      </button>
    </p>
  );
}

/**
 * A file on homework, a comment or a chat message: an image preview that opens in full, an audio
 * player, or a download link by name. `compact` (the chat) keeps previews small and uncaptioned.
 */
export function Attachment({ file, compact = false }: { file: FileFields; compact?: boolean }) {
  if (!file.fileURL) return null;
  // A fresh link (the record fetched again) is judged afresh.
  return <FileLink key={file.fileURL} file={file} url={file.fileURL} compact={compact} />;
}

/** Links live 15 minutes: one clicked (or an image first loaded) later says so, with a way to refresh. */
function FileLink({ file, url, compact }: { file: FileFields; url: string; compact: boolean }) {
  const { stale, check, guard } = useStaleLink(url);
  const name = file.fileName || texts.attachment;
  if (file.fileType.startsWith('image/')) {
    return (
      <figure className={styles.attachment}>
        <a
          className={styles.imageLink}
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={texts.openImage(name)}
          onClick={guard}
        >
          <img
            className={compact ? styles.small : styles.preview}
            src={url}
            alt={name}
            loading="lazy"
            onError={check}
          />
        </a>
        {!compact && <figcaption className={styles.fileName}>{name}</figcaption>}
        {stale && <StaleNote />}
      </figure>
    );
  }
  if (file.fileType.startsWith('audio/')) {
    return (
      <figure className={styles.attachment}>
        {/* biome-ignore lint/a11y/useMediaCaption: recordings people attach come without caption files. */}
        <audio className={styles.audio} controls preload="metadata" src={url} aria-label={name} onError={check}>
          {texts.audioUnsupported}
        </audio>
        <figcaption className={styles.fileName}>
          <a href={url} download={name} onClick={guard}>
            {name}
          </a>
        </figcaption>
        {stale && <StaleNote />}
      </figure>
    );
  }
  return (
    <div className={styles.attachment}>
      <a className={styles.download} href={url} download={name} aria-label={texts.download(name)} onClick={guard}>
        <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" className={styles.icon}>
          <path d="M8 1v9m0 0L4.5 6.5M8 10l3.5-3.5M2 12v2h12v-2" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        <span>{name}</span>
      </a>
      {stale && <StaleNote />}
    </div>
  );
}
