# Fenster CRM as a container image (docs/operations.md, "Container"). Multi-stage: the web app and the server
# are built with the dev dependencies (npm run build: dist/ and dist-server/, plain JavaScript), the image
# holds only those builds and the runtime dependencies, runs as a non-root user and reports its health. No
# container engine runs on the development machines: the native topology (npm run prod:local, which runs the
# same build) is the tested path; this recipe follows it.
#   docker build -t fenster-crm .
#   docker compose -f deploy/compose.yaml up
# Without compose, give it an init process as PID 1 (docker run --init; compose says `init: true`).

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
# Runtime dependencies only: no TypeScript, no loader, no compiler.
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
COPY --from=build /app/dist-server ./dist-server
# package.json: "type": "module" for dist-server/ and the project's folder; public/: the tenants' logos for PDFs.
COPY package.json ./
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
# node directly (not npm), so SIGTERM reaches the server and it drains; the build, so nothing compiles at start.
CMD ["node", "dist-server/server/main.js"]
