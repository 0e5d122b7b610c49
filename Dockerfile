# Inkstone: the static web app and its server, with Chromium (PDF export) and pandoc inside.
# Build: docker build -t inkstone .   Run: docker run -p 8080:8080 inkstone
# Every variable the server reads is listed in docs/how-to/self-host.md.
# Node.js: the current LTS (26, as .nvmrc says), on Debian 13 "trixie", its image's default.

# --- The pnpm version package.json pins, alone in a file: a change elsewhere in package.json
# (a new script) gives the same file, so the layers below it stay cached. ---
FROM node:26-trixie-slim AS pnpm-version
COPY package.json /tmp/
RUN node -p "require('/tmp/package.json').packageManager.split('@')[1]" > /pnpm-version

# --- Build stage: install with the lockfile, build the app and the server. ---
FROM node:26-trixie-slim AS build
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1 \
    CI=1

# pnpm, that version (Node.js 25 and later no longer ship Corepack).
COPY --from=pnpm-version /pnpm-version /tmp/pnpm-version
RUN npm install -g "pnpm@$(cat /tmp/pnpm-version)"

# The dependencies, in layers of their own: they are fetched again only when the lockfile, the
# workspace, .npmrc or the patches change (or the pnpm version), and linked again only when a
# package.json does, not at every change of the code.
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
COPY patches ./patches
RUN pnpm fetch
COPY package.json ./
COPY packages/core/package.json packages/core/
COPY packages/markdown/package.json packages/markdown/
COPY packages/forge-sim/package.json packages/forge-sim/
COPY packages/cloud-sim/package.json packages/cloud-sim/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN pnpm install --frozen-lockfile --offline

# The code, then the build, and the server with its production dependencies only, as the
# lockfile pins them (deploy writes a lockfile of its own from the workspace's; it needs
# inject-workspace-packages, set for this command alone, the workspace links its packages).
COPY . .
RUN pnpm exec turbo run build --filter=@inkstone/server --filter=@inkstone/web \
  && pnpm --config.inject-workspace-packages=true --filter @inkstone/server \
    deploy --prod --offline /out/server \
  && mkdir -p /out/web && cp -r apps/web/out /out/web/out

# --- Run stage: Node, Debian's Chromium and pandoc, the built files, a user without rights. ---
FROM node:26-trixie-slim
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    chromium pandoc fonts-dejavu-core ca-certificates \
  && rm -rf /var/lib/apt/lists/* \
  && useradd --system --create-home --uid 10001 inkstone
WORKDIR /app
# The server finds the web app in apps/web/out, two folders up from its dist folder, as in the
# repository.
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
