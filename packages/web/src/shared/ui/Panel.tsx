import { type ReactNode, useId } from 'react';
import styles from './Panel.module.css';

interface PanelProps {
  title: ReactNode;
  /** A muted line under the heading. */
  lead?: ReactNode;
  /** The section's own id, for a link to it (`/uk/profile#my-data`). */
  id?: string;
  children?: ReactNode;
}

/**
 * One titled part of a settings-like screen (the profile, two-step setup): a card with an `h2`
 * that names the section for assistive technology, an optional lead, then the part's content.
 */
export function Panel({ title, lead, id, children }: PanelProps) {
  const headingId = useId();
  return (
    <section className={styles.panel} aria-labelledby={headingId} id={id}>
      <h2 id={headingId}>{title}</h2>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children}
    </section>
  );
}
