import { useId } from "react";
import type { ChartData } from "../lib/weeks";
import { labelEvery, niceTicks } from "../lib/scale";

/**
 * Bar and line charts drawn as plain SVG (docs/decisions.md: no chart library; these pages need two kinds of
 * chart over a few dozen points). The picture is one image with the chart's title as its name and a short
 * summary as its description; the numbers themselves are in the chart's table view, the accessible
 * alternative, and each bar or point repeats its value in a tooltip.
 */

/** Colours that keep a 3:1 contrast on white and apart from each other (series beyond six reuse them). */
export const SERIES_COLOURS = ["#0f4c81", "#c2410c", "#15803d", "#7e22ce", "#b91c1c", "#0e7490"];

const WIDTH = 480;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 30, left: 40 };

export interface SvgChartProps {
  kind: "bar" | "line";
  data: ChartData;
  /** the chart's title: the image's accessible name */
  title: string;
  /** a sentence saying what the picture shows, for assistive technology */
  summary: string;
  xLabel: (value: string) => string;
  formatNumber: (value: number) => string;
}

export function SvgChart({ kind, data, title, summary, xLabel, formatNumber }: SvgChartProps) {
  const id = useId();
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  // bars stack the series of one x; lines each go their own way
  const totals = data.x.map((_, index) => data.series.reduce((total, series) => total + (series.values[index] ?? 0), 0));
  const highest = kind === "bar" ? Math.max(0, ...totals) : Math.max(0, ...data.series.flatMap((series) => series.values));
  const ticks = niceTicks(highest);
  const top = ticks[ticks.length - 1]!;
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const band = data.x.length ? plotWidth / data.x.length : plotWidth;
  const xCentre = (index: number) => PAD.left + band * index + band / 2;
  const every = labelEvery(data.x.length, 10);

  return (
    <figure className="flex flex-col gap-2">
      <svg role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" data-chart-kind={kind}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks.map((tick) => (
          <g key={tick} aria-hidden="true">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke={tick === 0 ? "#64748b" : "#e2e8f0"} />
            <text x={PAD.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize="12" fill="#475569">
              {formatNumber(tick)}
            </text>
          </g>
        ))}
        {data.x.map((value, index) =>
          index % every === 0 || index === data.x.length - 1 ? (
            <text key={value} aria-hidden="true" x={xCentre(index)} y={HEIGHT - PAD.bottom + 16} textAnchor="middle" fontSize="12" fill="#475569">
              {xLabel(value)}
            </text>
          ) : null,
        )}
        {kind === "bar" ? <Bars data={data} y={y} band={band} xCentre={xCentre} xLabel={xLabel} formatNumber={formatNumber} /> : <Lines data={data} y={y} xCentre={xCentre} xLabel={xLabel} formatNumber={formatNumber} />}
      </svg>
      {data.series.length > 1 || kind === "line" ? (
        <figcaption>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
            {data.series.map((series, index) => (
              <li key={series.key} className="inline-flex items-center gap-1.5">
                <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ backgroundColor: SERIES_COLOURS[index % SERIES_COLOURS.length] }} />
                {series.label}
              </li>
            ))}
          </ul>
        </figcaption>
      ) : null}
    </figure>
  );
}

interface PartProps {
  data: ChartData;
  y: (value: number) => number;
  xCentre: (index: number) => number;
  xLabel: (value: string) => string;
  formatNumber: (value: number) => string;
}

function Bars({ data, y, band, xCentre, xLabel, formatNumber }: PartProps & { band: number }) {
  const width = Math.max(2, Math.min(48, band * 0.6));
  return (
    <g>
      {data.x.map((value, index) => {
        let base = 0;
        return (
          <g key={value}>
            {data.series.map((series, seriesIndex) => {
              const amount = series.values[index] ?? 0;
              if (!amount) return null;
              const from = base;
              base += amount;
              return (
                <rect key={series.key} x={xCentre(index) - width / 2} y={y(base)} width={width} height={Math.max(0, y(from) - y(base))} fill={SERIES_COLOURS[seriesIndex % SERIES_COLOURS.length]}>
                  <title>{`${xLabel(value)} · ${series.label}: ${formatNumber(amount)}`}</title>
                </rect>
              );
            })}
          </g>
        );
      })}
    </g>
  );
}

function Lines({ data, y, xCentre, xLabel, formatNumber }: PartProps) {
  return (
    <g>
      {data.series.map((series, seriesIndex) => {
        const colour = SERIES_COLOURS[seriesIndex % SERIES_COLOURS.length];
        const points = series.values.map((amount, index) => `${xCentre(index)},${y(amount)}`).join(" ");
        return (
          <g key={series.key}>
            <polyline points={points} fill="none" stroke={colour} strokeWidth="2.5" strokeLinejoin="round" strokeDasharray={seriesIndex % 2 ? "6 4" : undefined} />
            {series.values.map((amount, index) => (
              <circle key={data.x[index]} cx={xCentre(index)} cy={y(amount)} r="3.5" fill="#fff" stroke={colour} strokeWidth="2">
                <title>{`${xLabel(data.x[index]!)} · ${series.label}: ${formatNumber(amount)}`}</title>
              </circle>
            ))}
          </g>
        );
      })}
    </g>
  );
}
