// Plain-JSON state helpers shared by the device, the bridge and Node tests.

/** Return a deep copy of a JSON value. */
export function clone(value) {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/** Return true for a plain object (not an array, not null). */
export function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Keys a state patch may not carry: merged, they would reach (and change) the prototype of every object. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Throw when `value` (a patch or a whole state) has an object key that could reach a prototype
 * (`__proto__`, `constructor`, `prototype`; JSON.parse makes `"__proto__"` an own key). Checked before
 * anything is changed, so a refused patch leaves the state as it was.
 * @param {*} value
 * @param {string} [where]  the path, for the message
 */
export function assertSafeKeys(value, where = 'patch') {
  if (Array.isArray(value)) {
    value.forEach((v, i) => assertSafeKeys(v, `${where}[${i}]`));
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      if (UNSAFE_KEYS.has(key)) throw new Error(`${where}: the key '${key}' is not allowed in a state patch`);
      assertSafeKeys(value[key], `${where}.${key}`);
    }
  }
}

/**
 * Merge `patch` into `target` in place and return `target`.
 * Objects merge key by key, arrays and scalars replace, and `null` deletes the key. Keys that could reach a
 * prototype (`__proto__`, `constructor`, `prototype`) are skipped (callers refuse them first: assertSafeKeys).
 */
export function deepMerge(target, patch) {
  for (const [key, value] of Object.entries(patch)) {
    if (UNSAFE_KEYS.has(key)) continue;
    if (value === null) {
      delete target[key];
    } else if (isObject(value) && isObject(target[key])) {
      deepMerge(target[key], value);
    } else {
      target[key] = clone(value);
    }
  }
  return target;
}

/** Serialize with sorted keys, so equal states give equal strings in any engine. */
export function stableStringify(value) {
  if (Array.isArray(value)) return '[' + value.map(stableStringify).join(',') + ']';
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return '{' + keys.map((k) => JSON.stringify(k) + ':' + stableStringify(value[k])).join(',') + '}';
  }
  return JSON.stringify(value);
}
