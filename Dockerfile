# One image for every server role; the command picks the role:
#   api      node backend/dist/main.js   (default)
#   workers  node workers/dist/main.js
#   migrate  node scripts/migrate.mjs && node scripts/seed.mjs

# Node 26, the Active LTS (Node 20 reached its end of life on 2026-04-30). Bookworm, the Debian release of
# the machines where CI runs the unit and integration suites on this same Node major (.ci/run).
ARG NODE_IMAGE=node:26-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false \
    NPM_CONFIG_UPDATE_NOTIFIER=false

# Only the manifests, so the dependency layers are rebuilt when they change and not on every source edit.
FROM base AS manifests
COPY package.json package-lock.json .npmrc ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/core/package.json libs/core/
COPY libs/testkit/package.json libs/testkit/
COPY backend/package.json backend/
COPY workers/package.json workers/
COPY frontend/package.json frontend/

FROM manifests AS deps
RUN npm ci

FROM manifests AS prod-deps
RUN npm ci --omit=dev && npm cache clean --force

FROM deps AS build
COPY . .
RUN npm run build

FROM base AS runtime
# ffmpeg/ffprobe: the API probes guests' video clips, the workers transcode them (Debian's package);
# prlimit (util-linux) caps each ffmpeg run's memory.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg util-linux \
 && rm -rf /var/lib/apt/lists/*
# glibc malloc settings for sharp's processes: NATIVE_MEMORY_ENV in libs/core/src/media/native-memory.ts says why.
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_TRIM_THRESHOLD_=1048576
# node_modules (with the workspace symlinks) and the workspace package.json files.
COPY --from=prod-deps /app ./
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/core/dist libs/core/dist
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/workers/dist workers/dist
COPY --from=build /app/frontend/dist frontend/dist
COPY --from=build /app/scripts scripts
# The code stays root-owned (read-only to the app); only the local-storage fallback is writable.
RUN mkdir -p /app/storage/uploads && chown -R node:node /app/storage
USER node
EXPOSE 3000
CMD ["node", "backend/dist/main.js"]
