/** What an import did or, in a dry run, would do: counts per kind, what it left out and why. */

export const KINDS = {
  user: 'люди',
  course: 'курси',
  lesson: 'уроки',
  enrollment: 'записи на курси',
  mark: 'рядки Укр.сліду',
  order: 'замовлення (разові й підписки)',
  charge: 'платежі',
  diary: 'записи щоденника',
  exercise: 'домашні завдання',
  comment: 'коментарі до домашніх',
  message: 'повідомлення чату',
  file: 'файли',
} as const;
export type Kind = keyof typeof KINDS;

/** Ids named per reason, at most this many: the report stays short for an export of any size. */
const EXAMPLES = 5;

interface Tally {
  count: number;
  examples: string[];
}

function tally(map: Map<string, Tally>, key: string, example?: string): void {
  const entry = map.get(key) ?? { count: 0, examples: [] };
  entry.count += 1;
  if (example !== undefined && entry.examples.length < EXAMPLES) entry.examples.push(example);
  map.set(key, entry);
}

export class ImportReport {
  readonly added = new Map<Kind, number>();
  readonly present = new Map<Kind, number>();
  /** Records left out: data that would be lost. */
  readonly skipped = new Map<string, Tally>();
  /** Imported, but with something to know: a relation left out, a link kept, a total that differs. */
  readonly notes = new Map<string, Tally>();
  readonly missingFiles: string[] = [];

  add(kind: Kind): void {
    this.added.set(kind, (this.added.get(kind) ?? 0) + 1);
  }

  /** Already imported by an earlier run: left as it is. */
  had(kind: Kind): void {
    this.present.set(kind, (this.present.get(kind) ?? 0) + 1);
  }

  skip(kind: Kind, reason: string, oldId?: string): void {
    tally(this.skipped, `${KINDS[kind]}: ${reason}`, oldId);
  }

  note(reason: string, detail?: string): void {
    tally(this.notes, reason, detail);
  }

  /** How many records would be lost: a dry run with any fails. */
  get losses(): number {
    let sum = 0;
    for (const entry of this.skipped.values()) sum += entry.count;
    return sum;
  }

  format(dryRun: boolean): string {
    const lines = [dryRun ? 'Пробний запуск: нічого не записано.' : 'Імпорт завершено.'];
    if (this.missingFiles.length) lines.push(`Немає файлів експорту: ${this.missingFiles.join(', ')}`);
    lines.push(dryRun ? 'Буде додано (уже було):' : 'Додано (уже було):');
    for (const [kind, label] of Object.entries(KINDS) as [Kind, string][]) {
      const added = this.added.get(kind) ?? 0;
      const present = this.present.get(kind) ?? 0;
      if (added || present) lines.push(`  ${label}: ${added} (${present})`);
    }
    const list = (title: string, map: Map<string, Tally>) => {
      if (map.size === 0) return;
      lines.push(title);
      for (const [reason, entry] of map) {
        const examples = entry.examples.length
          ? ` — ${entry.examples.join(', ')}${entry.count > entry.examples.length ? ', …' : ''}`
          : '';
        lines.push(`  ${reason}: ${entry.count}${examples}`);
      }
    };
    list(dryRun ? 'Буде пропущено (ці дані втратяться):' : 'Пропущено (ці дані не перенесено):', this.skipped);
    list('Зауваги:', this.notes);
    if (this.skipped.size === 0) lines.push('Нічого не втрачено.');
    return lines.join('\n');
  }
}
