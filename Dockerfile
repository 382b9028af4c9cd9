# Spindle in a container: `docker build -t spindle .`, then `docker run -p 3000:3000 -v spindle-data:/data spindle`
# (or `docker compose up` with compose.yaml: PostgreSQL beside it).
#
# No machine this project is developed on can pull base images, so the image itself is not built in
# CI. Its steps are: src/server/ops/deploy.test.ts runs this file's production install (pack, prune to
# production dependencies), its CMD and its HEALTHCHECK command in a scratch directory, and sends
# SIGTERM as `docker stop` does. Change them here and that test follows (it reads this file).

# --- build: the whole toolchain, compiles better-sqlite3 and builds the app -----------------------
FROM node:20-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# The production install: the packed app (package.json's "files") and node_modules pruned to the
# production dependencies, so the runtime image has no compiler and no dev toolchain.
RUN mkdir /app \
 && npm pack --ignore-scripts --pack-destination /tmp \
 && tar -xzf /tmp/spindle-*.tgz -C /app --strip-components=1 \
 && cp package-lock.json /app/ \
 && cp -a node_modules /app/node_modules \
 && cd /app && npm prune --omit=dev --no-audit --no-fund

# --- runtime: Node and the production install only, as an unprivileged user ----------------------
FROM node:20-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
# The image's own `node` user (uid 1000) owns nothing but the data volume.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is PID 1 (no npm, no shell in between), so `docker stop`'s SIGTERM reaches its graceful
# shutdown, which ends within Docker's 10 s.
STOPSIGNAL SIGTERM
CMD ["node", "--min-semi-space-size=16", "dist/node/server/main.js"]
