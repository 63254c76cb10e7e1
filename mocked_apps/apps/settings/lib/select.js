// Settings constants and selectors: pages, volumes, DND choices, times and days, networks, devices, search, names, battery.

import { parseTime } from '../../../runtime/core/clock.js';
import { compareText, fold } from '../../../runtime/core/text.js';

export { parseTime };

/** Settings pages reachable from the main list, with the words search matches. */
export const PAGES = [
  ['wifi', 'Wi-Fi', ['wi-fi', 'wifi', 'network', 'internet', 'password', 'wlan']],
  ['bluetooth', 'Bluetooth', ['bluetooth', 'pair', 'headphones', 'devices', 'watch', 'car']],
  ['display', 'Display', ['display', 'brightness', 'dark mode', 'dark theme', 'screen timeout', 'sleep']],
  ['sound', 'Sound & vibration', ['sound', 'volume', 'ringtone', 'ring', 'vibrate', 'media', 'alarm volume']],
  ['dnd', 'Do not disturb', ['do not disturb', 'dnd', 'silence', 'quiet', 'schedule', 'mute']],
  ['battery', 'Battery', ['battery', 'saver', 'power', 'charge']],
  ['notifications', 'Notifications', ['notifications', 'apps', 'alerts', 'badges']],
  ['about', 'About phone', ['about', 'device name', 'phone name', 'model', 'build', 'version', 'storage', 'serial']],
];
export const VOLUMES = [['ring', 'Ring'], ['notification', 'Notifications'], ['media', 'Media'], ['alarm', 'Alarms']];
export const CALLS = [['everyone', 'Everyone'], ['contacts', 'Contacts only'], ['favorites', 'Favorites only'], ['none', 'No one']];
export const SAVER_AT = [0, 10, 15, 20, 30];
export const WEEK = [[1, 'Mon'], [2, 'Tue'], [3, 'Wed'], [4, 'Thu'], [5, 'Fri'], [6, 'Sat'], [0, 'Sun']];

/** Clamp a level to 0..100 (integers). */
export function clampLevel(value) {
  if (typeof value !== 'number' && !(typeof value === 'string' && value.trim())) return null;
  const n = Math.round(Number(value));
  return Number.isFinite(n) ? Math.max(0, Math.min(100, n)) : null;
}

/** Read a whole number from an action argument: a number, or digits as text ("3", " 3 "); NaN for anything else
 * ("", null, true, "2x"), so an empty or odd argument is refused instead of read as 0 or 1. */
export function wholeNumber(value) {
  if (typeof value === 'number') return Number.isInteger(value) ? value : NaN;
  return typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
}

/** Return a sorted, de-duplicated list of weekday numbers (0=Sun..6=Sat). */
export function normDays(days) {
  return [...new Set((Array.isArray(days) ? days : []).map(wholeNumber).filter((d) => Number.isInteger(d) && d >= 0 && d <= 6))].sort((a, b) => a - b);
}

/** Return "Every day", "Weekdays", "Weekends" or "Mon, Tue". */
export function daysText(days) {
  const d = normDays(days);
  if (d.length === 7) return 'Every day';
  if (d.join() === '1,2,3,4,5') return 'Weekdays';
  if (d.join() === '0,6') return 'Weekends';
  if (!d.length) return 'Never';
  return WEEK.filter(([n]) => d.includes(n)).map(([, name]) => name).join(', ');
}

/** Return the world network with `id`, or undefined. */
export function network(world, id) {
  return (world.networks || []).find((n) => n.id === id);
}

/** Return the network the phone is on (Wi-Fi on and connected), or null. */
export function activeNetwork(data, world) {
  return data.wifi.on && data.wifi.connected ? network(world, data.wifi.connected) || null : null;
}

/** Return the networks in list order: connected, then saved, then by signal, then name. */
export function sortedNetworks(data, world) {
  const saved = data.wifi.saved || [];
  const rank = (n) => (n.id === data.wifi.connected ? 0 : saved.includes(n.id) ? 1 : 2);
  return [...(world.networks || [])].sort((a, b) => (rank(a) - rank(b)) || (b.strength - a.strength) || compareText(a.ssid, b.ssid));
}

/** Return the world Bluetooth device with `id`, or undefined. */
export function btDevice(world, id) {
  return (world.bt_devices || []).find((d) => d.id === id);
}

/** Return the settings pages whose title or keywords match `query` (all when blank). */
export function searchPages(query) {
  const q = fold(query).trim();
  const all = [['airplane', 'Airplane mode', ['airplane', 'flight', 'aeroplane', 'plane']], ...PAGES];
  if (!q) return all.map(([id]) => id);
  return all.filter(([, title, words]) => fold(title).includes(q) || words.some((w) => fold(w).includes(q) || q.includes(fold(w)))).map(([id]) => id);
}

/** Validate a device name: trimmed, 1..32 printable characters. Returns {value} or {error}. */
export function validateName(text) {
  const v = String(text ?? '').trim().replace(/\s+/g, ' ');
  if (!v) return { error: 'Enter a name' };
  if (v.length > 32) return { error: 'Use 32 characters or fewer' };
  if (/[^\p{L}\p{N} '’._\-&()]/u.test(v)) return { error: 'Use letters, numbers, spaces and . - _ \' & ( )' };
  return { value: v };
}

/** Return an estimate of the battery time left ("About 16 h"). */
export function batteryEstimate(level, saver) {
  const hours = Math.round((Number(level) || 0) * (saver ? 0.26 : 0.2));
  return hours >= 1 ? `About ${hours} h left` : 'Less than 1 h left';
}
