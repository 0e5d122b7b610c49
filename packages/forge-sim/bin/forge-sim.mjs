#!/usr/bin/env node
// Starts forge-sim (`pnpm forge-sim` at the root, after `pnpm build`) with a demo user and
// prints its URL, its API root and the demo user's token. Options: --port N, --data DIR.
import { randomBytes } from 'node:crypto';
import { startForgeSim } from '../dist/index.js';

const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const port = Number(option('--port') ?? process.env.FORGE_SIM_PORT ?? 4010);
const dataDir = option('--data');

const forge = await startForgeSim({ port, ...(dataDir ? { dataDir } : {}) });
const token = `fsim_${randomBytes(16).toString('hex')}`;
const demo = forge.users.add({ login: 'demo', token, name: 'Demo User' });
await forge.repos.create({ owner: demo.login, name: 'hello', autoInit: true });

console.log(`forge-sim listening on ${forge.url}`);
console.log(`  REST API (GitHub v3):  ${forge.apiUrl}`);
console.log(`  demo user:             ${demo.login} (id ${demo.id})`);
console.log(`  demo token:            ${token}`);
console.log(`  try:  curl -H "Authorization: token ${token}" ${forge.apiUrl}/user`);
console.log(`        git clone ${forge.url}/${demo.login}/hello.git`);
console.log(`  data: ${forge.dataDir}${dataDir ? '' : ' (removed on exit)'}`);

const stop = () => {
  forge.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
