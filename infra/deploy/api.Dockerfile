# syntax=docker/dockerfile:1.7
# The Rendime API: the bundled artefact infra/api/dist/server.js (API + shared-kernel sources) run
# by plain node, with the production node_modules beside it and the SQL migrations it applies at
# start. Build from the repository root:
#   docker build -f infra/deploy/api.Dockerfile -t rendime-api .

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS base
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true
RUN npm install -g pnpm@12.21.0
WORKDIR /src
# Every workspace member's manifest, so pnpm reads the same workspace the lockfile describes.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY shared-kernel/package.json shared-kernel/
COPY shell/package.json shell/
COPY mf-public/package.json mf-public/
COPY mf-booking/package.json mf-booking/
COPY mf-owner/package.json mf-owner/
COPY mf-account/package.json mf-account/
COPY mf-messaging/package.json mf-messaging/
COPY infra/package.json infra/
COPY infra/monolith/package.json infra/monolith/
COPY infra/api/package.json infra/api/

FROM base AS build
RUN pnpm install --frozen-lockfile --filter infra-api...
COPY tsconfig.base.json ./
COPY shared-kernel shared-kernel
COPY infra/api infra/api
RUN pnpm --filter infra-api run build

FROM base AS prod-deps
# Only what dist/server.js require()s at run time (shared-kernel is bundled into it).
RUN pnpm install --frozen-lockfile --prod --filter infra-api

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3100 HEALTH_PORT=3101
WORKDIR /app
COPY --from=prod-deps /src/node_modules node_modules
COPY --from=prod-deps /src/infra/api/node_modules infra/api/node_modules
COPY infra/api/package.json infra/api/
COPY infra/api/drizzle infra/api/drizzle
COPY --from=build /src/infra/api/dist infra/api/dist
# Uploads and generated files (DATA_DIR); mount a volume here, or object storage later.
RUN mkdir -p /var/lib/rendime && chown node:node /var/lib/rendime
ENV DATA_DIR=/var/lib/rendime
USER node
WORKDIR /app/infra/api
# 3101: the health checks' own server (/health/live, /health/ready), see src/services/health.
EXPOSE 3100 3101
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.HEALTH_PORT||3101)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/server.js"]
