import { AUDIT_ACTIONS } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { AUDIT_LABELS } from './labels';

describe('audit labels', () => {
  it('are the contract’s AUDIT_ACTIONS, in the same order', () => {
    expect(Object.entries(AUDIT_LABELS)).toEqual(Object.entries(AUDIT_ACTIONS));
  });
});
