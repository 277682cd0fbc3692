import { useState } from 'react';
import { errorMessage } from '../api';
import { Alert, Notice } from './Alert';

/** What an action came to: a notice (`ok`) or an alert; null before any (or while it runs). */
export type Outcome = { ok: boolean; text: string } | null;

/** An Outcome as a Notice or an Alert; nothing when null. */
export function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return outcome.ok ? <Notice>{outcome.text}</Notice> : <Alert>{outcome.text}</Alert>;
}

/**
 * An action with its busy state and Outcome: `run(action)` clears the outcome, and says the text
 * the action resolves to, or its rejection's message (`failed` when it has none). A rejection with
 * a string (a thunk's `unwrap()` of its rejectWithValue message) is that message.
 */
export function useOutcome() {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (action: () => Promise<string>, failed = '') => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, text: await action() });
    } catch (error) {
      setOutcome({ ok: false, text: (typeof error === 'string' ? error : errorMessage(error)) || failed });
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, setOutcome, run };
}
