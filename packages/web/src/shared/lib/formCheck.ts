import { configureUkrainianMessages } from '@yedyni/contract';
import type { FieldErrors } from '../ui/FieldErrors';

// zod's own messages (a number left empty, a wrong type) in Ukrainian, as the server says them.
configureUkrainianMessages();

/** What `checkWith` needs of a schema: the contract's zod schemas. */
interface Checkable {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
  };
}

/** A problem's key: its path in the body, dotted (`test.1.options.0`), as the server's `fields`. */
export const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('.');

/**
 * A whole form's check by the contract's schema of its body, in the browser: every problem at
 * once, the first message of each field by its key (the server would refuse the same body with
 * the same messages). Kept apart from useFormErrors so that /login does not load zod.
 */
export function checkWith(schema: Checkable) {
  return (body: unknown): FieldErrors => {
    const result = schema.safeParse(body);
    const errors: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) {
      const key = pathKey(issue.path);
      if (!(key in errors)) errors[key] = issue.message;
    }
    return errors;
  };
}
