import { expect } from 'chai';
import { linksFor } from './previous-release.build.js';

const pkg = (version: string) => ({ version, integrity: `sha512-${version}` });

describe("the previous release's packages, linked to this checkout's", () => {
  // `knex` and `pg` are installed in this checkout; `not-installed-here` is not.
  const current = {
    '': {},
    'node_modules/@payout/app': { link: true, resolved: 'packages/app' },
    'node_modules/knex': pkg('3.3.0'),
    'node_modules/knex/node_modules/commander': pkg('10.0.0'),
    'node_modules/pg': pkg('8.23.1'),
    'node_modules/jose': pkg('6.2.18'),
  };

  it('links every package it pins that this checkout holds in the same version, and its own workspaces', () => {
    const release = {
      '': {},
      'packages/app': { version: '0.1.0' },
      'node_modules/@payout/app': { link: true, resolved: 'packages/app' },
      'node_modules/knex': pkg('3.3.0'),
      'node_modules/knex/node_modules/commander': pkg('10.0.0'),
      'node_modules/pg': pkg('8.23.1'),
    };
    const { links, misfits } = linksFor(release, current);
    expect(misfits).to.deep.equal([]);
    expect([...links.keys()].sort()).to.deep.equal([
      'node_modules/@payout/app',
      'node_modules/knex',
      'node_modules/pg',
    ]);
    expect(links.get('node_modules/@payout/app'), "its own package, not this checkout's").to.equal(
      'packages/app',
    );
    expect(links.get('node_modules/knex')).to.match(/\/node_modules\/knex$/);
  });

  it('names what differs: another version, a package missing here, a dependency nested differently', () => {
    const release = {
      'node_modules/knex': pkg('3.3.0'),
      'node_modules/pg': pkg('8.20.0'),
      'node_modules/not-installed-here': pkg('1.0.0'),
    };
    expect(linksFor(release, current).misfits.sort()).to.deep.equal([
      // This checkout's knex finds its own commander, which the release's resolves elsewhere.
      'node_modules/knex/node_modules/commander',
      'node_modules/not-installed-here',
      'node_modules/pg',
    ]);
  });
});
