import { Link } from 'react-router';
import { buttonClass } from '../../../shared/ui/Button';
import { landingTexts as t } from '../texts';
import styles from './LandingPage.module.css';

/** `/`: what Єдині is, and the way in. */
export default function LandingPage() {
  return (
    <>
      <header className={styles.top}>
        <span className={styles.brand}>{t.brand}</span>
      </header>
      <main>
        <section className={styles.hero} aria-labelledby="landing-title">
          <div className={styles.heroInner}>
            <h1 id="landing-title" className={styles.title}>
              {t.title}
            </h1>
            <p className={styles.lead}>{t.lead}</p>
            <div className={styles.actions}>
              <Link to="/register" className={buttonClass('accent')}>
                {t.register}
              </Link>
              <Link to="/login" className={buttonClass('primary')}>
                {t.login}
              </Link>
              <Link to="/resume" className={buttonClass('secondary')}>
                {t.demo}
              </Link>
            </div>
            <p className={styles.note}>{t.demoNote}</p>
          </div>
        </section>
        <section className={styles.section} aria-labelledby="landing-what">
          <h2 id="landing-what">{t.whatTitle}</h2>
          <ul className={styles.grid}>
            {t.features.map(([title, text]) => (
              <li key={title} className={styles.card}>
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section className={styles.section} aria-labelledby="landing-how">
          <h2 id="landing-how">{t.howTitle}</h2>
          <ol className={styles.steps}>
            {t.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      </main>
      <footer className={styles.footer}>
        <p>
          © {new Date().getFullYear()} {t.footer}
        </p>
        <p>
          <Link to="/privacy">{t.privacy}</Link>
        </p>
        <p>
          <Link to="/zvit">{t.openbook}</Link>
        </p>
      </footer>
    </>
  );
}
