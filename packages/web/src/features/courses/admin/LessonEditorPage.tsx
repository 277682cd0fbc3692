import { type AdminLesson, type CourseMedia, LESSON_LIMITS as LIMIT, lessonEditSchema } from '@yedyni/contract';
import { type FormEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useDraft } from '../../../shared/lib/drafts';
import { checkWith } from '../../../shared/lib/formCheck';
import { overLimit } from '../../../shared/lib/limits';
import { errorFields, useFormErrors } from '../../../shared/lib/useFormErrors';
import { Notice } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import confirmStyles from '../../../shared/ui/ConfirmAction.module.css';
import { DraftNote } from '../../../shared/ui/DraftNote';
import { FieldErrorsContext, FormProblems } from '../../../shared/ui/FieldErrors';
import { LimitedTextField } from '../../../shared/ui/LimitedTextField';
import { LoadFailed } from '../../../shared/ui/ListStates';
import { Spinner } from '../../../shared/ui/Spinner';
import { TextArea } from '../../../shared/ui/TextArea';
import { TextField } from '../../../shared/ui/TextField';
import { OutcomeMessage, adminStyles as shared, useAdminQuery, useOutcome } from '../../admin';
import { courseAdminApi, courseAdminPaths } from './api';
import styles from './Courses.module.css';
import { bodyOf, type Draft, draftOf, MARKDOWN_FIELDS, type MarkdownName, reviveDraft, sameLesson } from './draft';
import { coursePath, useBottomScrollPadding } from './lib';
import { MarkdownField, type PaneMode } from './MarkdownField';
import { AudioList, VideoList } from './MediaLists';
import { MediaUpload } from './MediaUpload';
import { Panel } from './Panel';
import { SelfTestEditor } from './SelfTestEditor';
import { courseAdminTexts as t } from './texts';

const checkLesson = checkWith(lessonEditSchema);

const MARKDOWN_LABELS: Record<MarkdownName, string> = {
  content: t.content,
  theory: t.theory,
  practice: t.practice,
};

/** `/uk/admin/courses/:courseId/lessons/:day` (admins): the whole lesson, edited and saved at once. */
export default function LessonEditorPage() {
  const { courseId = '', day = '' } = useParams();
  const { data, error, reload } = useAdminQuery<AdminLesson>(courseAdminPaths.lesson(courseId, day));

  if (!data) {
    return (
      <section className={shared.page} aria-label={t.lessonTitle(Number(day))}>
        <Link className={shared.back} to={coursePath(courseId)}>
          {t.backToCourse}
        </Link>
        {error ? <LoadFailed error={error} onRetry={reload} /> : <Spinner label={t.lessonLoading} />}
      </section>
    );
  }
  return <LessonEditor key={`${courseId}/${day}`} courseId={courseId} lesson={data} />;
}

function LessonEditor({ courseId, lesson }: { courseId: string; lesson: AdminLesson }) {
  const id = useId();
  const navigate = useNavigate();
  // The editor's text is kept in this browser until saved: a reload or a crash loses nothing.
  const [initial] = useState(() => draftOf(lesson));
  const kept = useDraft('lesson', `${courseId}:${lesson.day}`, initial, {
    revive: reviveDraft,
    same: sameLesson,
  });
  const { value: draft, set: setDraft } = kept;
  const [saved, setSaved] = useState(() => JSON.stringify(bodyOf(initial)));
  const { busy, outcome, setOutcome, run } = useOutcome();
  const [leaving, setLeaving] = useState(false);
  const [modes, setModes] = useState<Record<MarkdownName, PaneMode>>({
    content: 'edit',
    theory: 'edit',
    practice: 'edit',
  });
  const [target, setTarget] = useState<MarkdownName>('content');
  const [uploads, setUploads] = useState<CourseMedia[]>([]);
  const [inserted, setInserted] = useState('');
  const areas = useRef<Record<MarkdownName, HTMLTextAreaElement | null>>({
    content: null,
    theory: null,
    practice: null,
  });
  const caret = useRef<{ field: MarkdownName; at: number } | null>(null);
  /** The Markdown fields that have had the focus: their cursor is where the author left it. */
  const visited = useRef(new Set<MarkdownName>());
  const backLink = useRef<HTMLAnchorElement>(null);
  const leaveYes = useRef<HTMLButtonElement>(null);
  const wasLeaving = useRef(false);

  const body = bodyOf(draft);
  const dirty = JSON.stringify(body) !== saved;
  const checked = useFormErrors(body, checkLesson);
  // The save bar stays at the bottom of the screen: focused fields scroll clear of it.
  useBottomScrollPadding(true, '7rem');
  const set = <K extends keyof Draft>(name: K, value: Draft[K]) => {
    setDraft((now) => ({ ...now, [name]: value }));
    // «Урок збережено» is no longer true; a refusal stays until the next attempt.
    setOutcome((now) => (now?.ok ? null : now));
  };

  // Closing the tab or reloading with unsaved changes: the browser asks first.
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  // The in-app question takes the focus, and gives it back to «Назад до курсу» when answered «Лишитися».
  useEffect(() => {
    if (leaving) leaveYes.current?.focus();
    else if (wasLeaving.current) backLink.current?.focus();
    wasLeaving.current = leaving;
  }, [leaving]);

  // After an insertion, the caret stands right after the inserted text.
  useEffect(() => {
    const pending = caret.current;
    if (!pending) return;
    caret.current = null;
    const area = areas.current[pending.field];
    if (!area) return;
    area.focus();
    area.setSelectionRange(pending.at, pending.at);
  });

  const onBack = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!dirty) return;
    event.preventDefault();
    setLeaving(true);
  };

  const insertImage = (url: string) => {
    const field = target;
    const area = areas.current[field];
    const text = draft[field];
    const image = `![${t.imageText}](${url})`;
    // Where the cursor stands; a field never clicked has none: the picture goes last, a paragraph of its own.
    const cursorKnown = visited.current.has(field) && area !== null;
    const start = cursorKnown ? area.selectionStart : text.length;
    const end = cursorKnown ? area.selectionEnd : text.length;
    const snippet = cursorKnown || text.trim() === '' ? image : `${text.endsWith('\n') ? '\n' : '\n\n'}${image}\n`;
    caret.current = { field, at: start + snippet.length };
    set(field, text.slice(0, start) + snippet + text.slice(end));
    // The text has to be visible to take the caret (a phone may be showing the preview).
    setModes((now) => ({ ...now, [field]: 'edit' }));
    setInserted(t.inserted(MARKDOWN_LABELS[field]));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const tooLong = overLimit(limitedFields(draft));
    if (tooLong) {
      setOutcome({ ok: false, text: tooLong });
      return;
    }
    if (!checked.begin()) return;
    // The fields the server names are marked and listed (FormProblems), not said again below.
    let refused = false;
    await run(async () => {
      try {
        const answer = await courseAdminApi.saveLesson(courseId, lesson.day, body);
        const next = draftOf(answer);
        kept.clear(next);
        setSaved(JSON.stringify(bodyOf(next)));
        return t.lessonSaved;
      } catch (error) {
        refused = checked.refused(errorFields(error));
        throw error;
      }
    }, t.saveFailed);
    if (refused) setOutcome(null);
  };

  const markdown = (field: MarkdownName) => (
    <MarkdownField
      label={MARKDOWN_LABELS[field]}
      value={draft[field]}
      onChange={(value) => set(field, value)}
      mode={modes[field]}
      onMode={(mode) => setModes((now) => ({ ...now, [field]: mode }))}
      onFocus={() => {
        visited.current.add(field);
        setTarget(field);
      }}
      textareaRef={(area) => {
        areas.current[field] = area;
      }}
      rows={field === 'content' ? 16 : 10}
      name={field}
    />
  );

  return (
    <section className={shared.page} aria-labelledby={`${id}-title`}>
      <Link ref={backLink} className={shared.back} to={coursePath(courseId)} onClick={onBack}>
        {t.backToCourse}
      </Link>
      {leaving && (
        // The look of ConfirmAction's question (shared/ui), asked here by the link «Назад до курсу».
        <fieldset className={confirmStyles.confirm}>
          <legend>{t.leaveQuestion}</legend>
          <div className={shared.actions}>
            <Button ref={leaveYes} className={confirmStyles.dangerSolid} onClick={() => navigate(coursePath(courseId))}>
              {t.leaveYes}
            </Button>
            <Button variant="secondary" onClick={() => setLeaving(false)}>
              {t.leaveNo}
            </Button>
          </div>
        </fieldset>
      )}
      <div className={styles.titleBlock}>
        <h2 id={`${id}-title`} className={shared.pageTitle}>
          {t.lessonTitle(lesson.day)}: {draft.theme.trim() || lesson.theme}
        </h2>
        <p className={shared.muted}>{t.editorLead}</p>
      </div>

      <form ref={checked.form} className={styles.editor} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
        <FieldErrorsContext.Provider value={checked.errors}>
          {kept.restored && <DraftNote onDiscard={kept.discard} />}
          <Panel title={t.mainPanel}>
            <LimitedTextField
              label={t.theme}
              name="theme"
              limit={LIMIT.theme}
              required
              value={draft.theme}
              onChange={(event) => set('theme', event.target.value)}
            />
            <div className={styles.cover}>
              <div className={styles.coverFields}>
                <LimitedTextField
                  label={t.imageUrl}
                  name="image"
                  hint={t.imageHint}
                  inputMode="url"
                  autoComplete="off"
                  limit={LIMIT.mediaUrl}
                  value={draft.image}
                  onChange={(event) => set('image', event.target.value)}
                />
                <MediaUpload
                  courseId={courseId}
                  kind="image"
                  label={t.imageUpload}
                  onUploaded={(media) => set('image', media.url)}
                />
              </div>
              {draft.image.trim() && (
                <figure className={styles.coverPreview}>
                  <img src={draft.image.trim()} alt={t.imageAlt} />
                  <Button variant="secondary" className={shared.slim} onClick={() => set('image', '')}>
                    {t.imageRemove}
                  </Button>
                </figure>
              )}
            </div>
          </Panel>

          <Panel title={t.media}>
            <p className={shared.muted}>{t.mediaLead}</p>
            <MediaUpload
              courseId={courseId}
              kind="image"
              label={t.uploadImage}
              onUploaded={(media) => setUploads((now) => [media, ...now])}
            />
            {uploads.length > 0 && (
              <ul className={styles.uploads}>
                {uploads.map((media) => (
                  <li key={media.url} className={styles.uploadItem}>
                    <img src={media.url} alt="" className={styles.thumb} />
                    <div className={styles.uploadInfo}>
                      <TextField label={t.fileUrl} readOnly value={media.url} onFocus={(e) => e.target.select()} />
                      <Button
                        variant="secondary"
                        className={shared.slim}
                        aria-describedby={`${id}-target`}
                        onClick={() => insertImage(media.url)}
                      >
                        {t.insert}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            {uploads.length > 0 && (
              <p id={`${id}-target`} className={shared.muted}>
                {t.insertTarget(MARKDOWN_LABELS[target])}
              </p>
            )}
            {inserted && <Notice>{inserted}</Notice>}
          </Panel>

          {markdown('content')}
          {markdown('theory')}
          {markdown('practice')}

          <AudioList courseId={courseId} audio={draft.audio} onChange={(audio) => set('audio', audio)} />
          <VideoList video={draft.video} onChange={(video) => set('video', video)} />
          <SelfTestEditor test={draft.test} onChange={(test) => set('test', test)} />

          <Panel title={t.diary}>
            <TextArea
              label={t.diaryLabel}
              name="diary"
              hint={t.diaryHint}
              max={LIMIT.diary}
              rows={3}
              value={draft.diary}
              onChange={(diary) => set('diary', diary)}
            />
          </Panel>
        </FieldErrorsContext.Provider>
        <div className={styles.saveBar}>
          <FormProblems problems={checked.errors} />
          <OutcomeMessage outcome={outcome} />
          <div className={styles.saveRow}>
            <Button type="submit" disabled={busy}>
              {busy ? t.saving : t.saveLesson}
            </Button>
            <span className={styles.dirty}>{dirty ? t.unsaved : t.allSaved}</span>
          </div>
        </div>
      </form>
    </section>
  );
}

/** Every limited text of the lesson as [label, text, limit], in the editor's order. */
function limitedFields(draft: Draft): [string, string, number][] {
  return [
    [t.theme, draft.theme, LIMIT.theme],
    [t.imageUrl, draft.image, LIMIT.mediaUrl],
    ...MARKDOWN_FIELDS.map((field): [string, string, number] => [MARKDOWN_LABELS[field], draft[field], LIMIT.text]),
    ...draft.audio.map((row): [string, string, number] => [t.audioUrl, row.url, LIMIT.mediaUrl]),
    ...draft.video.flatMap((row): [string, string, number][] => [
      [t.videoTitle, row.title, LIMIT.videoTitle],
      [t.videoUrl, row.url, LIMIT.mediaUrl],
    ]),
    ...draft.test.flatMap((q): [string, string, number][] => [
      [t.questionText, q.question, LIMIT.question],
      ...q.options.map((option, index): [string, string, number] => [
        t.optionLabel(index + 1),
        option.text,
        LIMIT.option,
      ]),
      [t.explanation, q.explanation, LIMIT.explanation],
    ]),
    [t.diaryLabel, draft.diary, LIMIT.diary],
  ];
}
