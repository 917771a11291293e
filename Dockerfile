# Fenster CRM as a container image (docs/operations.md, "Container"). Multi-stage: the web app is built with
# the dev dependencies, the image holds only the runtime ones, runs as a non-root user and reports its
# health. No container engine runs on the development machines: the native topology (npm run prod:local)
# is the tested path; this recipe follows it.
#   docker build -t fenster-crm .
#   docker compose -f deploy/compose.yaml up

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
# Runtime dependencies only (the server runs its TypeScript through tsx, a runtime dependency).
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    FILES_DIR=/data/files \
    WEB_ROOT=/app/dist
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json tsconfig.json ./
COPY server ./server
COPY src ./src
COPY public ./public
COPY sample-import ./sample-import
# The node image's unprivileged user owns only the data folder.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only: a database outage must not make the orchestrator restart every instance.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node directly (not npm), so SIGTERM reaches the server and it drains.
CMD ["node", "--import", "tsx", "server/main.ts"]
