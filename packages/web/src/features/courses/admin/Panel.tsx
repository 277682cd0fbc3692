import { type ReactNode, useId } from 'react';
import surfaces from '../../../shared/ui/surfaces.module.css';
import styles from './Courses.module.css';

/** A card of a course's page or of the lesson editor (.panel): a section named by its h3 title. */
export function Panel({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className={`${surfaces.card} ${styles.panel}`} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      {children}
    </section>
  );
}
