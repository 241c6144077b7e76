# syntax=docker/dockerfile:1
# crashbot's container image, in four stages:
#   build    compiles TypeScript and packs the package exactly as `npm pack` ships it;
#   native   the runtime's base plus a C++ toolchain, for native modules (better-sqlite3);
#   deps     installs the packed package with production dependencies only, built for
#            the runtime's Node and libc (test/deploy/production-install.e2e.test.ts runs
#            this stage's RUN lines as they are written here);
#   runtime  the slim Node 20 image with the installed package, run as a non-root user.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM node:20-bookworm AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
COPY knowledge ./knowledge
RUN npm run build
RUN mkdir -p /dist && npm pack --ignore-scripts --pack-destination /dist

FROM ${NODE_IMAGE} AS native
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*

FROM native AS deps
WORKDIR /app
COPY --from=build /dist/crashbot-*.tgz /tmp/
COPY package-lock.json /tmp/
RUN tar -xzf /tmp/crashbot-*.tgz --strip-components=1 -C /app && cp /tmp/package-lock.json /app/
# @mattermost/client names TypeScript as an optional peer, so npm keeps the compiler with
# --omit=dev; nothing runs it in production.
RUN npm ci --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/typescript node_modules/@typescript node_modules/.bin/tsc node_modules/.bin/tsserver
RUN node dist/cli/main.js knowledge check --quick

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    CRASHBOT_DB_PATH=/data/crashbot.sqlite \
    CRASHBOT_METRICS_PORT=9090 \
    CRASHBOT_METRICS_HOST=0.0.0.0
WORKDIR /app
COPY --from=deps /app /app
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
# 3000: Slack's HTTP mode (Socket Mode needs no inbound port); 3002: Mattermost's /crash and
# buttons; 9090: health and metrics.
EXPOSE 3000 3002 9090
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.CRASHBOT_METRICS_PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["node", "--max-old-space-size=384", "dist/cli/main.js"]
CMD ["start"]
