import type { ReactNode } from 'react';
import { Link } from 'react-router';
import layout from '../../../shared/ui/layout.module.css';
import surfaces from '../../../shared/ui/surfaces.module.css';
import styles from './HomePage.module.css';

const CARDS = [
  {
    title: 'Навчання',
    text: 'Уроки вашої хвилі, домашні завдання та щоденник.',
    link: 'Перейти до навчання',
    to: '/uk/learn',
  },
  {
    title: 'Мій прогрес',
    text: 'Уроки, тести, щоденник, календар вашої серії і як зростав слід.',
    link: 'Переглянути прогрес',
    to: '/uk/progress',
  },
  {
    title: 'Гра «Паляниця»',
    text: 'Кілька хвилин гри — і нові слова самі лягають на язик.',
    link: 'Зіграти партію',
    to: '/uk/game',
  },
  {
    title: 'Підтримка руху',
    text: 'Ваші показники, внески, команда і подяки руху.',
    link: 'Мої показники',
    to: '/uk/bonus',
  },
] as const;

interface HomePageProps {
  firstName: string;
  /**
   * «Що сьогодні»: the learning plan, composed in by the app. It is given the ways on (the cards
   * below it) to show once the plan is there, so that they do not jump down when it arrives.
   */
  today?: (ways: ReactNode) => ReactNode;
  /** Unread notifications: the homework feature puts them here. */
  notifications?: ReactNode;
}

/** `/uk`: a greeting, what to do today, and the ways on. */
export default function HomePage({ firstName, today, notifications }: HomePageProps) {
  return (
    <>
      <h1 className={styles.greeting}>Вітаємо, {firstName}!</h1>
      <p className={styles.lead}>Сьогодні чудовий день, щоб трохи більше говорити українською. З чого почнемо?</p>
      {notifications}
      {today ? today(<Ways />) : <Ways />}
    </>
  );
}

function Ways() {
  return (
    <ul className={`${layout.list} ${styles.grid}`}>
      {CARDS.map((card) => (
        <li key={card.to}>
          <article className={`${surfaces.card} ${styles.card}`}>
            <h2>{card.title}</h2>
            <p>{card.text}</p>
            <Link to={card.to}>{card.link}</Link>
          </article>
        </li>
      ))}
    </ul>
  );
}
