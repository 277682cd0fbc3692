import { COMMENT_MAX, type MistakeTag, REPLY_TITLE_MAX, type SavedReply } from '@yedyni/contract';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { Alert, Notice } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction';
import { FormActions } from '../../../shared/ui/FormActions';
import { LimitedTextField } from '../../../shared/ui/LimitedTextField';
import layout from '../../../shared/ui/layout.module.css';
import { Spinner } from '../../../shared/ui/Spinner';
import surfaces from '../../../shared/ui/surfaces.module.css';
import { TextArea } from '../../../shared/ui/TextArea';
import { repliesApi } from '../api';
import { replyTexts as t } from '../texts';
import { MistakeTags } from './MistakeTags';
import styles from './Replies.module.css';
import { TagToggles } from './TagToggles';

/** «Шаблони відповідей»: a curator's own saved replies and the shared ones, written and changed here. */
export default function RepliesPage() {
  const [replies, setReplies] = useState<SavedReply[] | null>(null);
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState('');
  // The reply being edited, 'new' for a new one, null when none.
  const [editing, setEditing] = useState<string | null>(null);

  const load = useCallback(
    () =>
      repliesApi.list().then(
        (answer) => setReplies(answer.replies),
        (error: unknown) => setFailure(errorMessage(error) || t.loadFailed),
      ),
    [],
  );
  useEffect(() => {
    load();
  }, [load]);

  const done = (message: string) => {
    setEditing(null);
    setNotice(message);
    return load();
  };
  const mine = replies?.filter((r) => r.mine) ?? [];
  const others = replies?.filter((r) => !r.mine) ?? [];

  const item = (reply: SavedReply) => (
    <li key={reply._id} className={surfaces.card}>
      {editing === reply._id ? (
        <ReplyForm reply={reply} onDone={() => done(t.saved)} onCancel={() => setEditing(null)} />
      ) : (
        <article className={styles.replyForm} aria-label={reply.title}>
          <h3>{reply.title}</h3>
          {reply.shared && (
            <p className={styles.muted}>{reply.mine ? t.shared : `${t.shared} · ${t.by(reply.authorName)}`}</p>
          )}
          <p className={styles.replyText}>{reply.text}</p>
          <MistakeTags tags={reply.tags} />
          {reply.canEdit && (
            <div className={layout.row}>
              <Button variant="secondary" onClick={() => setEditing(reply._id)}>
                {t.edit}
              </Button>
              <ConfirmAction
                label={t.remove}
                question={t.removeAsk}
                confirm={t.removeYes}
                onConfirm={() =>
                  repliesApi.remove(reply._id).then(
                    () => done(t.removed),
                    (error: unknown) => setFailure(errorMessage(error)),
                  )
                }
              />
            </div>
          )}
        </article>
      )}
    </li>
  );

  return (
    <section className={styles.page} aria-labelledby="replies-title">
      <h1 id="replies-title">{t.pageTitle}</h1>
      <p className={styles.muted}>{t.pageLead}</p>
      {failure && <Alert>{failure}</Alert>}
      {notice && <Notice>{notice}</Notice>}
      {editing === 'new' ? (
        <div className={surfaces.card}>
          <ReplyForm onDone={() => done(t.saved)} onCancel={() => setEditing(null)} />
        </div>
      ) : (
        <div>
          <Button onClick={() => setEditing('new')}>{t.add}</Button>
        </div>
      )}
      {!replies && !failure && <Spinner compact />}
      {replies && (
        <>
          <h2>{t.mine}</h2>
          {mine.length ? <ul className={layout.list}>{mine.map(item)}</ul> : <p>{t.none}</p>}
          {others.length > 0 && (
            <>
              <h2>{t.others}</h2>
              <ul className={layout.list}>{others.map(item)}</ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

interface ReplyFormProps {
  reply?: SavedReply;
  onDone: () => void;
  onCancel: () => void;
}

function ReplyForm({ reply, onDone, onCancel }: ReplyFormProps) {
  const [title, setTitle] = useState(reply?.title ?? '');
  const [text, setText] = useState(reply?.text ?? '');
  const [tags, setTags] = useState<MistakeTag[]>(reply?.tags ?? []);
  const [shared, setShared] = useState(reply?.shared ?? false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [problems, setProblems] = useState<Readonly<Record<string, string>>>({});

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure('');
    const body = { title, text, tags, shared };
    try {
      await (reply ? repliesApi.update(reply._id, body) : repliesApi.create(body));
      onDone();
    } catch (error) {
      setFailure(errorMessage(error));
      setProblems(error instanceof ApiError && error.fields ? error.fields : {});
      setBusy(false);
    }
  };

  return (
    <form className={styles.replyForm} onSubmit={send} noValidate>
      <LimitedTextField
        label={t.title}
        value={title}
        limit={REPLY_TITLE_MAX}
        onChange={(event) => setTitle(event.target.value)}
        error={problems.title}
        disabled={busy}
      />
      <TextArea
        label={t.text}
        value={text}
        max={COMMENT_MAX}
        onChange={setText}
        rows={4}
        error={problems.text}
        disabled={busy}
      />
      <TagToggles value={tags} onChange={setTags} disabled={busy} />
      <label className={layout.row}>
        <input type="checkbox" checked={shared} onChange={(event) => setShared(event.target.checked)} disabled={busy} />
        {t.share}
      </label>
      <FormActions failure={failure} busy={busy} submit={t.save} busyText={t.saving} onCancel={onCancel} />
    </form>
  );
}
