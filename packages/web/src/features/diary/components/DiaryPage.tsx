import type { Diary } from '@yedyni/contract';
import { kyivIsoDate } from '@yedyni/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Spinner } from '../../../shared/ui/Spinner';
import { TextArea } from '../../../shared/ui/TextArea';
import { TextField } from '../../../shared/ui/TextField';
import { useDiaryDispatch, useDiarySelector } from '../hooks';
import { addDiary, DIARY_MAX, fetchDiary, selectDiary, updateDiary } from '../slice';
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
  const [loaded, setLoaded] = useState(false);
  const diary = stored && stored.courseId === courseId && stored.lessonId === lessonId ? stored : null;

  useEffect(() => {
    setLoaded(false);
    dispatch(fetchDiary({ courseId, lessonId })).finally(() => setLoaded(true));
  }, [dispatch, courseId, lessonId]);

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

function DiaryForm({ courseId, lessonId, diary }: { courseId: string; lessonId: string; diary: Diary | null }) {
  const dispatch = useDiaryDispatch();
  const [date, setDate] = useState(() => diary?.date || kyivIsoDate(Date.now()));
  const [entry, setEntry] = useState(diary?.entry ?? '');
  const [plan, setPlan] = useState(diary?.plan ?? '');
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState('');
  const [failure, setFailure] = useState('');
  const exists = diary !== null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setSaved('');
    setFailure('');
    const body = { courseId, lessonId, date, entry, plan };
    const result = await dispatch(exists ? updateDiary(body) : addDiary(body));
    setBusy(false);
    if (result.meta.requestStatus === 'fulfilled') setSaved(exists ? t.updated : t.created);
    else setFailure((result.payload as string | undefined) ?? t.failed);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit}>
      <TextField label={t.date} type="date" value={date} onChange={(event) => setDate(event.target.value)} required />
      <TextArea label={t.entry} hint={t.entryHint} value={entry} max={DIARY_MAX} onChange={setEntry} rows={5} />
      <TextArea label={t.plan} hint={t.planHint} value={plan} max={DIARY_MAX} onChange={setPlan} rows={5} />
      {failure && <Alert>{failure}</Alert>}
      {saved && <Notice>{saved}</Notice>}
      <Button type="submit" disabled={busy}>
        {busy ? t.saving : exists ? t.update : t.create}
      </Button>
    </form>
  );
}
