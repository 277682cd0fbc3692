import { LESSON_LIMITS } from '@yedyni/contract';
import { type KeyboardEvent, useId, useState } from 'react';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { LimitedTextField } from '../../../shared/ui/LimitedTextField';
import layout from '../../../shared/ui/layout.module.css';
import { adminStyles as shared, useRefocus } from '../../admin';
import styles from './Courses.module.css';
import { type AudioRow, isMediaUrl, MAX_MEDIA_ITEMS, newKey, type VideoRow } from './draft';
import { ItemControls } from './ItemControls';
import { move } from './lib';
import { MediaUpload } from './MediaUpload';
import { Panel } from './Panel';
import { courseAdminTexts as t } from './texts';

interface AudioListProps {
  courseId: string;
  audio: AudioRow[];
  onChange: (audio: AudioRow[]) => void;
}

/** The lesson's recordings: upload a file or paste a link; reorder and remove. */
export function AudioList({ courseId, audio, onChange }: AudioListProps) {
  const id = useId();
  const refocus = useRefocus();
  const [url, setUrl] = useState('');
  const [failure, setFailure] = useState('');
  const full = audio.length >= MAX_MEDIA_ITEMS;

  const addUrl = () => {
    const link = url.trim();
    if (!isMediaUrl(link)) {
      setFailure(t.needUrl);
      return;
    }
    setFailure('');
    onChange([...audio, { key: newKey(), url: link }]);
    setUrl('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the link here; it would otherwise save the whole lesson.
    if (event.key === 'Enter') {
      event.preventDefault();
      addUrl();
    }
  };

  return (
    <Panel title={t.audio}>
      {audio.length === 0 ? (
        <p className={shared.muted}>{t.audioEmpty}</p>
      ) : (
        <ol className={styles.items}>
          {audio.map((row, index) => (
            <li key={row.key} className={styles.item}>
              <div className={`${layout.spread} ${styles.itemHead}`}>
                <span className={styles.itemName}>{t.audioItem(index + 1)}</span>
                <ItemControls
                  row={row.key}
                  index={index}
                  count={audio.length}
                  what={t.audioItem(index + 1)}
                  onMove={(step) => onChange(move(audio, index, step))}
                  onRemove={() => onChange(audio.filter((other) => other.key !== row.key))}
                  afterRemove={`[id="${id}-url"]`}
                  refocus={refocus}
                />
              </div>
              <code className={styles.url}>{row.url}</code>
              {/* biome-ignore lint/a11y/useMediaCaption: lesson recordings come without caption files. */}
              <audio
                className={styles.player}
                controls
                preload="none"
                src={row.url}
                aria-label={t.audioItem(index + 1)}
              />
            </li>
          ))}
        </ol>
      )}
      {!full && (
        <>
          <div className={styles.addRow}>
            <LimitedTextField
              id={`${id}-url`}
              label={t.audioUrl}
              hint={t.audioUrlHint}
              inputMode="url"
              autoComplete="off"
              limit={LESSON_LIMITS.mediaUrl}
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              onKeyDown={onKeyDown}
            />
            <Button variant="secondary" className={shared.slim} onClick={addUrl}>
              {t.addUrl}
            </Button>
          </div>
          {failure && <Alert>{failure}</Alert>}
          <MediaUpload
            courseId={courseId}
            kind="audio"
            label={t.uploadAudio}
            onUploaded={(media) => onChange([...audio, { key: newKey(), url: media.url }])}
          />
        </>
      )}
    </Panel>
  );
}

interface VideoListProps {
  video: VideoRow[];
  onChange: (video: VideoRow[]) => void;
}

/** The lesson's videos: a title and a link each (YouTube or a file). */
export function VideoList({ video, onChange }: VideoListProps) {
  const id = useId();
  const refocus = useRefocus();
  const addId = `${id}-add`;
  const set = (key: string, patch: Partial<VideoRow>) =>
    onChange(video.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const add = () => {
    const row = { key: newKey(), title: '', url: '' };
    refocus(`[data-video-title="${row.key}"]`);
    onChange([...video, row]);
  };

  return (
    <Panel title={t.video}>
      {video.length === 0 ? (
        <p className={shared.muted}>{t.videoEmpty}</p>
      ) : (
        <ol className={styles.items}>
          {video.map((row, index) => (
            <li key={row.key} className={styles.item}>
              <fieldset className={styles.itemFieldset}>
                <legend className={styles.itemName}>{t.videoItem(index + 1)}</legend>
                <div className={shared.pair}>
                  <LimitedTextField
                    label={t.videoTitle}
                    limit={LESSON_LIMITS.videoTitle}
                    data-video-title={row.key}
                    value={row.title}
                    onChange={(event) => set(row.key, { title: event.target.value })}
                  />
                  <LimitedTextField
                    label={t.videoUrl}
                    inputMode="url"
                    autoComplete="off"
                    limit={LESSON_LIMITS.mediaUrl}
                    value={row.url}
                    onChange={(event) => set(row.key, { url: event.target.value })}
                  />
                </div>
                <ItemControls
                  row={row.key}
                  index={index}
                  count={video.length}
                  what={t.videoItem(index + 1)}
                  onMove={(step) => onChange(move(video, index, step))}
                  onRemove={() => onChange(video.filter((other) => other.key !== row.key))}
                  afterRemove={`[id="${addId}"]`}
                  refocus={refocus}
                />
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      <div className={shared.actions}>
        <Button id={addId} variant="secondary" disabled={video.length >= MAX_MEDIA_ITEMS} onClick={add}>
          {t.addVideo}
        </Button>
      </div>
    </Panel>
  );
}
