import type { Indicators, Team } from '@yedyni/contract';

/**
 * Spec section 3 and 4, «Partners»: the support indicators (the header shows `levelSupport`), the
 * partner on the team screen with their team, and the stack of partners opened before.
 */
export interface PartnersState {
  indicators: Indicators | null;
  /** The partner whose team is on screen: me, or a member of my team I drilled down to. */
  partner: Team | null;
  /** The partners opened before, the last one on top; «Назад» restores it. */
  history: Team[];
  isLoading: boolean;
  error: string | null;
}

export interface PartnersRootState {
  partners: PartnersState;
}
