import { kyivDateRange, kyivIsoDate, type ReplyFigures, type ReplyTimes } from '@yedyni/contract';
import { useState } from 'react';
import { adminPath, DataTable, ListState, adminStyles as shared, useAdminQuery } from '../../admin';

const DAY_MS = 86_400_000;
/** The default period: the last four weeks, today included. */
const DEFAULT_DAYS = 28;

const hoursFormat = new Intl.NumberFormat('uk-UA', { maximumFractionDigits: 1 });
/** A wait in hours, Ukrainian digits and comma: «2,5». */
export const hours = (ms: number) => hoursFormat.format(ms / 3_600_000);

/** The ISO weeks any row counts, in order: the table's week columns. */
function weeksOf(rows: readonly ReplyFigures[]): string[] {
  return [...new Set(rows.flatMap((row) => Object.keys(row.weeks)))].sort();
}

/**
 * `/uk/admin/reply-times`, «Час відповіді»: how long waiting homework waited for its first curator
 * answer in a period (Kyiv dates), per curator and per wave — count, median, 90th percentile and
 * the replies of each ISO week. The server gives curators their own row only, admins every row.
 */
export default function ReplyTimesPage() {
  const today = kyivIsoDate(Date.now());
  const [from, setFrom] = useState(() => kyivIsoDate(Date.now() - (DEFAULT_DAYS - 1) * DAY_MS));
  const [to, setTo] = useState(today);
  // A half-typed date asks nothing: the last answer stays until both ends are dates.
  const period = from && to ? { from: kyivDateRange(from).start, to: kyivDateRange(to).end } : null;
  const query = useAdminQuery<ReplyTimes>(period ? adminPath('/homework/reply-times', period) : null);

  return (
    <section className={shared.page} aria-labelledby="reply-times-title">
      <h2 id="reply-times-title">Час відповіді</h2>
      <p className={shared.lead}>
        Скільки домашні завдання чекали на першу відповідь куратора: медіана і 90-й процентиль (години), кількість
        відповідей за тижнями.
      </p>
      <div className={shared.toolbar}>
        <label className={shared.control}>
          Від
          <input type="date" value={from} max={to || today} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className={shared.control}>
          До
          <input type="date" value={to} min={from} max={today} onChange={(event) => setTo(event.target.value)} />
        </label>
      </div>
      <ListState
        query={query}
        count={(data) => data.curators.length + data.waves.length}
        empty="За цей період відповідей не було."
      >
        {(data) => (
          <>
            <h3>За кураторами</h3>
            <FiguresTable
              caption="Час відповіді за кураторами"
              first="Куратор"
              busy={query.loading}
              rows={data.curators.map((row) => ({
                key: row.curator._id,
                name: `${row.curator.first_name} ${row.curator.last_name}`,
                figures: row,
              }))}
            />
            <h3>За хвилями</h3>
            <FiguresTable
              caption="Час відповіді за хвилями"
              first="Курс і хвиля"
              busy={query.loading}
              rows={data.waves.map((row) => ({
                key: `${row.courseId}:${row.wave}`,
                name: `«${row.courseTitle}», хвиля ${row.wave}`,
                figures: row,
              }))}
            />
          </>
        )}
      </ListState>
    </section>
  );
}

interface FiguresRow {
  key: string;
  name: string;
  figures: ReplyFigures;
}

function FiguresTable({
  caption,
  first,
  rows,
  busy,
}: {
  caption: string;
  first: string;
  rows: FiguresRow[];
  busy: boolean;
}) {
  if (rows.length === 0) return <p className={shared.lead}>Немає відповідей.</p>;
  const weeks = weeksOf(rows.map((row) => row.figures));
  return (
    <DataTable
      caption={caption}
      busy={busy}
      columns={[
        first,
        { label: 'Відповідей', num: true },
        { label: 'Медіана, год', num: true },
        { label: '90-й процентиль, год', num: true },
        ...weeks.map((week) => ({ label: week, num: true })),
      ]}
    >
      {rows.map(({ key, name, figures }) => (
        <tr key={key}>
          <th scope="row">{name}</th>
          <td data-label="Відповідей" className={shared.num}>
            {figures.count}
          </td>
          <td data-label="Медіана, год" className={shared.num}>
            {hours(figures.medianMs)}
          </td>
          <td data-label="90-й процентиль, год" className={shared.num}>
            {hours(figures.p90Ms)}
          </td>
          {weeks.map((week) => (
            <td key={week} data-label={week} className={shared.num}>
              {figures.weeks[week] ?? 0}
            </td>
          ))}
        </tr>
      ))}
    </DataTable>
  );
}
