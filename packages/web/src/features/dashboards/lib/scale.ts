/**
 * The y axis of a chart drawn by hand: a round top at or above `max` and the ticks up to it, in steps of
 * 1, 2 or 5 times a power of ten (at most `count` steps). Counts are whole, so steps are at least 1.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power);
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= top + step / 2; value += step) ticks.push(Math.round(value * 1e6) / 1e6);
  return ticks;
}

/** Which x labels to write when there are more than fit: every nth, always the last. */
export function labelEvery(count: number, room: number): number {
  return count <= room ? 1 : Math.ceil(count / room);
}
