/**
 * A history page and the number of pages in one round trip: the page's query selects
 * `count(*) over ()` as `total` (the count of the whole filtered list, taken before LIMIT), so a
 * page no longer waits for a second query (on PostgreSQL each is a round trip, issue 23). Only a
 * page past the end, which carries no rows and so no count, asks for the count alone.
 */
export async function pageWithTotal<Row extends { total: number | string | bigint }>(
  rows: Row[],
  offset: number,
  countAlone: () => Promise<number | string | bigint>,
): Promise<{ rows: Row[]; total: number }> {
  const first = rows[0];
  if (first) return { rows, total: Number(first.total) };
  return { rows, total: offset === 0 ? 0 : Number(await countAlone()) };
}
