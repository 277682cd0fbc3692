import { MISTAKES, type MistakeTag } from '@yedyni/contract';
import { Link } from 'react-router';
import { replyTexts as t } from '../texts';
import styles from './Replies.module.css';

/** The mistakes a curator named under their comment, each a link to its explanation. */
export function MistakeTags({ tags }: { tags: readonly MistakeTag[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className={styles.tags} aria-label={t.tagsOf}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link className={styles.tag} to={`/uk/mistakes/${tag}`}>
            {MISTAKES[tag].title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
