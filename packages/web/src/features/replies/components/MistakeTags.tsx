import { MISTAKES, type MistakeTag } from '@yedyni/contract';
import { Link } from 'react-router';
import { replyTexts as t } from '../texts';
import styles from './Replies.module.css';

/** The mistakes a curator named under their comment (or any list of them), each a link to its explanation. */
export function MistakeTags({ tags, label = t.tagsOf }: { tags: readonly MistakeTag[]; label?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={styles.tags} aria-label={label}>
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
