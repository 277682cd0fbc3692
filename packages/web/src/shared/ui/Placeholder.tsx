import type { ReactNode } from 'react';
import styles from './Placeholder.module.css';

interface PlaceholderProps {
  title: string;
  /** One sentence on what this screen will hold. */
  children: ReactNode;
  /** The heading level; 1 for a screen of its own, 2 inside a layout that has its own title. */
  level?: 1 | 2;
}

/** A friendly stand-in for a screen that is still being built. */
export function Placeholder({ title, children, level = 1 }: PlaceholderProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={styles.box}>
      <p className={styles.badge}>Розділ у розробці</p>
      <Heading>{title}</Heading>
      <p className={styles.text}>{children}</p>
    </section>
  );
}
