import { formatDay, kyivDateRange, kyivIsoDate } from '@yedyni/contract';
import { useMemo } from 'react';
import { LineChart } from '../../../shared/ui/LineChart';
import { progressTexts as t } from '../texts';

interface FootprintChartProps {
  /** The footprint at the end of each Kyiv day, oldest first. */
  points: readonly { date: string; total: number }[];
}

/** '07.03' of a Kyiv day's midnight in seconds (uPlot's unit). */
const shortDate = (seconds: number) => {
  const [, month, day] = kyivIsoDate(seconds * 1000).split('-');
  return `${day}.${month}`;
};

/** The footprint over time as one filled line; the sentence above says where it started and where it is. */
export function FootprintChart({ points }: FootprintChartProps) {
  const first = points[0];
  const last = points.at(-1);
  const x = useMemo(() => points.map((p) => kyivDateRange(p.date).start / 1000), [points]);
  const series = useMemo(
    () => [{ label: t.footprint, token: '--color-primary', values: points.map((p) => p.total), fill: true }],
    [points],
  );
  return (
    <LineChart
      x={x}
      series={series}
      height={180}
      time
      xLabel={shortDate}
      summary={
        first && last ? t.footprintSummary(first.total, last.total, formatDay(kyivDateRange(first.date).start)) : null
      }
    />
  );
}
