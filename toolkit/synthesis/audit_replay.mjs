// Batch replay for the verifier audit: logic-level action logs replayed in Node, many jobs per process.
// Like the device page in Chromium, one device per set of apps is built once and reset per job (worlds and
// app modules load once), so a batch of hundreds of jobs takes seconds.
// argv[2]: the mocked_apps folder. stdin: {"jobs": [{"apps", "reset", "log"}, ...]}. stdout: [state, ...];
// a job that throws gives {"error": "..."} in its place.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.argv[2];
const { createDevice } = await import(pathToFileURL(path.join(root, 'runtime/core/device.js')).href);
const input = JSON.parse(readFileSync(0, 'utf8'));
const logic = {};
const worlds = {};
const devices = new Map();

async function deviceFor(apps) {
  const key = apps.join(',');
  if (!devices.has(key)) {
    for (const id of apps) {
      if (!(id in logic)) {
        logic[id] = await import(pathToFileURL(path.join(root, 'apps', id, 'logic.js')).href);
        worlds[id] = JSON.parse(readFileSync(path.join(root, 'apps', id, 'world.json'), 'utf8'));
      }
    }
    const pick = (table) => Object.fromEntries(apps.map((id) => [id, table[id]]));
    devices.set(key, createDevice({ apps: pick(logic), worlds: pick(worlds), order: apps }));
  }
  return devices.get(key);
}

const out = [];
for (const job of input.jobs) {
  try {
    const device = await deviceFor(job.apps);
    device.reset(job.reset);
    for (const entry of job.log) {
      if (entry.app === null) device.system(entry.action);
      else device.dispatch(entry.app, entry.action);
    }
    out.push(JSON.stringify(device.getState()));
  } catch (err) {
    out.push(JSON.stringify({ error: String(err && err.stack ? err.stack : err) }));
  }
}
process.stdout.write(`[${out.join(',')}]`);
