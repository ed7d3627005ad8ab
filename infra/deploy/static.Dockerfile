# syntax=docker/dockerfile:1.7
# The shell and the remotes as static sites, served by infra/deploy/static-server.mjs (the same
# servers.mjs the local platform runs: one implementation of the headers, the CSP and the /api
# proxy). One image, two roles: RENDIME_ROLE=shell or RENDIME_ROLE=remotes. Build from the root:
#   docker build -f infra/deploy/static.Dockerfile -t rendime-static .
# The builds are production builds (RENDIME_SANDBOX unset: no sandbox sign-in in the bundles).

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true
RUN npm install -g pnpm@12.21.0
WORKDIR /src
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml tsconfig.base.json slices.json ./
# One COPY per slice of slices.json (a Dockerfile cannot loop over it); the scripts below read the list.
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
RUN pnpm install --frozen-lockfile --filter shell... --filter "mf-*..." --filter infra
COPY shared-kernel shared-kernel
COPY infra/build infra/build
COPY shell shell
COPY mf-public mf-public
COPY mf-booking mf-booking
COPY mf-owner mf-owner
COPY mf-account mf-account
COPY mf-messaging mf-messaging
ARG APP_VERSION=1.0.0
ENV APP_VERSION=${APP_VERSION} RENDIME_SANDBOX=
RUN pnpm -r --workspace-concurrency=2 --filter shell --filter "mf-*" run build
COPY infra/scripts infra/scripts
# Each remote's build stored under its version, as `registry.mjs publish` stores it.
RUN node --input-type=module -e "import { storeBuild } from './infra/scripts/lib/registry.mjs'; import { REMOTES } from './infra/scripts/lib/config.mjs'; for (const r of REMOTES) storeBuild('/srv/registry', r + '/dist');" \
 && echo '{"ok":true}' > /srv/registry/health.json

FROM build AS server-deps
# The servers' own dependencies only (fastify and its static/compress/proxy plugins).
RUN rm -rf node_modules infra/node_modules && pnpm install --frozen-lockfile --prod --filter infra

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 RENDIME_REGISTRY_DIR=/srv/registry RENDIME_SHELL_DIST=/srv/shell
WORKDIR /app
COPY --from=server-deps /src/node_modules node_modules
COPY --from=server-deps /src/infra/node_modules infra/node_modules
COPY infra/package.json infra/
COPY infra/scripts/lib infra/scripts/lib
COPY infra/deploy/static-server.mjs infra/deploy/
COPY --from=build /src/shell/dist /srv/shell
# The shell role writes the release manifest into the registry at start (the CDN URL is run-time config).
COPY --from=build --chown=node:node /srv/registry /srv/registry
USER node
EXPOSE 8080 8081
CMD ["node", "infra/deploy/static-server.mjs"]
