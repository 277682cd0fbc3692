import { CHAT_REPORT_REASONS, type ChatReported, type ChatReports, formatDateTime } from '@yedyni/contract';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction';
import { ListState, adminStyles as styles, useAdminQuery } from '../../admin';
import { MessageText } from '../components/MessageItem';
import moderation from '../components/Moderation.module.css';
import { moderationApi } from '../moderation';
import { chatTexts } from '../texts';

const t = chatTexts.reports;

/**
 * `/uk/admin/chat` (curators and admins): the chats' open reports, one card per message with its
 * reasons; «Залишити» clears them (a hidden message shows again), «Видалити» deletes the message.
 */
export default function ChatReportsPage() {
  const query = useAdminQuery<ChatReports>('/chats/reports');
  const [problem, setProblem] = useState('');
  const decided = (id: string) =>
    query.setData((now) => now && { reports: now.reports.filter((r) => r.message._id !== id) });
  const decide = async (id: string, change: (id: string) => Promise<unknown>) => {
    try {
      await change(id);
      setProblem('');
      decided(id);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <section className={styles.page} aria-labelledby="chat-reports-title">
      <h2 id="chat-reports-title">{t.title}</h2>
      <p className={styles.lead}>{t.lead}</p>
      {problem && <Alert>{problem}</Alert>}
      <ListState query={query} count={(data) => data.reports.length} empty={t.empty}>
        {(data) => (
          <ul className={moderation.queue}>
            {data.reports.map((entry) => (
              <ReportCard
                key={entry.message._id}
                entry={entry}
                onKeep={() => decide(entry.message._id, moderationApi.keep)}
                onRemove={() => decide(entry.message._id, moderationApi.remove)}
              />
            ))}
          </ul>
        )}
      </ListState>
    </section>
  );
}

function ReportCard({
  entry,
  onKeep,
  onRemove,
}: {
  entry: ChatReported;
  onKeep: () => Promise<void>;
  onRemove: () => Promise<void>;
}) {
  const { message } = entry;
  return (
    <li className={moderation.entry}>
      <p className={styles.muted}>
        {t.where(entry.courseTitle, message.wave)} · {chatTexts.fullName(message.sender)} ·{' '}
        {formatDateTime(message.date)}
      </p>
      {message.hidden && <p className={moderation.hiddenNote}>{chatTexts.hidden}</p>}
      <blockquote className={moderation.quote}>
        {message.text ? <MessageText text={message.text} /> : `${t.file}: ${message.fileName ?? ''}`}
      </blockquote>
      <p>
        <strong>{t.count(entry.count)}</strong>
      </p>
      <ul>
        {entry.reasons.map((r) => (
          <li key={r.reporter._id}>
            {CHAT_REPORT_REASONS[r.reason]}
            {r.text && `: «${r.text}»`} — {chatTexts.fullName(r.reporter)}, {formatDateTime(r.date)}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onKeep}>
          {t.keep}
        </Button>
        <ConfirmAction label={t.remove} question={t.removeAsk} confirm={t.remove} onConfirm={onRemove} />
      </div>
    </li>
  );
}
