import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { authTexts } from '../texts';
import styles from './AuthCard.module.css';

interface AuthCardProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  /** Links under the card body. */
  footer?: ReactNode;
}

/** The frame of every account screen: the brand, a card with a heading, links below. */
export function AuthCard({ title, lead, children, footer }: AuthCardProps) {
  return (
    <div className={styles.page}>
      <header>
        <Link to="/" className={styles.brand}>
          {authTexts.brand}
        </Link>
      </header>
      <main className={styles.card}>
        <h1>{title}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {children}
        {footer && <div className={styles.links}>{footer}</div>}
      </main>
    </div>
  );
}
