import { COMMENT_MAX, homeworkTexts as t } from '../texts';
import styles from './Homework.module.css';
import { TextFileForm, type TextFileFormProps } from './TextFileForm';

type CommentFormProps = Pick<
  TextFileFormProps,
  'label' | 'submit' | 'initial' | 'onSubmit' | 'onCancel' | 'hasFile'
> & {
  /** Names the comment's draft: `new:<exerciseId>` for a new one, the comment's id when editing. */
  draftId: string;
};

/** A comment's text (to 3 000 characters) and optional file; used to add and to edit. */
export function CommentForm({ draftId, ...props }: CommentFormProps) {
  return (
    <TextFileForm
      {...props}
      draft={{ what: 'comment', id: draftId }}
      max={COMMENT_MAX}
      rows={3}
      needText={t.needComment}
      busyText={t.sending}
      // A new comment, once added, leaves the form empty for the next; an edit closes it.
      startOver={!props.onCancel}
      className={styles.commentForm}
    />
  );
}
