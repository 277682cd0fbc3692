import { type KeyboardEvent, useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import styles from './TabStrip.module.css';

export interface RouteTab {
  /** Unique among the tabs; also the end of the tab's id. */
  key: string;
  /** The tab's address: each tab is a route, so it can be linked to and reloaded. */
  to: string;
  label: string;
}

interface TabStripProps {
  /** The accessible name of the strip. */
  label: string;
  tabs: readonly RouteTab[];
  /** The key of the tab on screen; null when the address names none of them. */
  selected: string | null;
  /** The id of the panel the tabs show (role="tabpanel", labelled by `tabId(selected)`). */
  panelId: string;
}

export const tabId = (panelId: string, key: string) => `${panelId}-tab-${key}`;

/**
 * Tabs that are routes, in one row that scrolls sideways when it does not fit (a phone), instead of
 * wrapping into rows. The ARIA tabs pattern: one tab in the Tab order, arrows, Home and End move
 * between tabs and open them (each is a cheap route switch), and the tab on screen is scrolled into
 * view.
 */
export function TabStrip({ label, tabs, selected, panelId }: TabStripProps) {
  const navigate = useNavigate();
  const refs = useRef<(HTMLAnchorElement | null)[]>([]);
  const current = tabs.findIndex((tab) => tab.key === selected);
  const focusable = Math.max(current, 0);

  useEffect(() => {
    if (current >= 0) refs.current[current]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    const tab = next === undefined ? undefined : tabs[next];
    if (next === undefined || !tab) return;
    event.preventDefault();
    refs.current[next]?.focus();
    navigate(tab.to);
  };

  return (
    <div role="tablist" aria-label={label} className={styles.strip}>
      {tabs.map((tab, index) => (
        <Link
          key={tab.key}
          ref={(element: HTMLAnchorElement | null) => {
            refs.current[index] = element;
          }}
          to={tab.to}
          id={tabId(panelId, tab.key)}
          role="tab"
          aria-selected={index === current}
          aria-controls={index === current ? panelId : undefined}
          tabIndex={index === focusable ? 0 : -1}
          className={styles.tab}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab.label}
        </Link>
      ))}
    </div>
  );
}
