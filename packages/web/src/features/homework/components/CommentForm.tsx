import type { MistakeTag, SavedReply } from '@yedyni/contract';
import { useState } from 'react';
import type { UploadOptions } from '../../../shared/api';
import { ReplyPicker, TagToggles } from '../../replies';
import { COMMENT_MAX, homeworkTexts as t } from '../texts';
import styles from './Homework.module.css';
import { TextFileForm, type TextFileFormProps } from './TextFileForm';

type CommentFormProps = Pick<TextFileFormProps, 'label' | 'submit' | 'initial' | 'onCancel' | 'hasFile'> & {
  /** Names the comment's draft: `new:<exerciseId>` for a new one, the comment's id when editing. */
  draftId: string;
  /** As TextFileForm's, with the mistake tags chosen (always [] where tagging is not offered). */
  onSubmit: (text: string, file: File | null, upload: UploadOptions, tags: MistakeTag[]) => Promise<string>;
  /** The reviewer of someone else's work (the exercise's `canRate`): saved replies and mistake tags. */
  reviewing?: boolean;
  initialTags?: readonly MistakeTag[];
};

/** A comment's text (to 3 000 characters) and optional file; used to add and to edit. */
export function CommentForm({ draftId, onSubmit, reviewing = false, initialTags = [], ...props }: CommentFormProps) {
  const [tags, setTags] = useState<MistakeTag[]>([...initialTags]);
  const send = async (text: string, file: File | null, upload: UploadOptions) => {
    const problem = await onSubmit(text, file, upload, reviewing ? tags : []);
    // A new comment, once added, starts over without the tags it carried.
    if (problem === '' && !props.onCancel) setTags([]);
    return problem;
  };
  // A saved reply's text goes into the comment and its tags onto it (with those already chosen).
  const insert = (put: (text: string) => void) => (reply: SavedReply) => {
    put(reply.text);
    setTags((chosen) => [...new Set([...chosen, ...reply.tags])]);
  };
  return (
    <TextFileForm
      {...props}
      onSubmit={send}
      draft={{ what: 'comment', id: draftId }}
      max={COMMENT_MAX}
      rows={3}
      needText={t.needComment}
      busyText={t.sending}
      // A new comment, once added, leaves the form empty for the next; an edit closes it.
      startOver={!props.onCancel}
      className={styles.commentForm}
      tools={reviewing ? (put) => <ReplyPicker onPick={insert(put)} /> : undefined}
      extra={reviewing ? <TagToggles value={tags} onChange={setTags} /> : undefined}
    />
  );
}
