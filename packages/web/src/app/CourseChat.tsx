import type { Course } from '@yedyni/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { selectUser } from '../features/auth';
import { chatTexts } from '../features/chat';
import type { ChatPanelProps } from '../features/chat/components/ChatPanel';
import { lazyScreen } from '../shared/lib/lazyScreen';
import { Button } from '../shared/ui/Button';
import { useAppSelector } from './hooks';

/** The panel, its slice (./chat) and socket code load on the first «Чат курсу», not before. */
const ChatPanel = lazyScreen<ChatPanelProps>(async () => {
  const [, panel] = await Promise.all([import('./chat'), import('../features/chat/components/ChatPanel')]);
  return panel;
});

/** «Чат курсу» on the course screen: opens the chat of the course's wave, told who is looking. */
export function CourseChat({ course }: { course: Course }) {
  const user = useAppSelector(selectUser);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const userId = user?._id ?? '';
  // Who moderates the course's rooms is the server's to say (chat policy), not the role's.
  const { canModerateChat } = course;
  const viewer = useMemo(() => ({ _id: userId, canModerateChat }), [userId, canModerateChat]);
  const onClose = useCallback(() => setOpen(false), []);

  // Focus goes back to the button once the dialog is gone (while it is up, the page is inert).
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (!user) return null;
  return (
    <>
      <Button
        ref={button}
        variant="secondary"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {chatTexts.title}
      </Button>
      {open && (
        <ChatPanel courseId={course._id} title={course.title} wave={course.wave} viewer={viewer} onClose={onClose} />
      )}
    </>
  );
}
