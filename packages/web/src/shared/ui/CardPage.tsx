import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './CardPage.module.css';

interface CardPageProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  /** Links under the card body. */
  footer?: ReactNode;
}

/**
 * The frame of a screen shown outside the signed-in layout (sign-in and the other account screens,
 * the privacy notice, a certificate check): the brand, a card with a heading, links below.
 */
export function CardPage({ title, lead, children, footer }: CardPageProps) {
  return (
    <div className={styles.page}>
      <header>
        <Link to="/" className={styles.brand}>
          Єдині
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
