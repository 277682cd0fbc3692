import { useId } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NavLink } from '../../shared/lib/navLink';
import { useDisclosure } from '../../shared/lib/useDisclosure';
import { resetRange } from '../../shared/range/slice';
import { useAppDispatch } from '../hooks';
import '../support';
import styles from './BonusLayout.module.css';
import { layoutTexts as t } from './texts';

const HISTORY = [
  ['/uk/bonus/payments', t.payments],
  ['/uk/bonus/subscriptions', t.subscriptions],
  ['/uk/bonus/mark', t.footprint],
] as const;

/** `/uk/bonus`: the support programme with its menu; «Історія» opens a submenu. */
export default function BonusLayout() {
  const { open, toggle, close, wrapperRef, buttonRef } = useDisclosure<HTMLLIElement>();
  const submenuId = useId();
  const { pathname } = useLocation();
  const inHistory = HISTORY.some(([to]) => pathname.startsWith(to));
  const dispatch = useAppDispatch();

  // A pick from the history submenu closes it and resets the range filter (spec §2, docs/ARCHITECTURE.md).
  const onHistoryPick = () => {
    dispatch(resetRange());
    close();
  };

  return (
    <>
      <h1 className={styles.title}>{t.bonusTitle}</h1>
      <nav className={styles.menu} aria-label={t.bonusNav}>
        <ul className={styles.list}>
          <li>
            <NavLink to="/uk/bonus" end className={styles.link}>
              {t.indicators}
            </NavLink>
          </li>
          <li className={styles.item} ref={wrapperRef}>
            <button
              ref={buttonRef}
              type="button"
              className={inHistory ? `${styles.link} ${styles.current}` : styles.link}
              aria-expanded={open}
              aria-controls={submenuId}
              onClick={toggle}
            >
              {t.history}
              <svg className={styles.chevron} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
                <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
            <ul id={submenuId} className={styles.submenu} hidden={!open}>
              {HISTORY.map(([to, label]) => (
                <li key={to}>
                  <NavLink to={to} className={styles.subLink} onClick={onHistoryPick}>
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </li>
          <li>
            <NavLink to="/uk/bonus/team" className={styles.link}>
              {t.team}
            </NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </>
  );
}
