// Replay a logic-level action log (from window.__gym.log()) in Node and print the final state.
// Usage: node replay.mjs < {"apps": [...], "reset": {...}, "log": [...]}
import { loadDevice } from './load.js';

const input = JSON.parse(await new Promise((resolve) => {
  let data = '';
  process.stdin.on('data', (chunk) => { data += chunk; });
  process.stdin.on('end', () => resolve(data));
}));
const device = await loadDevice({ apps: input.apps, reset: input.reset });
for (const entry of input.log) {
  if (entry.app === null) device.system(entry.action);
  else device.dispatch(entry.app, entry.action);
}
process.stdout.write(JSON.stringify(device.getState()));
