import type { FileFields } from '@yedyni/contract';
import styles from './Attachment.module.css';

const texts = {
  attachment: 'Вкладення',
  openImage: (name: string) => `Відкрити зображення ${name} у повному розмірі`,
  audioUnsupported: 'Ваш браузер не відтворює аудіо.',
  download: (name: string) => `Завантажити ${name}`,
};

/**
 * A file on homework, a comment or a chat message: an image preview that opens in full, an audio
 * player, or a download link by name. `compact` (the chat) keeps previews small and uncaptioned.
 */
export function Attachment({ file, compact = false }: { file: FileFields; compact?: boolean }) {
  if (!file.fileURL) return null;
  const name = file.fileName || texts.attachment;
  if (file.fileType.startsWith('image/')) {
    return (
      <figure className={styles.attachment}>
        <a
          className={styles.imageLink}
          href={file.fileURL}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={texts.openImage(name)}
        >
          <img className={compact ? styles.small : styles.preview} src={file.fileURL} alt={name} loading="lazy" />
        </a>
        {!compact && <figcaption className={styles.fileName}>{name}</figcaption>}
      </figure>
    );
  }
  if (file.fileType.startsWith('audio/')) {
    return (
      <figure className={styles.attachment}>
        {/* biome-ignore lint/a11y/useMediaCaption: recordings people attach come without caption files. */}
        <audio className={styles.audio} controls preload="metadata" src={file.fileURL} aria-label={name}>
          {texts.audioUnsupported}
        </audio>
        <figcaption className={styles.fileName}>
          <a href={file.fileURL} download={name}>
            {name}
          </a>
        </figcaption>
      </figure>
    );
  }
  return (
    <p className={styles.attachment}>
      <a className={styles.download} href={file.fileURL} download={name} aria-label={texts.download(name)}>
        <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" className={styles.icon}>
          <path d="M8 1v9m0 0L4.5 6.5M8 10l3.5-3.5M2 12v2h12v-2" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        <span>{name}</span>
      </a>
    </p>
  );
}
