import { isMistakeTag, MISTAKE_TAGS, MISTAKES } from '@yedyni/contract';
import { useParams } from 'react-router';
import { replyTexts as t } from '../texts';
import { MistakeTags } from './MistakeTags';
import styles from './Replies.module.css';

/** /uk/mistakes/:tag — what a mistake tag under a curator's comment means, with an example. */
export default function MistakePage() {
  const { tag = '' } = useParams();
  if (!isMistakeTag(tag)) {
    return (
      <section className={styles.page}>
        <h1>{t.unknownMistake}</h1>
        <OtherMistakes />
      </section>
    );
  }
  const mistake = MISTAKES[tag];
  const title = mistake.title[0]?.toLocaleUpperCase('uk') + mistake.title.slice(1);
  return (
    <article className={styles.page} aria-labelledby="mistake-title">
      <h1 id="mistake-title">{title}</h1>
      <p className={styles.muted}>{t.mistakeLead}</p>
      {mistake.explanation.map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
      <section className={styles.example} aria-label={t.example}>
        <h2>{t.example}</h2>
        <p>
          <span className={styles.wrong}>✗ {t.wrong}:</span> {mistake.example.wrong}
        </p>
        <p>
          <span className={styles.right}>✓ {t.right}:</span> {mistake.example.right}
        </p>
      </section>
      <OtherMistakes current={tag} />
    </article>
  );
}

function OtherMistakes({ current }: { current?: string }) {
  return (
    <nav aria-label={t.otherMistakes}>
      <h2>{t.otherMistakes}</h2>
      <MistakeTags tags={MISTAKE_TAGS.filter((tag) => tag !== current)} label={t.otherMistakes} />
    </nav>
  );
}
