import { type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './LineChart.module.css';

/** One line: its name, its colour as a theme token (`--color-primary`), and a value per x (null: no point). */
export interface LineSeries {
  label: string;
  token: string;
  values: readonly (number | null)[];
  /** Tint the area under the line (a single line reads better filled). */
  fill?: boolean;
}

interface LineChartProps {
  x: readonly number[];
  series: readonly LineSeries[];
  height: number;
  /** x are instants in seconds (uPlot's time scale) rather than plain numbers. */
  time?: boolean;
  /** The y axis's top, when the values have a known ceiling (a wave's size): small counts stay whole. */
  yMax?: number;
  /** How an x tick is written. */
  xLabel?: (value: number) => string;
  /** The sentence that says what the chart shows: the chart's text alternative, above it. */
  summary: ReactNode;
  /** A legend under the chart (for more than one line). */
  legend?: boolean;
  /** Beside the chart: a table of the same numbers, say. */
  children?: ReactNode;
}

/** A token's value on the element (the theme's colour), for the canvas, which reads no CSS. */
const token = (el: Element, name: string) => getComputedStyle(el).getPropertyValue(name).trim();

/**
 * Lines over x, drawn with uPlot, which is imported only when a chart is drawn, so no screen's
 * chunk carries it. The canvas is hidden from screen readers (the summary says what it shows),
 * keeps its height while uPlot loads (nothing jumps), and is drawn again when the width or the
 * theme changes. If uPlot cannot load (offline), the summary stays.
 */
export function LineChart({
  x,
  series,
  height,
  time = false,
  yMax,
  xLabel,
  summary,
  legend = false,
  children,
}: LineChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const summaryId = useId();

  useEffect(() => {
    const el = box.current;
    if (!el || x.length === 0) return;
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
        const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
        plot = new UPlot(
          {
            width: el.clientWidth,
            height,
            legend: { show: false },
            cursor: { show: false },
            scales: { x: { time }, ...(yMax === undefined ? {} : { y: { range: [0, Math.max(1, yMax)] } }) },
            axes: [
              { ...axis, ...(xLabel ? { values: (_: unknown, splits: number[]) => splits.map(xLabel) } : {}) },
              {
                ...axis,
                size: 48,
                // Counts are whole: no «0.5 learners» ticks on a small wave.
                ...(yMax === undefined ? {} : { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000] }),
              },
            ],
            series: [
              {},
              ...series.map((line) => {
                const stroke = token(el, line.token);
                // A canvas takes no color-mix(): the tokens are #rrggbb, so a 15 % tint is an alpha suffix.
                const fill = line.fill && /^#[0-9a-f]{6}$/i.test(stroke) ? `${stroke}26` : undefined;
                return { label: line.label, stroke, width: 2, fill };
              }),
            ],
          },
          [x as number[], ...series.map((line) => line.values as (number | null)[])],
          el,
        );
      } catch {
        // Offline or no canvas: the summary says what the chart would.
      }
    };
    draw();
    const resized =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => plot?.setSize({ width: el.clientWidth, height }));
    resized?.observe(el);
    dark?.addEventListener('change', draw);
    return () => {
      cancelled = true;
      resized?.disconnect();
      dark?.removeEventListener('change', draw);
      plot?.destroy();
    };
  }, [x, series, height, time, yMax, xLabel]);

  return (
    <figure className={styles.figure} aria-labelledby={summaryId}>
      <figcaption id={summaryId} className={styles.summary}>
        {summary}
      </figcaption>
      <div ref={box} className={styles.chart} style={{ minHeight: height }} aria-hidden="true" />
      {legend && (
        <ul className={styles.legend} aria-hidden="true">
          {series.map((line) => (
            <li key={line.label}>
              <span className={styles.swatch} style={{ background: `var(${line.token})` }} />
              {line.label}
            </li>
          ))}
        </ul>
      )}
      {children}
    </figure>
  );
}
