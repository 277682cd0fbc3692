import { homeworkTexts as t } from '../texts';

type Result = { meta: { requestStatus: string }; payload?: unknown };

/** The message to show for a dispatched call: '' when it succeeded, the server's text when it failed. */
export const problemOf = (result: Result): string =>
  result.meta.requestStatus === 'fulfilled' ? '' : String(result.payload ?? t.failed);

export type { Result };
