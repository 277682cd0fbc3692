import { RATING_UNDO_MS } from '@yedyni/contract';
import { type RefObject, useState } from 'react';
import { Alert, Notice } from '../../../shared/ui/Alert';
import surfaces from '../../../shared/ui/surfaces.module.css';
import { UndoToast } from '../../../shared/ui/UndoToast';
import { useHomeworkDispatch } from '../hooks';
import { rateExercise, undoRating } from '../slice';
import { homeworkTexts as t } from '../texts';
import styles from './Review.module.css';

const SCALE = Array.from({ length: 12 }, (_, i) => i + 1);
/** The toast offers the undo a second less than the server allows: the answer took some time to come. */
const UNDO_OFFERED_MS = RATING_UNDO_MS - 1_000;

/**
 * The curator's rating, 1–12: one button per value, the current one pressed. A new rating can be
 * taken back for a few seconds from the toast (the server withdraws it and its notification).
 */
export function RatingControl({
  exerciseId,
  rating,
  rateRef,
}: {
  exerciseId: string;
  rating: number | null;
  /** Where the review screen's keyboard finds `rate` (a digit key gives a mark). */
  rateRef?: RefObject<((rating: number) => void) | null>;
}) {
  const dispatch = useHomeworkDispatch();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState('');
  /** The rating that may still be withdrawn; `n` restarts the toast for a rating set again. */
  const [undoable, setUndoable] = useState<{ rating: number; n: number } | null>(null);

  const rate = async (value: number) => {
    setBusy(true);
    setFailure('');
    setNotice('');
    const result = await dispatch(rateExercise({ exerciseId, rating: value }));
    setBusy(false);
    if (rateExercise.fulfilled.match(result)) {
      const marked = result.payload.rating;
      setUndoable((now) => ({ rating: marked, n: (now?.n ?? 0) + 1 }));
    } else setFailure(result.payload ?? t.failed);
  };

  if (rateRef) rateRef.current = (value: number) => !busy && rate(value);

  const undo = async () => {
    setBusy(true);
    const result = await dispatch(undoRating(exerciseId));
    setBusy(false);
    setUndoable(null);
    if (undoRating.fulfilled.match(result)) setNotice(t.undone);
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
      {undoable && (
        <UndoToast
          key={undoable.n}
          message={t.ratedUndoable(undoable.rating)}
          undoLabel={t.undo}
          onUndo={undo}
          onExpire={() => {
            setUndoable(null);
            setNotice(t.rated(undoable.rating));
          }}
          durationMs={UNDO_OFFERED_MS}
          busy={busy}
        />
      )}
    </section>
  );
}
