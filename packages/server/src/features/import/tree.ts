import { own } from './export-files.js';

/**
 * The old platform's invitation tree, seen from both sides: each person's `inviter` and each
 * inviter's `team`. Held as old ids only (a few dozen bytes a person) until every person is
 * read, since an inviter may come after the people they invited.
 */
export class InvitationTree {
  private readonly inviterOf = new Map<string, string | null>();
  private readonly teamOf = new Map<string, string[]>();

  add(person: string, inviter: string | null, team: string[]): void {
    this.inviterOf.set(own(person), inviter === null ? null : own(inviter));
    if (team.length) this.teamOf.set(own(person), team.map(own));
  }

  /**
   * The links to import (member → inviter), and notes on what is not: an inviter who is not in
   * the export (dangling), people whose chain of inviters comes back to them (a cycle: none of
   * its links is imported), and the two sides disagreeing (the `inviter` field wins).
   */
  check(): { links: [string, string][]; notes: [string, string][] } {
    const notes: [string, string][] = [];
    const dangling = new Set<string>();
    for (const [person, inviter] of this.inviterOf) {
      if (inviter === null) continue;
      if (!this.inviterOf.has(inviter)) {
        dangling.add(person);
        notes.push(['запрошувача немає в експорті (висячий id), запрошення не перенесено', `${person}→${inviter}`]);
      } else if (!(this.teamOf.get(inviter) ?? []).includes(person)) {
        notes.push(['запрошувач не має учасника у своїй команді (team), узято inviter', `${person}→${inviter}`]);
      }
    }
    for (const [inviter, team] of this.teamOf) {
      for (const member of team) {
        if (!this.inviterOf.has(member)) {
          notes.push(['у команді (team) є висячий id, не перенесено', `${inviter}→${member}`]);
        } else if (this.inviterOf.get(member) !== inviter) {
          notes.push(['у команді (team) учасник, якого запросив інший, узято inviter', `${inviter}→${member}`]);
        }
      }
    }
    const inCycle = this.cycles();
    for (const person of inCycle) notes.push(['запрошення по колу (цикл), не перенесено', person]);
    const links: [string, string][] = [];
    for (const [person, inviter] of this.inviterOf) {
      if (inviter !== null && !dangling.has(person) && !inCycle.has(person)) links.push([person, inviter]);
    }
    return { links, notes };
  }

  /** Everybody on a cycle of inviters: each chain is walked once (the colours of a depth-first search). */
  private cycles(): Set<string> {
    const done = new Set<string>();
    const onCycle = new Set<string>();
    for (const start of this.inviterOf.keys()) {
      if (done.has(start)) continue;
      const path: string[] = [];
      const onPath = new Map<string, number>();
      let at: string | null | undefined = start;
      while (at && this.inviterOf.has(at) && !done.has(at)) {
        const seenAt = onPath.get(at);
        if (seenAt !== undefined) {
          for (const person of path.slice(seenAt)) onCycle.add(person);
          break;
        }
        onPath.set(at, path.length);
        path.push(at);
        at = this.inviterOf.get(at);
      }
      for (const person of path) done.add(person);
    }
    return onCycle;
  }
}
