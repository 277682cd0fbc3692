import type { AdminCourses, Queue, QueueItem, Reviewed } from '@yedyni/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, errorMessage } from '../../../shared/api';
import badges from '../../../shared/ui/badges.module.css';
import layout from '../../../shared/ui/layout.module.css';
import { Pagination } from '../../../shared/ui/Pagination';
import { Spinner } from '../../../shared/ui/Spinner';
import { homeworkTexts as t } from '../texts';
import styles from './Review.module.css';

const TABS = [
  ['mine', 'Мої'],
  ['all', 'Усі'],
  ['unclaimed', 'Неназначені'],
  ['reviewed', 'Переглянуті'],
] as const;
type Tab = (typeof TABS)[number][0];

/** «чекає 2 дні», «чекає 5 год», «чекає 10 хв»: the age a curator reads at a glance. */
export function waitingFor(since: number, now: number): string {
  const minutes = Math.max(0, Math.floor((now - since) / 60_000));
  if (minutes < 60) return `чекає ${minutes} хв`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `чекає ${hours} год`;
  const days = Math.floor(hours / 24);
  return `чекає ${days} ${days % 10 >= 2 && days % 10 <= 4 && (days % 100 < 10 || days % 100 >= 20) ? 'дні' : 'днів'}`;
}

export const reviewPath = (exerciseId: string) => `/uk/active?${new URLSearchParams({ exerciseId })}`;

/**
 * `/uk/active` without a homework: the queue, oldest first, with its tabs «Мої / Усі /
 * Неназначені», filters and the count left; «Переглянуті» finds reviewed work again. The filters
 * live in the address, so a reload or a link keeps them.
 */
export function QueueList() {
  const [params, setParams] = useSearchParams();
  const tab = (TABS.find(([key]) => key === params.get('tab'))?.[0] ?? 'all') as Tab;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [answer, setAnswer] = useState<Queue | Reviewed | null>(null);
  const [failure, setFailure] = useState('');
  const courses = useCourses();

  const query = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address holds every input.
  useEffect(() => {
    let live = true;
    setAnswer(null);
    setFailure('');
    const filters = new URLSearchParams(query);
    filters.delete('tab');
    const path =
      tab === 'reviewed'
        ? `/exercises/reviewed?${filters}`
        : `/exercises/queue?${new URLSearchParams({ ...Object.fromEntries(filters), who: tab })}`;
    api.get<Queue | Reviewed>(path).then(
      (body) => live && setAnswer(body),
      (error: unknown) => live && setFailure(errorMessage(error)),
    );
    return () => {
      live = false;
    };
  }, [query]);

  const change = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    if (!('page' in next)) merged.delete('page');
    setParams(merged);
  };

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    change(Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v).trim()])));
  };

  const now = Date.now();
  return (
    <section className={styles.page} aria-labelledby="active-title">
      <h1 id="active-title">{t.review}</h1>
      <nav aria-label="Черга" className={styles.tabs}>
        {TABS.map(([key, label]) => (
          <button
            key={key}
            type="button"
            className={styles.tab}
            aria-pressed={tab === key}
            onClick={() => change({ tab: key === 'all' ? '' : key })}
          >
            {label}
          </button>
        ))}
      </nav>
      <form className={styles.filters} onSubmit={onFilter} key={`${tab}:${query}`}>
        {tab === 'reviewed' ? (
          <label>
            Учень (імʼя або e-mail)
            <input name="q" type="search" defaultValue={params.get('q') ?? ''} />
          </label>
        ) : (
          <>
            <label>
              Учень (імʼя чи e-mail)
              <input name="learner" type="search" defaultValue={params.get('learner') ?? ''} />
            </label>
            <label>
              Урок
              <input name="lesson" inputMode="numeric" defaultValue={params.get('lesson') ?? ''} size={4} />
            </label>
          </>
        )}
        <label>
          Курс
          <select name="course" defaultValue={params.get('course') ?? ''}>
            <option value="">Усі курси</option>
            {courses.map((course) => (
              <option key={course._id} value={course._id}>
                {course.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Хвиля
          <input name="wave" defaultValue={params.get('wave') ?? ''} size={6} />
        </label>
        <button type="submit" className={styles.tab}>
          Знайти
        </button>
      </form>
      {failure ? (
        <p className={styles.muted} role="alert">
          {failure}
        </p>
      ) : !answer ? (
        <Spinner compact />
      ) : (
        <>
          <p className={styles.muted} aria-live="polite">
            {tab === 'reviewed' ? `Знайдено: ${answer.total}` : `Лишилося: ${answer.total}`}
          </p>
          {answer.items.length === 0 ? (
            <p className={styles.empty}>{tab === 'reviewed' ? 'Нічого не знайдено.' : t.allDoneText}</p>
          ) : (
            <ul className={layout.list}>
              {answer.items.map((item) =>
                'waitingSince' in item ? (
                  <QueueRow key={item.exerciseId} item={item} now={now} />
                ) : (
                  <li key={item.exerciseId}>
                    <Link to={reviewPath(item.exerciseId)} className={styles.item}>
                      <span className={styles.itemTitle}>
                        {t.fullName(item.learner)} · «{item.courseTitle}» · {t.lesson(item.lessonId)}
                      </span>
                      <span>
                        {item.rating === null ? 'без оцінки' : `оцінка ${item.rating}`}
                        {item.lastWord && ` · «${item.lastWord}»`}
                      </span>
                      <time className={styles.when} dateTime={new Date(item.reviewedAt).toISOString()}>
                        {t.when(item.reviewedAt)}
                      </time>
                    </Link>
                  </li>
                ),
              )}
            </ul>
          )}
          <Pagination
            page={page}
            totalPages={Math.ceil(answer.total / answer.pageSize)}
            onPage={(next) => change({ page: next > 1 ? String(next) : '' })}
          />
        </>
      )}
    </section>
  );
}

/**
 * The courses for the filter (the console's list: the queue is for the same curators and admins).
 * Without it the filter offers «Усі курси» only; the queue itself still works.
 */
function useCourses(): AdminCourses['courses'] {
  const [courses, setCourses] = useState<AdminCourses['courses']>([]);
  useEffect(() => {
    let live = true;
    api.get<AdminCourses>('/admin/courses').then(
      (body) => live && setCourses(body.courses),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return courses;
}

function QueueRow({ item, now }: { item: QueueItem; now: number }) {
  return (
    <li>
      <Link to={reviewPath(item.exerciseId)} className={`${styles.item} ${item.overdue ? styles.overdue : ''}`}>
        <span className={styles.itemTitle}>
          {t.fullName(item.learner)} · «{item.courseTitle}» · {t.lesson(item.lessonId)}
          {item.wave && ` · хвиля ${item.wave}`}
        </span>
        <span>
          {waitingFor(item.waitingSince, now)}
          {item.overdue && (
            <>
              {' '}
              <span className={`${badges.badge} ${badges.small} ${badges.warning}`}>понад норму</span>
            </>
          )}
          {item.claim && (
            <>
              {' '}
              <span className={`${badges.badge} ${badges.small} ${badges.primary}`}>
                {item.claim.curator.first_name} переглядає
              </span>
            </>
          )}
        </span>
      </Link>
    </li>
  );
}
