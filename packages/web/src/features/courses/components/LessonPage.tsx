import { NavLink, Outlet, useParams } from 'react-router';
import styles from './LessonPage.module.css';

const SECTIONS = [
  ['', 'Урок'],
  ['theory', 'Теорія'],
  ['practice', 'Практика'],
  ['audio', 'Аудіо'],
  ['video', 'Відео'],
  ['test', 'Тест'],
  ['diary', 'Щоденник'],
] as const;

/** `/uk/learn/:courseId/:lessonId`: the lesson's sections; each renders below the menu. */
export default function LessonPage() {
  const { lessonId } = useParams();
  return (
    <>
      <h1>Урок {lessonId}</h1>
      <nav aria-label="Розділи уроку">
        <ul className={styles.nav}>
          {SECTIONS.map(([path, label]) => (
            <li key={label}>
              <NavLink to={path} end className={styles.link}>
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </>
  );
}
