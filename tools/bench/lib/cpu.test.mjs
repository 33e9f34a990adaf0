import { expect } from 'chai';
import pg from 'pg';
import { cpuMsFromStat, machineCpuMs, nameFromStat, postgresBackends, threadCpuMs } from './cpu.mjs';

describe('bench CPU accounting', () => {
  it('reads utime and stime after the command, even when the command has spaces and parentheses', () => {
    const stat = '4242 (postgres: 15/main (x) db) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 37 0 0 20 0 1 0';
    expect(cpuMsFromStat(stat)).to.equal((250 + 37) * 10);
  });

  it('names a thread from its stat line, parentheses and spaces included', () => {
    expect(nameFromStat('4242 (V8 (Worker) 1) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 37')).to.equal(
      'V8 (Worker) 1',
    );
  });

  it('reads every thread of a live process, and nothing of one that is gone', () => {
    const byTid = threadCpuMs(process.pid);
    expect(byTid.has(String(process.pid)), 'the main thread, whose id is the pid').to.equal(true);
    expect(byTid.size, 'and V8 and libuv helpers').to.be.above(1);
    const threads = [...byTid.values()];
    expect(threads.every((thread) => Number.isInteger(thread.ms) && thread.ms >= 0)).to.equal(true);
    expect(threadCpuMs(2 ** 30).size).to.equal(0);
  });

  it('counts idle and iowait as not busy', () => {
    const procStat = 'cpu  100 5 50 800 40 3 2 0 0 0\ncpu0 50 2 25 400 20 1 1 0 0 0\n';
    expect(machineCpuMs(procStat)).to.deep.equal({ busy: (100 + 5 + 50 + 3 + 2) * 10, total: 1000 * 10 });
  });

  it('finds the backends of a database, reading each process’s title once per meter', async () => {
    const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT pg_backend_pid() AS pid, current_database() AS database');
      const pid = String(rows[0].pid);
      const seen = new Map();
      const backends = postgresBackends(rows[0].database, seen);
      expect(backends.get(pid), 'this client’s backend, with its CPU').to.be.a('number');
      expect(seen.get(pid)).to.equal(true);
      expect(seen.get(String(process.pid)), 'this process, looked at and not a backend').to.equal(false);
      seen.set(pid, false);
      expect(
        postgresBackends(rows[0].database, seen).has(pid),
        'what a meter has seen is not read again',
      ).to.equal(false);
      // A backend just forked shows the postmaster's command line until it knows its database: never remembered.
      const elsewhere = new Map();
      postgresBackends(`${rows[0].database}_elsewhere`, elsewhere);
      expect(elsewhere.has(pid), 'a backend of another database is read again next time').to.equal(false);
      expect(
        elsewhere.get(String(process.pid)),
        'a process that is no PostgreSQL one is remembered',
      ).to.equal(false);
    } finally {
      await client.end();
    }
  });
});
