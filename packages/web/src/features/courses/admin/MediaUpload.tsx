import type { CourseMedia } from '@yedyni/contract';
import { MEDIA_MAX_BYTES } from '@yedyni/contract';
import { type ChangeEvent, useId, useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { useUpload } from '../../../shared/lib/useUpload';
import buttons from '../../../shared/ui/buttons.module.css';
import field from '../../../shared/ui/TextField.module.css';
import { UploadProgress, uploadTexts } from '../../../shared/ui/UploadProgress';
import { type Outcome, OutcomeMessage } from '../../admin';
import { courseAdminApi } from './api';
import styles from './Courses.module.css';
import { mebibytes } from './lib';
import { courseAdminTexts as t } from './texts';

export type MediaKind = 'image' | 'audio';

/** What the server stores (contract COURSE_ADMIN_MESSAGES.mediaType): the pickers offer just these. */
const ACCEPT: Record<MediaKind, string> = {
  image: 'image/jpeg,image/png,image/webp,image/gif',
  audio: 'audio/mpeg,audio/ogg,audio/wav,audio/x-wav,audio/mp4,audio/x-m4a,.mp3,.ogg,.wav,.m4a',
};

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** Whether a picked file is of the kind asked for (the server checks the content again). */
export function fitsKind(kind: MediaKind, file: File): boolean {
  if (kind === 'image') return IMAGE_TYPES.includes(file.type);
  return file.type.startsWith('audio/') || /\.(mp3|ogg|wav|m4a)$/i.test(file.name);
}

interface MediaUploadProps {
  courseId: string;
  kind: MediaKind;
  label: string;
  onUploaded: (media: CourseMedia) => void;
}

/**
 * A file picker that uploads one image or audio file to the course's media (at most
 * MEDIA_MAX_BYTES, refused here before sending), with its progress, a way to cancel it, and the outcome.
 */
export function MediaUpload({ courseId, kind, label, onUploaded }: MediaUploadProps) {
  const id = useId();
  const upload = useUpload();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const mb = mebibytes(MEDIA_MAX_BYTES);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a failure.
    event.target.value = '';
    if (!file) return;
    if (!fitsKind(kind, file)) {
      setOutcome({ ok: false, text: kind === 'image' ? t.wrongImage : t.wrongAudio });
      return;
    }
    if (file.size > MEDIA_MAX_BYTES) {
      setOutcome({ ok: false, text: t.tooBig(mb) });
      return;
    }
    setOutcome(null);
    try {
      const media = await upload.run(file.name, (options) => courseAdminApi.uploadMedia(courseId, file, options));
      if (!media) {
        setOutcome({ ok: true, text: uploadTexts.cancelled });
        return;
      }
      onUploaded(media);
      setOutcome({ ok: true, text: t.uploaded(media.name || file.name) });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error) || t.uploadFailed });
    }
  };

  return (
    <div className={styles.upload}>
      <label className={styles.uploadLabel} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        className={buttons.fileInput}
        accept={ACCEPT[kind]}
        aria-describedby={`${id}-limit`}
        disabled={upload.progress !== null}
        onChange={onChange}
      />
      <span id={`${id}-limit`} className={field.hint}>
        {kind === 'image' ? t.imageLimit(mb) : t.audioLimit(mb)}
      </span>
      {upload.progress && <UploadProgress progress={upload.progress} onCancel={upload.cancel} />}
      <OutcomeMessage outcome={outcome} />
    </div>
  );
}
