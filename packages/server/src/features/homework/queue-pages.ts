import type { Db } from '../../infra/db/index.js';

/** Row 1 counts every change the pages show but claims; row 2 counts claims (migration 0026). */
export interface ReviewVersions {
  work: number;
  claims: number;
}

export async function reviewVersions(db: Db): Promise<ReviewVersions> {
  const rows = await db.selectFrom('review_version').select(['id', 'version']).execute();
  const of = (id: number) => Number(rows.find((r) => r.id === id)?.version ?? 0);
  return { work: of(1), claims: of(2) };
}

/** Far more distinct pages than curators look at between two changes; the oldest beyond go. */
const PAGES_KEPT = 1_000;

interface Kept {
  value: Promise<unknown>;
  /** The page holds until this instant (a claim lapsing changes it without any write). */
  until: number;
}

/**
 * The queue's or the history's pages, kept per instance under `review_version`, which
 * database triggers raise in the same transaction as every change those pages show (migration 0026).
 * A reader reads the number first, then asks for its page: a page is kept only under the number
 * read before it was read, so it is never older than that number, on any instance, with no timer
 * and no message between instances. Counting 10,000 waiting homeworks on every request was most
 * of the queue's time (bench/README.md).
 */
export class ReviewPages {
  private version: string | undefined;
  private readonly pages = new Map<string, Kept>();

  /**
   * The page under `key` as of `version`, loaded once however many readers ask at that moment.
   * Any other number (newer, or older after a restore) drops every kept page: equality, never order.
   */
  get<T>(version: string, key: string, now: number, load: () => Promise<{ value: T; until: number }>): Promise<T> {
    if (version !== this.version) {
      this.pages.clear();
      this.version = version;
    }
    const kept = this.pages.get(key);
    if (kept && now < kept.until) return kept.value as Promise<T>;
    if (this.pages.size >= PAGES_KEPT) this.pages.delete(this.pages.keys().next().value as string);
    const entry: Kept = { value: Promise.resolve(), until: Number.POSITIVE_INFINITY };
    entry.value = load().then(
      ({ value, until }) => {
        entry.until = until;
        return value;
      },
      (error: unknown) => {
        if (this.pages.get(key) === entry) this.pages.delete(key);
        throw error;
      },
    );
    this.pages.set(key, entry);
    return entry.value as Promise<T>;
  }
}
