import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { checkArchitecture } from './check-architecture.mjs';

function tree(files) {
  const root = mkdtempSync(join(tmpdir(), 'arch-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

describe('architecture check', () => {
  let root;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('accepts a domain that imports only relative paths and decimal.js', () => {
    root = tree({
      'packages/domain/src/money.ts': "import { Decimal } from 'decimal.js';\nimport { x } from './x.js';\n",
      'packages/adapters-http/src/a.ts':
        "import express from 'express';\nimport { Money } from '@payout/domain';\n",
      'packages/app/src/container/c.ts':
        "import { Container } from 'inversify';\nimport '@payout/adapters-http';\n",
    });
    expect(checkArchitecture(root)).to.deep.equal([]);
  });

  it('rejects express imported into a domain file', () => {
    root = tree({ 'packages/domain/src/money.ts': "import express from 'express';\n" });
    expect(checkArchitecture(root))
      .to.have.length(1)
      .and.match(/money\.ts: 'express'/);
  });

  it('rejects Node built-ins in the domain, also through export-from and dynamic import', () => {
    root = tree({
      'packages/domain/src/a.ts': "export { randomUUID } from 'node:crypto';\n",
      'packages/domain/src/b.ts': "const fs = await import('node:fs');\n",
    });
    expect(checkArchitecture(root)).to.have.length(2);
  });

  it('rejects an adapter importing another adapter or the app', () => {
    root = tree({
      'packages/adapters-http/src/a.ts': "import { X } from '@payout/adapters-persistence';\n",
      'packages/adapters-rails/src/b.ts': "import { Y } from '@payout/app';\n",
      'packages/adapters-rails/src/c.ts': "import { Z } from '../../adapters-http/src/z.js';\n",
    });
    expect(checkArchitecture(root)).to.have.length(3);
  });

  it('rejects inversify outside the app package', () => {
    root = tree({ 'packages/adapters-http/src/a.ts': "import { injectable } from 'inversify';\n" });
    expect(checkArchitecture(root))
      .to.have.length(1)
      .and.match(/inversify/);
  });

  it('allows chai in domain test code only', () => {
    root = tree({
      'packages/domain/src/money.test.ts': "import { expect } from 'chai';\n",
      'packages/domain/src/money.ts': "import { expect } from 'chai';\n",
    });
    expect(checkArchitecture(root))
      .to.have.length(1)
      .and.match(/money\.ts:/);
  });

  it('rejects an import circle, a type-only import and a barrel included', () => {
    root = tree({
      'packages/adapters-persistence/src/queue/runner.ts': "import { claim } from './claims.js';\n",
      'packages/adapters-persistence/src/queue/claims.ts': "import type { Runner } from './index.js';\n",
      'packages/adapters-persistence/src/queue/index.ts': "export * from './runner.js';\n",
      'packages/adapters-persistence/src/queue/free.ts': "import { claim } from './claims.js';\n",
    });
    expect(checkArchitecture(root)).to.deep.equal([
      'import circle: packages/adapters-persistence/src/queue/claims.ts → packages/adapters-persistence/src/queue/index.ts → packages/adapters-persistence/src/queue/runner.ts',
    ]);
  });

  it('rejects source in packages/app outside config/, container/ and bin/, and accepts tests anywhere there', () => {
    root = tree({
      'packages/app/src/index.ts': "export * from './bin/index.js';\n",
      'packages/app/src/observability/x.reporter.ts': 'export const x = 1;\n',
      'packages/app/src/bin/start.ts': 'export const start = 1;\n',
      'packages/app/src/config/config.ts': 'export const config = 1;\n',
      'packages/app/src/container/core.module.ts': 'export const core = 1;\n',
      'packages/app/src/service/wired.int.test.ts': 'export const wired = 1;\n',
      'packages/app/src/service/api-service.fixture.ts': 'export const api = 1;\n',
      'packages/app/src/e2e/support/service.world.ts': 'export const world = 1;\n',
      'packages/adapters-http/src/server/http-server.ts': 'export const server = 1;\n',
    });
    expect(checkArchitecture(root)).to.have.members([
      'packages/app/src/index.ts: packages/app/src holds only config/, container/ and bin/ (and tests)',
      'packages/app/src/observability/x.reporter.ts: packages/app/src holds only config/, container/ and bin/ (and tests)',
    ]);
  });

  it('accepts imports that only converge', () => {
    root = tree({
      'packages/domain/src/a.ts': "import { b } from './b.js';\nimport { c } from './c.js';\n",
      'packages/domain/src/b.ts': "import { c } from './c.js';\n",
      'packages/domain/src/c.ts': 'export const c = 1;\n',
    });
    expect(checkArchitecture(root)).to.deep.equal([]);
  });
});
