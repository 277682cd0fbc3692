import type { Diary } from '@yedyni/contract';
import { kyivIsoDate } from '@yedyni/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useDraft } from '../../../shared/lib/drafts';
import { overLimit } from '../../../shared/lib/limits';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { DraftNote } from '../../../shared/ui/DraftNote';
import { Spinner } from '../../../shared/ui/Spinner';
import { TextArea } from '../../../shared/ui/TextArea';
import { TextField } from '../../../shared/ui/TextField';
import { useDiaryDispatch, useDiarySelector } from '../hooks';
import { addDiary, DIARY_MAX, diaryKey, fetchDiary, selectDiary, selectDiaryLoadedFor, updateDiary } from '../slice';
import { diaryTexts as t } from '../texts';
import styles from './DiaryPage.module.css';

interface DiaryPageProps {
  courseId: string;
  lessonId: string;
  /** The lesson's question to write about. */
  prompt: string;
}

/** A lesson's diary: the first save creates the entry, later saves edit it. */
export default function DiaryPage({ courseId, lessonId, prompt }: DiaryPageProps) {
  const dispatch = useDiaryDispatch();
  const stored = useDiarySelector(selectDiary);
  const key = diaryKey({ courseId, lessonId });
  const inStore = useDiarySelector(selectDiaryLoadedFor) === key;
  // The entry is read once per lesson and kept: coming back to the tab shows it at once.
  const [loaded, setLoaded] = useState(inStore);
  const diary = stored && stored.courseId === courseId && stored.lessonId === lessonId ? stored : null;

  const requested = useRef('');
  useEffect(() => {
    if (inStore) {
      setLoaded(true);
      return;
    }
    // Once per lesson and mount (StrictMode runs an effect twice).
    if (requested.current === key) return;
    requested.current = key;
    setLoaded(false);
    dispatch(fetchDiary({ courseId, lessonId })).finally(() => setLoaded(true));
  }, [dispatch, courseId, lessonId, key, inStore]);

  return (
    <section aria-labelledby="diary-title" className={styles.page}>
      <h2 id="diary-title">{t.title}</h2>
      <p className={styles.lead}>{t.lead}</p>
      {prompt.trim() && (
        <figure className={styles.prompt}>
          <figcaption>{t.prompt}</figcaption>
          <blockquote>{prompt}</blockquote>
        </figure>
      )}
      {!loaded ? (
        <Spinner compact />
      ) : (
        <>
          <p className={diary?.test != null ? styles.score : styles.muted}>
            {diary?.test != null ? t.test(diary.test) : t.noTest}
          </p>
          <DiaryForm key={`${courseId}/${lessonId}`} courseId={courseId} lessonId={lessonId} diary={diary} />
        </>
      )}
    </section>
  );
}

interface DiaryText {
  date: string;
  entry: string;
  plan: string;
}

/** A kept draft back into the form's fields, or null when it is not one. */
function reviveText(stored: unknown): DiaryText | null {
  const text = stored as Partial<DiaryText> | null;
  return text && [text.date, text.entry, text.plan].every((field) => typeof field === 'string')
    ? (text as DiaryText)
    : null;
}

function DiaryForm({ courseId, lessonId, diary }: { courseId: string; lessonId: string; diary: Diary | null }) {
  const dispatch = useDiaryDispatch();
  const [initial] = useState<DiaryText>(() => ({
    date: diary?.date || kyivIsoDate(Date.now()),
    entry: diary?.entry ?? '',
    plan: diary?.plan ?? '',
  }));
  const draft = useDraft('diary', `${courseId}:${lessonId}`, initial, { revive: reviveText });
  const { date, entry, plan } = draft.value;
  const setField = (field: keyof DiaryText) => (value: string) => draft.set((now) => ({ ...now, [field]: value }));
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState('');
  const [failure, setFailure] = useState('');
  const exists = diary !== null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved('');
    const tooLong = overLimit([
      [t.entry, entry, DIARY_MAX],
      [t.plan, plan, DIARY_MAX],
    ]);
    setFailure(tooLong);
    if (tooLong) return;
    setBusy(true);
    const body = { courseId, lessonId, date, entry, plan };
    const result = await dispatch(exists ? updateDiary(body) : addDiary(body));
    setBusy(false);
    if (result.meta.requestStatus === 'fulfilled') {
      setSaved(exists ? t.updated : t.created);
      draft.clear({ date, entry, plan });
    } else setFailure((result.payload as string | undefined) ?? t.failed);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit}>
      {draft.restored && <DraftNote onDiscard={draft.discard} />}
      <TextField
        label={t.date}
        type="date"
        value={date}
        onChange={(event) => setField('date')(event.target.value)}
        required
      />
      <TextArea
        label={t.entry}
        hint={t.entryHint}
        value={entry}
        max={DIARY_MAX}
        onChange={setField('entry')}
        rows={5}
      />
      <TextArea label={t.plan} hint={t.planHint} value={plan} max={DIARY_MAX} onChange={setField('plan')} rows={5} />
      {failure && <Alert>{failure}</Alert>}
      {saved && <Notice>{saved}</Notice>}
      <Button type="submit" disabled={busy}>
        {busy ? t.saving : exists ? t.update : t.create}
      </Button>
    </form>
  );
}
