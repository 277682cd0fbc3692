import { type DiaryListItem, formatDay, kyivDateRange } from '@yedyni/contract';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { EmptyNote, LoadFailed } from '../../../shared/ui/ListStates';
import layout from '../../../shared/ui/layout.module.css';
import { Spinner } from '../../../shared/ui/Spinner';
import surfaces from '../../../shared/ui/surfaces.module.css';
import { useDiaryDispatch } from '../hooks';
import { fetchDiaryList } from '../slice';
import { diaryTexts as t } from '../texts';
import styles from './DiaryListPage.module.css';

interface DiaryListPageProps {
  courseId: string;
  courseTitle: string;
}

/** `/uk/learn/:courseId/diary`, «Мій щоденник»: every entry of mine in the course, lesson by lesson. */
export default function DiaryListPage({ courseId, courseTitle }: DiaryListPageProps) {
  const dispatch = useDiaryDispatch();
  const titleId = useId();
  const [entries, setEntries] = useState<DiaryListItem[] | null>(null);
  const [error, setError] = useState('');

  const load = useCallback(async () => {
    setError('');
    const result = await dispatch(fetchDiaryList(courseId));
    // A read call fails quietly: the screen says what happened, with a way to try again.
    if (fetchDiaryList.fulfilled.match(result)) setEntries(result.payload);
    else setError(result.payload ?? t.listFailed);
  }, [dispatch, courseId]);

  useEffect(() => {
    setEntries(null);
    load();
  }, [load]);

  const course = `/uk/learn/${encodeURIComponent(courseId)}`;
  return (
    <section aria-labelledby={titleId} className={styles.page}>
      <Link to={course} className={styles.back}>
        ← {t.backToCourse}
      </Link>
      <h1 id={titleId}>{t.listTitle}</h1>
      <p className={styles.lead}>{t.listLead(courseTitle)}</p>
      {error ? (
        <LoadFailed error={error} onRetry={load} />
      ) : entries === null ? (
        <Spinner />
      ) : entries.length === 0 ? (
        <EmptyNote>{t.listEmpty}</EmptyNote>
      ) : (
        <ol className={`${layout.list} ${styles.entries}`}>
          {entries.map((entry) => (
            <li key={entry.lessonId}>
              <DiaryListEntry course={course} entry={entry} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function DiaryListEntry({ course, entry }: { course: string; entry: DiaryListItem }) {
  return (
    <article className={`${surfaces.card} ${styles.entry}`}>
      <h2 className={styles.lesson}>
        <Link to={`${course}/${encodeURIComponent(entry.lessonId)}/diary`}>
          {t.lesson(entry.lessonId, entry.theme)}
        </Link>
      </h2>
      <dl className={layout.facts}>
        <div>
          <dt>{t.writtenOn}</dt>
          <dd>
            <time dateTime={entry.date}>{formatDay(kyivDateRange(entry.date).start)}</time>
          </dd>
        </div>
        <div>
          <dt>{t.score}</dt>
          <dd>{entry.test === null ? t.noScore : t.scoreValue(entry.test)}</dd>
        </div>
      </dl>
      {entry.entry && <p className={styles.text}>{entry.entry}</p>}
      {entry.plan && (
        <p className={styles.text}>
          <span className={styles.planLabel}>{t.planLabel}</span> {entry.plan}
        </p>
      )}
    </article>
  );
}
