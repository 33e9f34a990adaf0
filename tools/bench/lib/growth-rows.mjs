// The growth rows of the bench report: the large point against the small one, measured before and after it.
import { row, targets } from './report-row.mjs';

const mean = (a, b) => (a + b) / 2;

/** The label of a growth point, the repeated small one marked as such. */
export const storedLabel = (point) =>
  `${point.label} stored${point.again ? ', measured again after the large point' : ''}`;

/**
 * The large point against the small one; where the small point was measured again after the large one (see
 * measureGrowth), against the mean of the two, with the repeat beside the first as the phase's drift.
 */
export function growthRows(growth) {
  const [small, large] = growth.filter((point) => !point.again);
  const repeat = growth.find((point) => point.again);
  const rows = [];
  if (!small) return rows;
  rows.push(row(`Withdrawal p50, ${small.label} stored`, small.latencyMs.p50, 'ms', 'reference', null, null));
  if (repeat)
    rows.push(
      row(
        `Withdrawal p50, ${storedLabel(repeat)} (drift)`,
        repeat.latencyMs.p50,
        'ms',
        `p50 at ${small.label}, before`,
        small.latencyMs.p50,
        null,
      ),
    );
  if (!large) return rows;
  const reference = (value) => (repeat ? mean(value(small), value(repeat)) : value(small));
  const referenceName = repeat
    ? `${small.label} and ${repeat.label}, the mean of before and after`
    : small.label;
  rows.push(
    row(
      `Withdrawal p50, ${large.label} stored`,
      large.latencyMs.p50,
      'ms',
      `p50 at ${referenceName}`,
      reference((point) => point.latencyMs.p50),
      targets.ratioAtMost(1.2),
    ),
  );
  if (small.warmup?.latencyMs && large.warmup?.latencyMs)
    rows.push(
      row(
        `Withdrawal p50, ${large.label} stored, during its warm-up`,
        large.warmup.latencyMs.p50,
        'ms',
        `warm-up at ${small.label}`,
        small.warmup.latencyMs.p50,
        null,
      ),
    );
  if (small.cpu && large.cpu && (!repeat || repeat.cpu))
    for (const [side, key] of [
      ['Service', 'servicePerRequestMs'],
      ['PostgreSQL', 'postgresPerRequestMs'],
    ])
      rows.push(
        row(
          `${side} CPU per withdrawal, ${large.label} stored`,
          large.cpu[key],
          'ms',
          `at ${referenceName}`,
          reference((point) => point.cpu[key]),
          null,
        ),
      );
  return rows;
}
