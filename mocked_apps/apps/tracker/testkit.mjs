// Setup shared by this app's node:test files.

import assert from 'node:assert/strict';
import { loadDevice, readJson } from '../../runtime/node/load.js';
import { sprintPoints, findIssue } from './logic.js';

export const world = readJson('apps/tracker/world.json');

export async function open(reset = {}) {
  const dev = await loadDevice({ apps: ['tracker'], reset: { seed: 1, ...reset } });
  dev.system({ type: 'open', app: 'tracker' });
  return dev;
}

const app = (dev) => dev.getState().apps.tracker;
export const data = (dev) => app(dev).data;
export const ui = (dev) => app(dev).ui;
export const issue = (dev, key) => data(dev).issues.find((i) => i.id === key);
export const sprint = (dev, id) => data(dev).sprints.find((s) => s.id === id);
export const act = (dev, action) => dev.dispatch('tracker', action);
export const type = (dev, key, value) => act(dev, { type: '@draft', key, value });

/** Sprint totals always equal the sum over their issues (the invariant the board and Sprints view show). */
export function assertSprintInvariant(dev) {
  const d = data(dev);
  for (const s of d.sprints) {
    const sum = d.issues.filter((i) => i.sprint === s.id).reduce((a, i) => a + (i.points || 0), 0);
    assert.equal(sprintPoints(d, s.id), sum, s.id);
  }
  for (const i of d.issues) {
    if (i.parent) assert.equal(i.sprint, findIssue(d, i.parent).sprint, `${i.id} follows its parent's sprint`);
    if (i.sprint) assert.equal(d.sprints.find((s) => s.id === i.sprint).project, i.project);
  }
}
