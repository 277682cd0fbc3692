import { type AccountSession, type AccountSessions, type DeviceKind, formatLongDate } from '@yedyni/contract';
import { useCallback, useContext, useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { SignedInFrameContext } from '../../../shared/lib/signedInFrame';
import { Notice } from '../../../shared/ui/Alert';
import badges from '../../../shared/ui/badges.module.css';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction';
import { LoadFailed } from '../../../shared/ui/ListStates';
import layout from '../../../shared/ui/layout.module.css';
import { Panel } from '../../../shared/ui/Panel';
import { Spinner } from '../../../shared/ui/Spinner';
import { useAuthDispatch } from '../hooks';
import { sessionsApi } from '../sessionsApi';
import { logout } from '../thunks';
import styles from './SessionsSection.module.css';

export const sessionTexts = {
  title: 'Де я увійшов',
  lead: (idleDays: number) =>
    `Пристрої, на яких ви зараз увійшли до Єдиних. Бачите незнайомий — вийдіть із нього й змініть пароль. ` +
    `Вхід, яким не користувалися ${idleDays} днів, закінчується сам.`,
  // The address is kept only in part: said so, lest the network be taken for a town or a house.
  placeHint: 'Мережа — лише початок адреси, з якої увійшли: повної адреси ми не зберігаємо.',
  unknownDevice: 'Невідомий пристрій',
  kinds: { mobile: 'телефон', tablet: 'планшет', desktop: 'компʼютер', tv: 'телевізор' } satisfies Record<
    DeviceKind,
    string
  >,
  place: (place: string) => `мережа ${place}`,
  here: 'Цей пристрій',
  signedIn: (at: number) => `Вхід: ${formatLongDate(at)}`,
  lastSeen: (at: number) => `Востаннє: ${formatLongDate(at)}`,
  lastSeenNow: 'Востаннє: зараз',
  endOne: 'Вийти тут',
  endOneAsk: 'Вийти з цього пристрою? На ньому доведеться увійти знову.',
  endThisAsk: 'Вийти на цьому пристрої?',
  endYes: 'Вийти',
  endOthers: 'Вийти з усіх інших',
  endOthersAsk: 'Вийти на всіх інших пристроях? Цей залишиться.',
  endAll: 'Вийти всюди, і тут теж',
  endAllAsk: 'Вийти на всіх пристроях, і на цьому теж?',
  ended: 'Ви вийшли на тому пристрої.',
  endedOthers: (count: number) => (count === 0 ? 'Інших входів не було.' : `Ви вийшли на інших пристроях (${count}).`),
  loadFailed: 'Не вдалося завантажити список входів.',
} as const;
const t = sessionTexts;

/**
 * «Де я увійшов» on the profile: my sessions (device, the network they came from, when they began
 * and were last used), «Вийти тут» for each and «Вийти всюди». Ending this session signs out here,
 * as the header's «Вийти» does.
 */
export function SessionsSection() {
  const [state, setState] = useState<AccountSessions | null>(null);
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState('');
  const frame = useContext(SignedInFrameContext);
  const dispatch = useAuthDispatch();
  // Outside the signed-in frame (a test) the token still goes; the frame also clears what it holds.
  const signOut = frame?.signOut ?? (() => dispatch(logout()).then(() => undefined));

  const load = useCallback(
    () =>
      sessionsApi.list().then(
        (answer) => {
          setState(answer);
          setFailure('');
        },
        (error: unknown) => setFailure(errorMessage(error) || t.loadFailed),
      ),
    [],
  );
  useEffect(() => {
    load();
  }, [load]);

  const act = <T,>(work: () => Promise<T>, done: (result: T) => string) =>
    work().then(
      (result) => {
        setNotice(done(result));
        return load();
      },
      (error: unknown) => {
        setNotice('');
        setFailure(errorMessage(error));
      },
    );

  const endOne = (session: AccountSession) =>
    session.current
      ? signOut()
      : act(
          () => sessionsApi.end(session._id),
          () => t.ended,
        );
  const others = state?.sessions.filter((s) => !s.current).length ?? 0;

  return (
    <Panel title={t.title}>
      {state && (
        <>
          <p className={styles.muted}>{t.lead(state.idleDays)}</p>
          <p className={styles.muted}>{t.placeHint}</p>
        </>
      )}
      <LoadFailed error={failure} onRetry={load} />
      {!state && !failure && <Spinner compact />}
      {notice && <Notice>{notice}</Notice>}
      {state && (
        <>
          <ul className={`${layout.list} ${styles.sessions}`}>
            {state.sessions.map((session) => (
              <SessionItem key={session._id} session={session} onEnd={() => endOne(session)} />
            ))}
          </ul>
          <div className={layout.row}>
            {others > 0 && (
              <ConfirmAction
                label={t.endOthers}
                question={t.endOthersAsk}
                confirm={t.endYes}
                onConfirm={() =>
                  act(
                    () => sessionsApi.endAll(false),
                    (result) => t.endedOthers(result.ended),
                  )
                }
              />
            )}
            <ConfirmAction
              label={t.endAll}
              question={t.endAllAsk}
              confirm={t.endYes}
              onConfirm={() =>
                sessionsApi.endAll(true).then(signOut, (error: unknown) => setFailure(errorMessage(error)))
              }
            />
          </div>
        </>
      )}
    </Panel>
  );
}

function SessionItem({ session, onEnd }: { session: AccountSession; onEnd: () => Promise<unknown> }) {
  const id = `session-${session._id}`;
  const kind = session.deviceKind ? t.kinds[session.deviceKind] : '';
  return (
    <li className={styles.session}>
      <div className={styles.what}>
        <p className={styles.device} id={id}>
          {session.device ?? t.unknownDevice}
          {session.current && <span className={`${badges.badge} ${badges.small} ${badges.primary}`}>{t.here}</span>}
        </p>
        <p className={styles.muted}>{[kind, session.place && t.place(session.place)].filter(Boolean).join(' · ')}</p>
        <p className={styles.muted}>
          {t.signedIn(session.createdAt)}
          <br />
          {session.current ? t.lastSeenNow : t.lastSeen(session.lastSeenAt)}
        </p>
      </div>
      <ConfirmAction
        compact
        label={t.endOne}
        question={session.current ? t.endThisAsk : t.endOneAsk}
        confirm={t.endYes}
        describedBy={id}
        onConfirm={onEnd}
      />
    </li>
  );
}
