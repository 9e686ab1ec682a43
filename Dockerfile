# Production image: the same server as `npm start`, against a real MongoDB and real Firebase.
FROM node:22-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@12.21.0
COPY . .
RUN pnpm install --frozen-lockfile \
  && pnpm --filter @market/admin --filter @market/seller --filter @market/storefront run build
# Keep only what runs: the production dependencies of the server and of the storefront's SSR
# handler, from the store the full install filled (firebase-tools, build and test tools stay out;
# so does the embedded engine, packages/embedded-mongo, a development dependency of the server).
RUN rm -rf node_modules */node_modules \
  && pnpm install --prod --frozen-lockfile --offline \
    --filter '@market/server...' --filter '@market/storefront...'

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=8080
# Owned by root, run as `node`: the server cannot change its own code. Nothing is written under
# /app in production (no embedded engine, emulator, sandboxes or generated key there).
COPY --from=build /app/package.json /app/pnpm-workspace.yaml ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/shared/package.json ./shared/package.json
COPY --from=build /app/shared/src ./shared/src
COPY --from=build /app/shared/node_modules ./shared/node_modules
COPY --from=build /app/server/package.json ./server/package.json
COPY --from=build /app/server/src ./server/src
COPY --from=build /app/server/node_modules ./server/node_modules
COPY --from=build /app/storefront/package.json ./storefront/package.json
COPY --from=build /app/storefront/dist ./storefront/dist
COPY --from=build /app/storefront/node_modules ./storefront/node_modules
COPY --from=build /app/admin/dist ./admin/dist
COPY --from=build /app/seller/dist ./seller/dist
USER node
EXPOSE 8080
# One image for every role: ROLE=web (routes), worker (jobs) or all (both, the default). node is
# PID 1 and handles SIGTERM itself: not ready at once, serving through SHUTDOWN_GRACE_SECONDS,
# then draining (README, Running several instances). Liveness is /api/health; whether an
# instance takes traffic is /api/ready, which the load balancer checks.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:8080/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server/src/main.ts"]
