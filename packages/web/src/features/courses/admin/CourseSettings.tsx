import { type AdminCourseDetail, type CourseUpdateBody, REPLY_TARGET_MAX, REPLY_TARGET_MIN } from '@yedyni/contract';
import { type FormEvent, useId, useState } from 'react';
import { fromKyivInput, toKyivInput } from '../../../shared/lib/kyivInput';
import { Button } from '../../../shared/ui/Button';
import layout from '../../../shared/ui/layout.module.css';
import surfaces from '../../../shared/ui/surfaces.module.css';
import { TextArea } from '../../../shared/ui/TextArea';
import { TextField } from '../../../shared/ui/TextField';
import { OutcomeMessage, adminStyles as shared, useOutcome } from '../../admin';
import { courseAdminApi } from './api';
import styles from './Courses.module.css';
import { courseAdminTexts as t } from './texts';

interface CourseSettingsProps {
  course: AdminCourseDetail;
  onSaved: (course: AdminCourseDetail) => void;
}

/**
 * Admins: the course's title, description, «starter» mark, place in the list, the current wave's
 * start and the target reply time for its homework.
 */
export function CourseSettings({ course, onSaved }: CourseSettingsProps) {
  const id = useId();
  const [title, setTitle] = useState(course.title);
  const [description, setDescription] = useState(course.description);
  const [starter, setStarter] = useState(course.starter);
  const [position, setPosition] = useState(String(course.position));
  const [start, setStart] = useState(() => toKyivInput(course.currentStart));
  const [replyTarget, setReplyTarget] = useState(String(course.replyTargetHours));
  const { busy, outcome, setOutcome, run } = useOutcome();
  const [open, setOpen] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body: CourseUpdateBody = {
      title,
      description,
      starter,
      position: position.trim() === '' ? 0 : Number(position),
      // Sent as typed: the server's schema says what is wrong with «abc» or 0 (a 400 with fields).
      replyTargetHours: Number(replyTarget.trim() || Number.NaN),
    };
    // The start goes only when it was changed: the field shows minutes, the server keeps milliseconds.
    if (start !== toKyivInput(course.currentStart)) {
      const at = fromKyivInput(start);
      if (at === null) {
        setOutcome({ ok: false, text: t.needDate });
        return;
      }
      body.currentStart = at;
    }
    await run(async () => {
      const saved = await courseAdminApi.updateCourse(course._id, body);
      onSaved(saved);
      setStart(toKyivInput(saved.currentStart));
      return t.saved;
    });
  };

  return (
    <section className={`${surfaces.card} ${styles.panel}`} aria-labelledby={`${id}-title`}>
      <div className={`${layout.spread} ${shared.head}`}>
        <h3 id={`${id}-title`} className={styles.panelTitle}>
          {t.settings}
        </h3>
        <Button
          variant="secondary"
          className={shared.slim}
          aria-expanded={open}
          aria-controls={`${id}-form`}
          onClick={() => setOpen(!open)}
        >
          {open ? t.collapse : t.change}
        </Button>
      </div>
      <div id={`${id}-form`} hidden={!open}>
        {open && (
          <form className={styles.subform} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
            <div className={shared.grid}>
              <div className={shared.wide}>
                <TextField
                  label={t.fieldTitle}
                  maxLength={200}
                  required
                  value={title}
                  onChange={(event) => setTitle(event.target.value)}
                />
              </div>
              <div className={shared.wide}>
                <TextArea
                  label={t.fieldDescription}
                  max={1000}
                  rows={3}
                  value={description}
                  onChange={setDescription}
                />
              </div>
              <TextField
                label={t.fieldPosition}
                hint={t.fieldPositionHint}
                type="number"
                inputMode="numeric"
                min={-1000}
                max={1000}
                value={position}
                onChange={(event) => setPosition(event.target.value)}
              />
              <TextField
                label={t.fieldCurrentStart}
                hint={t.fieldCurrentStartHint}
                type="datetime-local"
                value={start}
                onChange={(event) => setStart(event.target.value)}
              />
              <TextField
                label={t.fieldReplyTarget}
                hint={t.fieldReplyTargetHint}
                type="number"
                inputMode="numeric"
                min={REPLY_TARGET_MIN}
                max={REPLY_TARGET_MAX}
                value={replyTarget}
                onChange={(event) => setReplyTarget(event.target.value)}
              />
              <label className={`${shared.check} ${shared.wide}`}>
                <input type="checkbox" checked={starter} onChange={(event) => setStarter(event.target.checked)} />
                <span>{t.fieldStarter}</span>
              </label>
            </div>
            <OutcomeMessage outcome={outcome} />
            <div className={shared.actions}>
              <Button type="submit" disabled={busy}>
                {busy ? t.saving : t.save}
              </Button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
