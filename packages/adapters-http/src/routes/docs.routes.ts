import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import express, { type IRouter } from 'express';
import { buildOpenApiDocument } from '../openapi/openapi.document.js';

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>Payout API reference</title>
    <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/docs/init.js"></script>
  </body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

/** `/openapi.json` and `/docs`, rendered by swagger-ui-dist from the package's own files: no CDN. */
export function docsRoutes(router: IRouter): void {
  const document = buildOpenApiDocument();
  router.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  router.get('/docs', (_req, res) => {
    res.type('html').send(PAGE);
  });
  router.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(INIT);
  });
  router.use('/docs/assets', express.static(swaggerUiDir, { index: false, fallthrough: true }));
}
