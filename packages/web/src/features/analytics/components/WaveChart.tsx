import { kyivDaysBetween, type WaveDay } from '@yedyni/contract';
import { useEffect, useId, useRef } from 'react';
import { analyticsTexts as t } from '../texts';
import styles from './WaveChart.module.css';

const HEIGHT = 220;
const SERIES = ['opened', 'selfTest', 'diary', 'homework'] as const;
/** Each line's theme colour (a token: the canvas reads it when drawing), and the legend's. */
const COLOURS: Record<(typeof SERIES)[number], string> = {
  opened: '--color-primary',
  selfTest: '--color-accent',
  diary: '--color-success',
  homework: '--color-danger',
};

const token = (el: Element, name: string) => getComputedStyle(el).getPropertyValue(name).trim();

/**
 * The wave's four series over lessons 1–28. uPlot is imported when the chart is drawn (the
 * pattern of progress's FootprintChart), so the console's chunk does not carry it. The canvas is
 * hidden from screen readers: the sentence says what it shows and the table beside it has the
 * numbers. Drawn again when the width or the theme changes.
 */
export function WaveChart({ days, size, waveStart }: { days: readonly WaveDay[]; size: number; waveStart: number }) {
  const box = useRef<HTMLDivElement>(null);
  const summaryId = useId();

  useEffect(() => {
    const el = box.current;
    if (!el || days.length === 0) return;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let cancelled = false;
    const dark = window.matchMedia?.('(prefers-color-scheme: dark)');
    const today = kyivDaysBetween(waveStart, Date.now()) + 1;
    const draw = async () => {
      try {
        const [{ default: UPlot }] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
        if (cancelled) return;
        plot?.destroy();
        const ink = token(el, '--color-muted');
        const grid = token(el, '--color-border');
        const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
        plot = new UPlot(
          {
            width: el.clientWidth,
            height: HEIGHT,
            legend: { show: false },
            cursor: { show: false },
            scales: { x: { time: false } },
            axes: [
              { ...axis, values: (_, splits) => splits.map((s) => (Number.isInteger(s) ? String(s) : '')) },
              { ...axis, size: 48 },
            ],
            series: [{}, ...SERIES.map((key) => ({ label: t.series[key], stroke: token(el, COLOURS[key]), width: 2 }))],
          },
          // Lessons after today's have no line yet (a drop to zero would read as everyone leaving).
          [days.map((d) => d.day), ...SERIES.map((key) => days.map((d) => (d.day <= today ? d[key] : null)))],
          el,
        );
      } catch {
        // Offline or no canvas: the sentence and the table say what the chart would.
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
  }, [days, waveStart]);

  return (
    <figure className={styles.figure} aria-labelledby={summaryId}>
      <figcaption id={summaryId} className={styles.summary}>
        {t.chartSummary(size, days[0]?.opened ?? 0)}
      </figcaption>
      <div ref={box} className={styles.chart} aria-hidden="true" />
      <ul className={styles.legend} aria-hidden="true">
        {SERIES.map((key) => (
          <li key={key}>
            <span className={styles.swatch} style={{ background: `var(${COLOURS[key]})` }} />
            {t.series[key]}
          </li>
        ))}
      </ul>
    </figure>
  );
}
