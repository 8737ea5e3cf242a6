import type { RoyaltyRateChange } from '@hls/contract';

/** Where a change stands today: scheduled, in force (the latest started one of its format), or replaced. */
export function changeStanding(
  change: RoyaltyRateChange,
  changes: RoyaltyRateChange[],
  now: number = Date.now(),
): 'scheduled' | 'inForce' | 'replaced' {
  const from = Date.parse(change.effectiveFrom);
  if (from > now) return 'scheduled';
  const newerStarted = changes.some(
    (other) =>
      other.format === change.format &&
      other.id !== change.id &&
      Date.parse(other.effectiveFrom) <= now &&
      (Date.parse(other.effectiveFrom) > from ||
        (Date.parse(other.effectiveFrom) === from && other.id > change.id)),
  );
  return newerStarted ? 'replaced' : 'inForce';
}
