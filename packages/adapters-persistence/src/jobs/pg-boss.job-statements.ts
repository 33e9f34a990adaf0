import type { PgBoss } from 'pg-boss';
import type { JobStatement, JobStatements, PendingJob } from './job-statements.js';

/**
 * pg-boss's own insert statement for each queue's jobs, obtained through pg-boss's documented `db` adapter and
 * held for the unit of work's batch instead of being run at once. The statement takes its jobs as one JSON
 * parameter, `$1`.
 */
export class PgBossJobStatements implements JobStatements {
  constructor(private readonly boss: PgBoss) {}

  async statementsFor(jobs: readonly PendingJob[]): Promise<readonly JobStatement[]> {
    const byQueue = new Map<string, PendingJob[]>();
    for (const pending of jobs)
      byQueue.set(pending.job.name, [...(byQueue.get(pending.job.name) ?? []), pending]);
    const statements: JobStatement[] = [];
    for (const [name, queued] of byQueue) {
      statements.push({
        ...(await this.insertStatement(name, queued)),
        check: (rowCount) => {
          if (rowCount !== queued.length)
            throw new Error(`pg-boss inserted ${rowCount} of ${queued.length} ${name} jobs`);
        },
      });
    }
    return statements;
  }

  private async insertStatement(name: string, queued: readonly PendingJob[]): Promise<JobStatement> {
    const calls: Array<{ text: string; values: readonly unknown[] }> = [];
    const db = {
      executeSql: async (text: string, values: unknown[] = []) => {
        calls.push({ text, values });
        return { rows: [] };
      },
    };
    const inserts = queued.map(({ job, options }) => ({
      data: { ...job },
      ...(options.startAfter ? { startAfter: options.startAfter.toISOString() } : {}),
    }));
    await this.boss.insert(name, inserts, { db, returnId: true });
    const [call, ...more] = calls;
    const parameter = call?.values[0];
    if (!call || more.length > 0 || call.values.length !== 1 || typeof parameter !== 'string')
      throw new Error('pg-boss insert no longer runs one statement with its jobs as the single parameter');
    if (call.text.split('$1').length !== 2)
      throw new Error('pg-boss insert no longer names its jobs $1 once');
    return { text: call.text, values: [parameter] };
  }
}
