import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoyaltyFormat, RoyaltyMonth } from '@hls/contract';
import { formatMoney } from '@/lib/money';
import { CHART_MONTHS, continuousMonths, formatsWithEarnings, monthTotal } from '../months';
import type { DrawnChart } from '../chart/draw-earnings-chart';
import { formatMonth } from '../format';

/** One colour per format, the same in the bars and the legend (contrast ≥ 3:1 on white). */
const formatColors: Record<RoyaltyFormat, string> = {
  paper: '#1d4e89',
  ebook: '#b45309',
  professional_file: '#6d28d9',
};

const CHART_HEIGHT = 240;

/** A canvas is there to draw on (not in a test's DOM, nor in a browser refusing it). */
function canDraw(): boolean {
  try {
    return !!document.createElement('canvas').getContext('2d');
  } catch {
    return false;
  }
}

type ChartProps = { monthly: RoyaltyMonth[]; locale: string };

/**
 * Royalties per month and format as grouped bars. uPlot comes with this screen only (a dynamic import); the
 * canvas is hidden from assistive technologies, which get a summary and the figures as a table.
 */
export function EarningsChart({ monthly, locale }: ChartProps) {
  const { t } = useTranslation('royalties');
  const months = continuousMonths(monthly);
  const shown = months.slice(-CHART_MONTHS);
  const formats = formatsWithEarnings(months);
  const target = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // The drawing depends on the figures and the language only: a new array of the same figures draws nothing.
  const key = JSON.stringify({ shown, formats, locale });

  useEffect(() => {
    const element = target.current;
    if (!element || shown.length === 0 || !canDraw()) return;
    let chart: DrawnChart | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    const amount = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'EUR',
      maximumFractionDigits: 0,
    });
    import('../chart/draw-earnings-chart')
      .then(({ drawEarningsChart }) => {
        if (cancelled) return;
        element.replaceChildren();
        chart = drawEarningsChart(element, {
          months: shown.map((m) => formatMonth(m.month, locale, 'short')),
          series: formats.map((format) => ({
            label: t(`formats.${format}`),
            color: formatColors[format],
            values: shown.map((m) => m[format]),
          })),
          formatAmount: (cents) => amount.format(cents / 100),
          width: element.clientWidth || 600,
          height: CHART_HEIGHT,
        });
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(([entry]) => {
            const width = Math.floor(entry?.contentRect.width ?? 0);
            if (width > 0) chart?.resize(width);
          });
          observer.observe(element);
        }
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the figures drawn
  }, [key]);

  if (months.length === 0) return <p className="roy-muted">{t('chart.empty')}</p>;

  const total = months.reduce((sum, m) => sum + monthTotal(m), 0);
  const best = months.reduce((a, b) => (monthTotal(b) > monthTotal(a) ? b : a));
  const first = months[0]!;
  const last = months.at(-1)!;
  const summary = t('chart.summary', {
    from: formatMonth(first.month, locale),
    to: formatMonth(last.month, locale),
    total: formatMoney(total, locale),
    best: formatMonth(best.month, locale),
    bestAmount: formatMoney(monthTotal(best), locale),
  });

  return (
    <figure className="roy-chart">
      <figcaption className="roy-chart__summary">{summary}</figcaption>
      <ul className="roy-chart__legend" aria-label={t('chart.legend')}>
        {formats.map((format) => (
          <li key={format}>
            <span
              className="roy-chart__swatch"
              style={{ background: formatColors[format] }}
              aria-hidden="true"
            />
            {t(`formats.${format}`)}
            <span className="roy-chart__legend-total">
              {formatMoney(
                months.reduce((sum, m) => sum + m[format], 0),
                locale,
              )}
            </span>
          </li>
        ))}
      </ul>
      {failed ? (
        <p className="roy-muted">{t('chart.unavailable')}</p>
      ) : (
        <div
          className="roy-chart__canvas"
          ref={target}
          aria-hidden="true"
          style={{ minHeight: CHART_HEIGHT }}
        />
      )}
      {months.length > shown.length && (
        <p className="roy-muted">{t('chart.lastMonths', { count: shown.length })}</p>
      )}
      {/* A table cannot be clipped (overflow does not apply to it): its wrapper is. */}
      <div className="visually-hidden">
        <table>
          <caption>{t('chart.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.month')}</th>
              {formats.map((format) => (
                <th key={format} scope="col">
                  {t(`formats.${format}`)}
                </th>
              ))}
              <th scope="col">{t('chart.total')}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{formatMonth(m.month, locale)}</th>
                {formats.map((format) => (
                  <td key={format}>{formatMoney(m[format], locale)}</td>
                ))}
                <td>{formatMoney(monthTotal(m), locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
