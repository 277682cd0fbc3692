import { kyivDaysBetween, type WaveDay } from '@yedyni/contract';
import { useMemo } from 'react';
import { LineChart } from '../../../shared/ui/LineChart';
import { analyticsTexts as t } from '../texts';

/** The four things counted per lesson, in the chart's and the table's order. */
export const SERIES = ['opened', 'selfTest', 'diary', 'homework'] as const;
/** Each line's theme colour: the canvas reads the token when drawing, the legend shows it. */
const COLOURS: Record<(typeof SERIES)[number], string> = {
  opened: '--color-primary',
  selfTest: '--color-accent',
  diary: '--color-success',
  homework: '--color-danger',
};

/** The wave's four series over lessons 1–28, with a legend; the table beside it has the numbers. */
export function WaveChart({ days, size, waveStart }: { days: readonly WaveDay[]; size: number; waveStart: number }) {
  const x = useMemo(() => days.map((d) => d.day), [days]);
  const series = useMemo(() => {
    const today = kyivDaysBetween(waveStart, Date.now()) + 1;
    return SERIES.map((key) => ({
      label: t.series[key],
      token: COLOURS[key],
      // Lessons after today's have no line yet (a drop to zero would read as everyone leaving).
      values: days.map((d) => (d.day <= today ? d[key] : null)),
    }));
  }, [days, waveStart]);
  return (
    <LineChart
      x={x}
      series={series}
      height={220}
      yMax={size}
      xLabel={wholeLesson}
      legend
      summary={t.chartSummary(size, days[0]?.opened ?? 0)}
    />
  );
}

const wholeLesson = (value: number) => (Number.isInteger(value) ? String(value) : '');
