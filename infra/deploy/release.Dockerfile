# syntax=docker/dockerfile:1.7
# The production release path (ADR 0035): one image for the three processes of
# infra/scripts/production.mjs, chosen by the container's argument:
#   registry  the registry service (publish with the gate and the smoke mount, activate, rollback,
#             log, team tokens) on PostgreSQL; writes built files into the static store
#   cdn       the static store served as the CDN's origin
#   shell     a shell replica: its build, the release manifest mirrored from the registry database
# The registry target adds Debian's chromium and the API's artefact for the smoke mount (it signs a
# test user in to a sandbox API it starts on loopback, ADR 0039); shell and cdn do without them.
# Remote builds are not in any image: each team publishes its slice over HTTP with its token.
# Build from the root:
#   docker build -f infra/deploy/release.Dockerfile --target runtime  -t rendime-release .
#   docker build -f infra/deploy/release.Dockerfile --target registry -t rendime-registry .

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS base
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true
RUN npm install -g pnpm@12.21.0
WORKDIR /src
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml tsconfig.base.json ./
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
RUN pnpm install --frozen-lockfile --filter shell... --filter infra
COPY shared-kernel shared-kernel
COPY infra/build infra/build
COPY shell shell
ENV RENDIME_SANDBOX=
RUN pnpm --filter shell run build

FROM base AS api-build
# The smoke mount's sandbox API (ADR 0039): the registry starts the API's artefact with the
# sandboxes and the demo data on loopback, inside its own pod, to sign a test user in.
RUN pnpm install --frozen-lockfile --filter infra-api...
COPY shared-kernel shared-kernel
COPY infra/api infra/api
RUN pnpm --filter infra-api run build && rm -rf node_modules infra/api/node_modules \
 && pnpm install --frozen-lockfile --prod --filter infra-api

FROM base AS server-deps
# The processes' own dependencies (fastify and its plugins, pg, playwright-core, semver, tsx) and the
# kernel's (the gate reads descriptors with the kernel's zod schema).
RUN pnpm install --frozen-lockfile --prod --filter infra --filter shared-kernel

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 RENDIME_SHELL_DIST=/srv/shell RENDIME_STATIC_DIR=/srv/static
WORKDIR /app
COPY --from=server-deps /src/node_modules node_modules
COPY --from=server-deps /src/infra/node_modules infra/node_modules
COPY --from=server-deps /src/shared-kernel/node_modules shared-kernel/node_modules
COPY package.json ./
COPY infra/package.json infra/
COPY infra/build infra/build
COPY infra/scripts infra/scripts
COPY shared-kernel/package.json shared-kernel/
COPY shared-kernel/src shared-kernel/src
COPY --from=build /src/shell/dist /srv/shell
RUN mkdir -p /srv/static && chown node:node /srv/static
USER node
ENTRYPOINT ["node", "infra/scripts/production.mjs"]

FROM runtime AS registry
USER root
RUN apt-get update && apt-get install -y --no-install-recommends chromium && rm -rf /var/lib/apt/lists/*
ENV CHROMIUM_PATH=/usr/bin/chromium
COPY --from=api-build /src/infra/api/package.json infra/api/
COPY --from=api-build /src/infra/api/drizzle infra/api/drizzle
COPY --from=api-build /src/infra/api/dist infra/api/dist
COPY --from=api-build /src/infra/api/node_modules infra/api/node_modules
USER node
