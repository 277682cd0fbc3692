import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useOnline } from '../../../shared/lib/useOnline';
import { Alert } from '../../../shared/ui/Alert';
import { AskAnyway } from '../../../shared/ui/AskAnyway';
import { Button } from '../../../shared/ui/Button';
import { Prose } from '../../../shared/ui/Prose';
import { Spinner } from '../../../shared/ui/Spinner';
import { useCoursesDispatch, useCoursesSelector } from '../hooks';
import { checkSelfTest, selectLessonState, testReset } from '../lessonSlice';
import { audioTracks, playableVideos } from '../lib/lessons';
import { courseTexts as t } from '../texts';
import styles from './LessonSections.module.css';

// Each section renders inside LessonPage, which shows it only once the current lesson is set.

function useLesson() {
  const { currentLesson } = useCoursesSelector(selectLessonState);
  if (!currentLesson) throw new Error('LessonSections: no current lesson');
  return currentLesson;
}

/** The lesson's main page: its picture and content, fetched as text from its URL. */
export function LessonMain() {
  const lesson = useLesson();
  const { content, isLoading, error } = useCoursesSelector(selectLessonState);
  const online = useOnline();
  return (
    <section aria-labelledby="main-title" className={styles.section}>
      <h2 id="main-title" className="sr-only">
        {t.main}
      </h2>
      {lesson.image && <img className={styles.image} src={lesson.image} alt="" />}
      {error ? (
        <Alert>{online ? t.contentError : t.contentOffline}</Alert>
      ) : isLoading && !content ? (
        <Spinner compact />
      ) : content ? (
        <Prose html={content} className={styles.prose} />
      ) : (
        <p className={styles.empty}>{t.contentEmpty}</p>
      )}
    </section>
  );
}

function HtmlSection({ id, title, html, empty }: { id: string; title: string; html: string; empty: string }) {
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id}>{title}</h2>
      {html.trim() ? <Prose html={html} className={styles.prose} /> : <p className={styles.empty}>{empty}</p>}
    </section>
  );
}

export function LessonTheory() {
  const lesson = useLesson();
  return <HtmlSection id="theory-title" title={t.theory} html={lesson.theory} empty={t.theoryEmpty} />;
}

/** The task of the lesson; the app puts the homework (its own feature) under it. */
export function LessonPractice() {
  const lesson = useLesson();
  return <HtmlSection id="practice-title" title={t.practice} html={lesson.practice} empty={t.practiceEmpty} />;
}

export function LessonAudio() {
  const lesson = useLesson();
  const tracks = audioTracks(lesson);
  return (
    <section aria-labelledby="audio-title" className={styles.section}>
      <h2 id="audio-title">{t.audio}</h2>
      {tracks.length === 0 ? (
        <p className={styles.empty}>{t.audioEmpty}</p>
      ) : (
        <ul className={styles.media}>
          {tracks.map((url, index) => (
            <li key={url} className={styles.track}>
              <h3 id={`audio-${index}`}>{t.audioTrack(index + 1)}</h3>
              {/* biome-ignore lint/a11y/useMediaCaption: lesson recordings come without caption files. */}
              <audio controls preload="none" src={url} aria-labelledby={`audio-${index}`}>
                {t.audioUnsupported}
              </audio>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function LessonVideo() {
  const lesson = useLesson();
  const videos = playableVideos(lesson, t.videoTitle);
  return (
    <section aria-labelledby="video-title" className={styles.section}>
      <h2 id="video-title">{t.video}</h2>
      {videos.length === 0 ? (
        <p className={styles.empty}>{t.videoEmpty}</p>
      ) : (
        <ul className={styles.media}>
          {videos.map(({ key, title, source }) => (
            <li key={key}>
              <h3>{title}</h3>
              <div className={styles.frame}>
                {source.kind === 'youtube' ? (
                  <iframe
                    src={source.embedUrl}
                    title={title}
                    loading="lazy"
                    allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
                    allowFullScreen
                    referrerPolicy="strict-origin-when-cross-origin"
                  />
                ) : source.kind === 'file' ? (
                  // biome-ignore lint/a11y/useMediaCaption: lesson videos come without caption files.
                  <video controls preload="metadata" src={source.url} aria-label={title}>
                    {t.videoUnsupported}
                  </video>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The self-test: one answer per question, checked by the server; the score goes to the diary. */
export function LessonTest() {
  const lesson = useLesson();
  const { courseId = '' } = useParams();
  const dispatch = useCoursesDispatch();
  const { testResult, isChecking, testError } = useCoursesSelector(selectLessonState);
  const questions = lesson.test.questions;
  const [answers, setAnswers] = useState<(number | null)[]>(() => questions.map(() => null));
  // «Перевірити» with questions left: 'blank' when none is answered (nothing is sent, it is no
  // result), 'ask' otherwise (the questions left are named and marked, and it asks first).
  const [gaps, setGaps] = useState<'none' | 'blank' | 'ask'>('none');
  const resultRef = useRef<HTMLHeadingElement>(null);
  const formId = useId();

  const checked = testResult !== null;
  const shown = testResult?.answers ?? answers;

  useEffect(() => {
    if (checked) resultRef.current?.focus();
  }, [checked]);

  if (questions.length === 0) {
    return (
      <section aria-labelledby="test-title" className={styles.section}>
        <h2 id="test-title">{t.test}</h2>
        <p className={styles.empty}>{t.testEmpty}</p>
      </section>
    );
  }

  const missing = answers.flatMap((answer, q) => (answer === null ? [q + 1] : []));
  const blank = missing.length === questions.length;
  // Answering (the first question, or the ones left) puts the warning away by itself.
  const shownGaps = (gaps === 'blank' && !blank) || (gaps === 'ask' && missing.length === 0) ? 'none' : gaps;

  const send = () => {
    setGaps('none');
    dispatch(checkSelfTest({ courseId, lessonId: lesson.day, answers }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blank) setGaps('blank');
    else if (missing.length > 0) setGaps('ask');
    else send();
  };

  const again = () => {
    setAnswers(questions.map(() => null));
    setGaps('none');
    dispatch(testReset());
  };

  return (
    <section aria-labelledby="test-title" className={styles.section}>
      <h2 id="test-title">{t.test}</h2>
      {testResult ? (
        <div className={styles.result} role="status">
          <h3 ref={resultRef} tabIndex={-1}>
            {t.scoreTitle}: <span className={styles.score}>{t.score(testResult.score)}</span>
          </h3>
          <p>
            {testResult.counted ? t.scoreSaved : t.retakeNotCounted} <Link to="../diary">{t.toDiary}</Link>
          </p>
        </div>
      ) : (
        <p className={styles.lead}>{t.testLead}</p>
      )}
      <form id={formId} onSubmit={onSubmit} className={styles.test}>
        <ol className={styles.questions}>
          {questions.map((question, q) => {
            const right = testResult?.correct[q];
            const chosen = shown[q] ?? null;
            const explanation = testResult?.explanations[q];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: questions have no ids and never reorder.
              <li key={q}>
                <fieldset className={styles.question}>
                  <legend>
                    <span className={styles.number}>{t.question(q + 1)}:</span> {question.text}
                  </legend>
                  {question.options.map((option, o) => {
                    const isRight = checked && right === o;
                    const isWrongChoice = checked && chosen === o && right !== o;
                    const mark = isRight ? styles.right : isWrongChoice ? styles.wrong : '';
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: options are identified by position.
                      <label key={o} className={mark ? `${styles.option} ${mark}` : styles.option}>
                        <input
                          type="radio"
                          name={`${formId}-q${q}`}
                          value={o}
                          checked={chosen === o}
                          disabled={checked || isChecking}
                          onChange={() => setAnswers((all) => all.map((a, i) => (i === q ? o : a)))}
                        />
                        <span>{option}</span>
                        {isRight && <span className={styles.mark}>✓ {chosen === o ? t.yourRight : t.right}</span>}
                        {isWrongChoice && <span className={styles.mark}>✗ {t.yourWrong}</span>}
                      </label>
                    );
                  })}
                  {checked && chosen === null && <p className={styles.note}>{t.unanswered}</p>}
                  {!checked && shownGaps === 'ask' && chosen === null && <p className={styles.missing}>{t.pickOne}</p>}
                  {explanation && <p className={styles.explanation}>{explanation}</p>}
                </fieldset>
              </li>
            );
          })}
        </ol>
        {!checked && shownGaps === 'blank' && <Alert>{t.testBlank}</Alert>}
        {!checked && shownGaps === 'ask' && (
          <AskAnyway
            question={t.testUnanswered(missing)}
            proceed={t.checkAnyway}
            back={t.keepAnswering}
            onProceed={send}
            onBack={() => setGaps('none')}
            busy={isChecking}
            className={styles.ask}
          />
        )}
        {testError && <Alert>{testError}</Alert>}
        {/* Distinct keys: reusing one <button> whose type turns to submit mid-click would send the form. */}
        {checked ? (
          <Button key="retry" onClick={again}>
            {t.retry}
          </Button>
        ) : (
          <Button key="check" type="submit" disabled={isChecking || shownGaps === 'ask'}>
            {isChecking ? t.checking : t.check}
          </Button>
        )}
      </form>
    </section>
  );
}
