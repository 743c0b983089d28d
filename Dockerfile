# syntax=docker/dockerfile:1
# Research Desk — production image. Build: docker build -t research-desk .
# Run:   docker run -e SLACK_BOT_TOKEN=… -e SLACK_APP_TOKEN=… -e SERVICE_BASE_URL=… \
#          -e SERVICE_API_KEY=… -e REDIS_URL=redis://redis:6379/0 -p 3000:3000 research-desk
# Or with Redis beside it: docker-compose.yml; on Kubernetes: deploy/kubernetes/ (README, "Running in production").

FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
# The build also copies the playground's static page, so the image can run the demo too.
RUN npm run build

FROM node:24.21.0-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:24.21.0-bookworm-slim AS runtime
# METRICS_PORT: Prometheus metrics on their own port, never the public one (publish it to no one
# but the scraper; test/deploy/ checks the compose file and the Kubernetes manifests agree).
ENV NODE_ENV=production PORT=3000 METRICS_PORT=9464 DATA_DIR=/data
WORKDIR /app
# Charts are rasterised with these fonts (src/charts/find-chart-fonts.ts): Chinese and Latin labels.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-noto-cjk fonts-lato && rm -rf /var/lib/apt/lists/*
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json manifest.yml ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000 9464
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/main.js"]
