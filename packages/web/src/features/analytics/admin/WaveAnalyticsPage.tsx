import {
  type AnalyticsWaves,
  formatDay,
  type InactiveLearner,
  kyivDateRange,
  NUDGE_DAYS,
  type NudgeResult,
  type WaveAnalytics,
} from '@yedyni/contract';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { ListState, SelectField, adminStyles as styles, useAdminQuery } from '../../admin';
import { analyticsApi, analyticsPaths } from '../api';
import { SERIES, WaveChart } from '../components/WaveChart';
import { analyticsTexts as t } from '../texts';

/** `/uk/admin/analytics` (curators and admins): pick a course and a wave, see its lessons and who is away. */
export default function WaveAnalyticsPage() {
  const waves = useAdminQuery<AnalyticsWaves>(analyticsPaths.waves);
  const [courseId, setCourseId] = useState('');
  const [wave, setWave] = useState('');
  const list = waves.data ?? [];
  const course = list.find((c) => c.courseId === courseId) ?? list[0];
  const chosenWave = course?.waves.find((w) => w.label === wave)?.label ?? course?.waves[0]?.label ?? '';
  return (
    <section className={styles.page} aria-labelledby="wave-analytics-title">
      <h2 id="wave-analytics-title">{t.title}</h2>
      <p className={styles.lead}>{t.lead}</p>
      <ListState query={waves} count={(data) => data.length} empty={t.noWaves}>
        {(data) => (
          <div className={styles.toolbar}>
            <SelectField
              label={t.course}
              value={course?.courseId ?? ''}
              onChange={(next) => {
                setCourseId(next);
                setWave('');
              }}
              options={data.map((c) => [c.courseId, c.title] as const)}
            />
            <SelectField
              label={t.wave}
              value={chosenWave}
              onChange={setWave}
              options={(course?.waves ?? []).map((w) => [w.label, `${w.label} · ${formatDay(w.start)}`] as const)}
            />
          </div>
        )}
      </ListState>
      {course && chosenWave && (
        <WaveView key={`${course.courseId}/${chosenWave}`} courseId={course.courseId} wave={chosenWave} />
      )}
    </section>
  );
}

function WaveView({ courseId, wave }: { courseId: string; wave: string }) {
  const query = useAdminQuery<WaveAnalytics>(analyticsPaths.wave(courseId, wave));
  return (
    <ListState query={query} count={() => 1} empty="—">
      {(data) => (
        <>
          <p>{t.size(data.size)}</p>
          <WaveChart days={data.days} size={data.size} waveStart={data.waveStart} />
          <details className={styles.section}>
            <summary>{t.tableToggle}</summary>
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <caption>{t.tableCaption}</caption>
                <thead className="sr-only">
                  <tr>
                    <th scope="col">{t.lesson}</th>
                    {SERIES.map((key) => (
                      <th key={key} scope="col">
                        {t.series[key]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.days.map((d) => (
                    <tr key={d.day}>
                      <th scope="row" data-label={t.lesson}>
                        {d.day}
                      </th>
                      {SERIES.map((key) => (
                        <td key={key} className={styles.num} data-label={t.series[key]}>
                          {d[key]}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
          <Inactive courseId={courseId} wave={wave} data={data} />
        </>
      )}
    </ListState>
  );
}

function Inactive({ courseId, wave, data }: { courseId: string; wave: string; data: WaveAnalytics }) {
  const [learners, setLearners] = useState<InactiveLearner[]>(data.inactive);
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  const send = async (userIds: string[], all = false) => {
    setBusy(true);
    setError('');
    setDone('');
    try {
      const { results } = await analyticsApi.nudge(courseId, wave, userIds);
      apply(results);
      if (all) {
        const sent = results.filter((r) => r.nudged).length;
        setDone(t.nudgedAll(sent, results.length - sent));
      }
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const apply = (results: NudgeResult['results']) => {
    const at = new Map(results.filter((r) => r.nudgedAt > 0).map((r) => [r.userId, r.nudgedAt]));
    setLearners((now) => now.map((l) => (at.has(l.userId) ? { ...l, nudgedAt: at.get(l.userId) ?? null } : l)));
    setRefusals((now) => ({
      ...now,
      ...Object.fromEntries(results.filter((r) => r.reason).map((r) => [r.userId, r.reason ?? ''])),
    }));
  };
  // A nudge older than NUDGE_DAYS no longer stands: that learner may be nudged again.
  const standing = (l: InactiveLearner) =>
    l.nudgedAt !== null && Date.now() - l.nudgedAt < NUDGE_DAYS * 24 * 60 * 60 * 1000;
  const waiting = learners.filter((l) => !standing(l) && refusals[l.userId] === undefined).map((l) => l.userId);

  return (
    <section className={styles.section} aria-labelledby="inactive-title">
      <div className={styles.head}>
        <h3 id="inactive-title">
          {t.inactiveTitle} ({data.inactiveTotal})
        </h3>
        {learners.length > 0 && (
          <Button variant="secondary" disabled={busy || waiting.length === 0} onClick={() => send(waiting, true)}>
            {t.nudgeAll}
          </Button>
        )}
      </div>
      <p className={styles.lead}>{t.inactiveLead}</p>
      {error && <Alert>{error}</Alert>}
      {done && <Notice>{done}</Notice>}
      {learners.length === 0 ? (
        <p>{t.inactiveNone}</p>
      ) : (
        <>
          {data.inactiveTotal > learners.length && (
            <p className={styles.muted}>{t.inactiveMore(learners.length, data.inactiveTotal)}</p>
          )}
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead className="sr-only">
                <tr>
                  <th scope="col">{t.name}</th>
                  <th scope="col">{t.lastActive}</th>
                  <th scope="col">{t.state}</th>
                </tr>
              </thead>
              <tbody>
                {learners.map((l) => (
                  <tr key={l.userId}>
                    <th scope="row">{l.name}</th>
                    <td className={styles.nowrap} data-label={t.lastActive}>
                      {l.lastActive ? formatDay(kyivDateRange(l.lastActive).start) : t.never}
                    </td>
                    <td className={styles.actionsCell}>
                      {refusals[l.userId] ? (
                        <span className={styles.muted}>{refusals[l.userId]}</span>
                      ) : standing(l) && l.nudgedAt !== null ? (
                        <span className={styles.muted}>{t.nudged(formatDay(l.nudgedAt))}</span>
                      ) : (
                        <Button variant="secondary" disabled={busy} onClick={() => send([l.userId])}>
                          {t.nudge}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
