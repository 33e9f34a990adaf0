// One row of the bench report: a figure, its baseline from the same run, their ratio, the target and
// whether it was met. Targets are reported, never asserted.

export const at = (value, digits = 2) =>
  value === null || value === undefined ? null : Number(value.toFixed(digits));

export const targets = {
  ratioAtLeast: (x) => ({ text: `≥ ${x} × baseline`, met: (row) => row.ratio !== null && row.ratio >= x }),
  ratioAtMost: (x) => ({ text: `≤ ${x} × baseline`, met: (row) => row.ratio !== null && row.ratio <= x }),
  valueAtMost: (limit, unit) => ({
    text: `≤ ${limit} ${unit}`,
    met: (row) => row.value !== null && row.value <= limit,
  }),
  valueBelow: (limit, unit) => ({
    text: `< ${limit} ${unit}`,
    met: (row) => row.value !== null && row.value < limit,
  }),
};

export function row(figure, value, unit, baselineName, baseline, target) {
  const exactRatio = value !== null && baseline ? value / baseline : null;
  const out = { figure, value: at(value), unit, baselineName, baseline: at(baseline), ratio: at(exactRatio) };
  out.target = target?.text ?? null;
  // Judged on the unrounded figures: 1.203 shown as 1.2 has still missed "≤ 1.2".
  out.met = target ? target.met({ value, ratio: exactRatio }) : null;
  return out;
}
