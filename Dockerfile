# The app as one image for compose.yaml: the same commands as on a bare machine (npm ci, npm run migrate,
# npm start). Node 22 LTS; better-sqlite3 builds or downloads its binding during npm ci.
FROM node:22-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev
COPY . .
# The server built into dist/ now (cli/build.ts), so that `npm start` finds it in place and writes nothing.
RUN npm run build
ENV HOST=0.0.0.0 PORT=8787 DATABASE_PATH=/data/directory.db
EXPOSE 8787
CMD ["npm", "start"]
