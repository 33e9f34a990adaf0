/** `required: false`: the process serves without it (reported, but /readyz stays 200). */
export type ReadinessReport = Record<string, { ok: boolean; detail?: string; required?: boolean }>;

export type ReadinessStatus = 'ready' | 'degraded' | 'unavailable';

/** A check counts against readiness unless marked `required: false`. */
const blocks = (check: ReadinessReport[string]) => !check.ok && check.required !== false;

/**
 * 503 `unavailable` when a required check fails; 200 `degraded` when only optional ones do (Redis: rate limiting
 * falls back in process), so a load balancer or an orchestrator keeps the process; else `ready`.
 */
export function readinessOf(checks: ReadinessReport): { httpStatus: number; status: ReadinessStatus } {
  const all = Object.values(checks);
  const status = all.some(blocks) ? 'unavailable' : all.every((c) => c.ok) ? 'ready' : 'degraded';
  return { httpStatus: status === 'unavailable' ? 503 : 200, status };
}

/** Runs `readiness`, a throw counting as a failed required check. */
export async function checkReadiness(
  readiness: () => Promise<ReadinessReport>,
  onThrow: (error: unknown) => void,
): Promise<{ httpStatus: number; body: { status: ReadinessStatus; checks: ReadinessReport } }> {
  let checks: ReadinessReport;
  try {
    checks = await readiness();
  } catch (error) {
    onThrow(error);
    checks = { readiness: { ok: false, detail: 'readiness check failed' } };
  }
  const { httpStatus, status } = readinessOf(checks);
  return { httpStatus, body: { status, checks } };
}
