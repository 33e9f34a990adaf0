import { fileURLToPath } from 'node:url';
import express, { type IRouter } from 'express';

/**
 * The package's own console/ folder, beside dist/ in the repository and in the image: plain files that need no
 * build, so they are served as they are written.
 */
const consoleDir = fileURLToPath(new URL('../../console/', import.meta.url));

/**
 * `/console`: the operator console, a static page and one ES module that call the public API with the operator's
 * token. The page names its files by absolute path, so `/console` and `/console/` both serve it as they are. The files keep
 * the no-store of every answer (security-headers.middleware.ts): the console is small and must not go stale.
 */
export function consoleRoutes(router: IRouter): void {
  router.get('/console', (_req, res) => {
    res.sendFile('index.html', { root: consoleDir, cacheControl: false });
  });
  router.use(
    '/console',
    express.static(consoleDir, { index: 'index.html', redirect: false, cacheControl: false }),
  );
}
