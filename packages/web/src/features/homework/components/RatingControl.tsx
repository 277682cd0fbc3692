import { useState } from 'react';
import { Alert, Notice } from '../../../shared/ui/Alert';
import surfaces from '../../../shared/ui/surfaces.module.css';
import { useHomeworkDispatch } from '../hooks';
import { rateExercise } from '../slice';
import { homeworkTexts as t } from '../texts';
import styles from './Review.module.css';

const SCALE = Array.from({ length: 12 }, (_, i) => i + 1);

/** The curator's rating, 1–12: one button per value, the current one pressed. */
export function RatingControl({ exerciseId, rating }: { exerciseId: string; rating: number | null }) {
  const dispatch = useHomeworkDispatch();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState('');

  const rate = async (value: number) => {
    setBusy(true);
    setFailure('');
    setNotice('');
    const result = await dispatch(rateExercise({ exerciseId, rating: value }));
    setBusy(false);
    if (rateExercise.fulfilled.match(result)) setNotice(t.rated(result.payload.rating));
    else setFailure(result.payload ?? t.failed);
  };

  return (
    <section className={`${surfaces.card} ${styles.panel}`} aria-labelledby="rating-title">
      <h2 id="rating-title">{t.ratingTitle}</h2>
      <p className={styles.current}>{rating === null ? t.ratingNone : t.rating(rating)}</p>
      <p id="rating-hint" className={styles.hint}>
        {t.ratingHint}
      </p>
      <fieldset className={styles.scaleSet} aria-describedby="rating-hint">
        <legend className="sr-only">{t.rateLegend}</legend>
        <div className={styles.scale}>
          {SCALE.map((value) => (
            <button
              key={value}
              type="button"
              className={styles.mark}
              aria-pressed={rating === value}
              disabled={busy}
              onClick={() => rate(value)}
            >
              {value}
            </button>
          ))}
        </div>
      </fieldset>
      {failure && <Alert>{failure}</Alert>}
      {notice && <Notice>{notice}</Notice>}
    </section>
  );
}
