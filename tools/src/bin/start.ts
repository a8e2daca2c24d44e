// `npm start`: build what is missing or stale, prepare the embedded database (the API migrates
// and seeds on start), serve every part on its own origin, and stop everything on Ctrl-C.
import { PRESENT_APPS, stackPorts } from '../ports.ts';
import { buildMissing, startStack } from '../stack.ts';

const ports = stackPorts();
buildMissing();
// A first start migrates and seeds the catalogue before the API answers: minutes on a slow or busy machine.
const stack = await startStack({ ports, apiStartTimeoutMs: 300_000 });

console.log('\nGrocer is running:');
for (const { dir } of PRESENT_APPS) console.log(`  ${dir.padEnd(18)} ${stack.apps[dir].url}`);
console.log(`  ${'api'.padEnd(18)} ${stack.apiUrl}  (docs: ${stack.apiUrl}/docs)`);
console.log(`\nOpen ${stack.apps.shell.url} — press Ctrl-C to stop.\n`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping Grocer ...');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
