import { startBenchServers } from './spawn-servers';
const { ready, child } = await startBenchServers(100000);
const origin = `http://127.0.0.1:${ready.appPort}`;
const stopAt = performance.now() + 10000; let n = 0;
await Promise.all([0, 1, 2, 3].map(async () => { while (performance.now() < stopAt) { const p = await fetch(`${origin}/listings/${ready.slugs[5]}`, { headers: { 'user-agent': 'Mozilla/5.0' } }); await p.arrayBuffer(); n++; } }));
console.log('pages/s', (n / 10).toFixed(0));
child.kill('SIGTERM');
await new Promise((r) => child.on('exit', r));
process.exit(0);
