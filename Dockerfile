# Inkstone: the static web app and its server, with Chromium (PDF export) and pandoc inside.
# Build: docker build -t inkstone .   Run: docker run -p 8080:8080 inkstone
# Every variable the server reads is listed in docs/how-to/self-host.md.

# --- Build stage: install with the lockfile, build the app and the server. ---
FROM node:20-bookworm-slim AS build
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1
RUN npm install -g pnpm@10
COPY . .
RUN pnpm install --frozen-lockfile \
  && pnpm exec turbo run build --filter=@inkstone/server --filter=@inkstone/web \
  && pnpm --filter @inkstone/server deploy --prod --legacy /out/server \
  && mkdir -p /out/web && cp -r apps/web/out /out/web/out

# --- Run stage: Node, Debian's Chromium and pandoc, the built files, a user without rights. ---
FROM node:20-bookworm-slim
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    chromium pandoc fonts-dejavu-core ca-certificates \
  && rm -rf /var/lib/apt/lists/* \
  && useradd --system --create-home --uid 10001 inkstone
WORKDIR /app
# The server finds the web app at ../../web/out from its dist folder, as in the repository.
COPY --from=build /out/server /app/apps/server
COPY --from=build /out/web/out /app/apps/web/out
RUN mkdir -p /app/apps/server/data && chown inkstone /app/apps/server/data
USER inkstone
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    CHROMIUM_PATH=/usr/bin/chromium
EXPOSE 8080
VOLUME ["/app/apps/server/data"]
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "apps/server/dist/main.js"]
