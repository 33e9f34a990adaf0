// Loaded by node-version-guard.ts before anything else: old syntax only, and no imports.

const MINIMUM = [22, 12];

/** Why `version` (process.versions.node) cannot run the service, or null when it can. */
export function unsupportedNode(version: string): string | null {
  const parts = version.split('.').map(Number);
  const major = parts[0] || 0;
  const minor = parts[1] || 0;
  if (major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1])) return null;
  return (
    'The payout service needs Node.js ' +
    MINIMUM.join('.') +
    ' or later (24 recommended); this is Node.js ' +
    version +
    '. Start it through npm (npm start, npm run start:api, npm run start:worker), whose scripts run the Node 24 of ' +
    'the node@24 devDependency, or run node_modules/.bin/node instead of node.\n'
  );
}
