import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type ChartSeries = { label: string; color: string; values: number[] };

export type ChartInput = {
  /** Axis labels of the months, in order. */
  months: string[];
  series: ChartSeries[];
  /** An amount in cents as the axis shows it. */
  formatAmount: (cents: number) => string;
  width: number;
  height: number;
};

export type DrawnChart = { resize: (width: number) => void; destroy: () => void };

/** Bars of one month sit side by side within this share of the month's width. */
const GROUP_WIDTH = 0.8;

/**
 * Draws grouped bars (one per format, per month) with uPlot, which draws bars per x value: each month gets one
 * x slot per series, around the month's index, and a series has values only in its own slots.
 */
export function drawEarningsChart(target: HTMLElement, input: ChartInput): DrawnChart {
  const { months, series, formatAmount } = input;
  const count = Math.max(series.length, 1);
  const slot = GROUP_WIDTH / count;
  const xs: number[] = [];
  const ys: (number | null)[][] = series.map(() => []);
  months.forEach((_month, monthIndex) => {
    series.forEach((s, seriesIndex) => {
      xs.push(monthIndex + (seriesIndex - (count - 1) / 2) * slot);
      ys.forEach((column, i) => column.push(i === seriesIndex ? (s.values[monthIndex] ?? 0) : null));
    });
  });
  const all = series.flatMap((s) => s.values);
  const max = Math.max(0, ...all);
  const min = Math.min(0, ...all);
  const span = max - min || 100;

  const options: uPlot.Options = {
    width: input.width,
    height: input.height,
    legend: { show: false },
    cursor: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      x: { time: false, range: () => [-0.5, Math.max(months.length - 0.5, 0.5)] },
      y: { range: () => [min < 0 ? min - span * 0.1 : 0, max + span * 0.1] },
    },
    axes: [
      {
        stroke: '#535d70',
        grid: { show: false },
        ticks: { show: false },
        // One label per month, fewer when they would not fit.
        splits: (chart) => {
          const every = Math.max(
            1,
            Math.ceil((months.length * 64) / Math.max(chart.bbox.width / uPlot.pxRatio, 1)),
          );
          return months.map((_m, i) => i).filter((i) => i % every === 0);
        },
        values: (_chart, splits) => splits.map((i) => months[i] ?? ''),
      },
      {
        stroke: '#535d70',
        size: 72,
        grid: { stroke: '#ddd7ca', width: 1 },
        ticks: { show: false },
        values: (_chart, splits) => splits.map((cents) => formatAmount(cents)),
      },
    ],
    series: [
      {},
      ...series.map((s) => ({
        label: s.label,
        stroke: s.color,
        fill: s.color,
        width: 0,
        points: { show: false },
        paths: uPlot.paths.bars!({ size: [0.9, 48, 2], align: 0 }),
      })),
    ],
  };
  const chart = new uPlot(options, [xs, ...ys] as uPlot.AlignedData, target);
  return {
    resize: (width) => chart.setSize({ width, height: input.height }),
    destroy: () => chart.destroy(),
  };
}
