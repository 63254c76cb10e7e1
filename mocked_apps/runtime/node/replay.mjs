// Replay logic-level action logs (from window.__gym.log()) in Node and print the final states.
// stdin: {"jobs": [{"apps": [...], "reset": {...}, "log": [...]}, ...]}  stdout: [state, ...]
// A job that throws gives {"error": "..."} in its place.
// With --serve: one such request per stdin line, one answer per stdout line, until stdin ends. The app
// modules are imported once for all requests (as one page keeps them across resets).
import { createInterface } from 'node:readline';
import { loadDevice } from './load.js';

async function replay(jobs) {
  const out = [];
  for (const job of jobs) {
    try {
      const device = await loadDevice({ apps: job.apps, reset: job.reset });
      for (const entry of job.log) device.replay(entry);
      out.push(device.getState());
    } catch (err) {
      out.push({ error: String(err && err.stack ? err.stack : err) });
    }
  }
  return out;
}

if (process.argv.includes('--serve')) {
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (!line.trim()) continue;
    let answer;
    try {
      answer = await replay(JSON.parse(line).jobs);
    } catch (err) {
      answer = { error: String(err && err.stack ? err.stack : err) };
    }
    process.stdout.write(`${JSON.stringify(answer)}\n`);
  }
} else {
  const input = JSON.parse(await new Promise((resolve) => {
    let data = '';
    process.stdin.on('data', (chunk) => { data += chunk; });
    process.stdin.on('end', () => resolve(data));
  }));
  process.stdout.write(JSON.stringify(await replay(input.jobs)));
}
