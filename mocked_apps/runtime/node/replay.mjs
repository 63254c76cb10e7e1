// Replay logic-level action logs (from window.__gym.log()) in Node and print the final states.
// stdin: {"jobs": [{"apps": [...], "reset": {...}, "log": [...]}, ...]}  stdout: [state, ...]
// A job that throws gives {"error": "..."} in its place.
import { loadDevice } from './load.js';

const input = JSON.parse(await new Promise((resolve) => {
  let data = '';
  process.stdin.on('data', (chunk) => { data += chunk; });
  process.stdin.on('end', () => resolve(data));
}));
const out = [];
for (const job of input.jobs) {
  try {
    const device = await loadDevice({ apps: job.apps, reset: job.reset });
    for (const entry of job.log) device.replay(entry);
    out.push(device.getState());
  } catch (err) {
    out.push({ error: String(err && err.stack ? err.stack : err) });
  }
}
process.stdout.write(JSON.stringify(out));
