import { formatDay, kyivDateRange, kyivIsoDate } from '@yedyni/contract';
import { useEffect, useId, useRef } from 'react';
import { progressTexts as t } from '../texts';
import styles from './FootprintChart.module.css';

interface FootprintChartProps {
  /** The footprint at the end of each Kyiv day, oldest first. */
  points: readonly { date: string; total: number }[];
}

const HEIGHT = 180;

/** A token's value on the element (the theme's colour), for the canvas, which reads no CSS. */
const token = (el: Element, name: string) => getComputedStyle(el).getPropertyValue(name).trim();

/** '07.03' of a Kyiv day's midnight in seconds (uPlot's unit). */
const shortDate = (seconds: number) => {
  const [, month, day] = kyivIsoDate(seconds * 1000).split('-');
  return `${day}.${month}`;
};

/**
 * The footprint over time as a line. uPlot is imported here, when the chart is drawn, so neither
 * the progress screen's chunk nor any other carries it. The sentence above the chart says what it
 * shows; the canvas itself is hidden from screen readers. Drawn again when the width or the theme
 * changes; if uPlot cannot load (offline), the sentence stays.
 */
export function FootprintChart({ points }: FootprintChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const summaryId = useId();
  const first = points[0];
  const last = points.at(-1);

  useEffect(() => {
    const el = box.current;
    if (!el || points.length === 0) return;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let cancelled = false;
    const dark = window.matchMedia?.('(prefers-color-scheme: dark)');
    const draw = async () => {
      try {
        const [{ default: UPlot }] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
        if (cancelled) return;
        plot?.destroy();
        const ink = token(el, '--color-muted');
        const grid = token(el, '--color-border');
        const line = token(el, '--color-primary');
        const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
        plot = new UPlot(
          {
            width: el.clientWidth,
            height: HEIGHT,
            legend: { show: false },
            cursor: { show: false },
            scales: { x: { time: true } },
            axes: [
              { ...axis, values: (_, splits) => splits.map(shortDate) },
              { ...axis, size: 48 },
            ],
            // A canvas takes no color-mix(): the tokens are #rrggbb, so a 15 % tint is an alpha suffix.
            series: [{}, { stroke: line, width: 2, fill: /^#[0-9a-f]{6}$/i.test(line) ? `${line}26` : undefined }],
          },
          [points.map((p) => kyivDateRange(p.date).start / 1000), points.map((p) => p.total)],
          el,
        );
      } catch {
        // Offline or no canvas: the summary sentence says what the chart would.
      }
    };
    draw();
    const resized =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => plot?.setSize({ width: el.clientWidth, height: HEIGHT }));
    resized?.observe(el);
    dark?.addEventListener('change', draw);
    return () => {
      cancelled = true;
      resized?.disconnect();
      dark?.removeEventListener('change', draw);
      plot?.destroy();
    };
  }, [points]);

  return (
    <figure className={styles.figure} aria-labelledby={summaryId}>
      <figcaption id={summaryId} className={styles.summary}>
        {first && last ? t.footprintSummary(first.total, last.total, formatDay(kyivDateRange(first.date).start)) : null}
      </figcaption>
      <div ref={box} className={styles.chart} aria-hidden="true" />
    </figure>
  );
}
