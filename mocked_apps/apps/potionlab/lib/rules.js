// Alembic brewing rules: elements, families and grades, the cauldron's brewResult and the recipe book's keys.

/** The four elements, in display order, and each one's opposite. */
export const ELEMENTS = ['heat', 'cold', 'calm', 'spark'];
export const OPPOSITE = { heat: 'cold', cold: 'heat', calm: 'spark', spark: 'calm' };

/** Potion families: the dominant element decides it; "murk" is a failed brew. */
export const FAMILIES = {
  ember: { element: 'heat', name: 'Ember Tonic' },
  rime: { element: 'cold', name: 'Rime Draught' },
  hush: { element: 'calm', name: 'Hush Elixir' },
  zest: { element: 'spark', name: 'Zest Philter' },
  murk: { element: null, name: 'Murky Sludge' },
};
export const FAMILY_OF = { heat: 'ember', cold: 'rime', calm: 'hush', spark: 'zest' };
export const GRADE_WORD = ['', 'Faint', 'Sturdy', 'Grand'];
export const ROMAN = ['0', 'I', 'II', 'III'];

/** Cauldron size, and the tip paid per grade above an order's minimum. */
export const SLOTS = 4;
export const MIN_INGREDIENTS = 2;
export const TIP_PER_GRADE = 4;
export const TABS = ['brew', 'pantry', 'shelf', 'orders', 'book'];

/** Return the world ingredient with `id`, or undefined. */
export function ingredient(world, id) {
  return (world.ingredients || []).find((i) => i.id === id);
}

/** Return the grade a dominant tally earns: 1–2 → 1, 3–5 → 2, 6+ → 3. */
export function gradeFor(tally) {
  if (tally >= 6) return 3;
  if (tally >= 3) return 2;
  return tally >= 1 ? 1 : 0;
}

/**
 * Apply the brewing rules to the ingredient ids in slot order. Returns
 * {ok, error?, family, grade, cloudy, layered, tallies, steps}: `steps` explains each rule applied.
 * Rules: (1) a catalyst acts on the ingredient in the slot right before it (Mirrorcap doubles its
 * potency, Turnwort turns its element into the opposite); after a catalyst or in slot 1 it fizzles.
 * (2) potencies add up per element; (3) opposites cancel (the smaller tally is subtracted from the
 * larger, equal ones both vanish); (4) the largest remaining tally is dominant and names the family;
 * a tie for the top or nothing left is Murky Sludge (grade 0); (5) grade from the dominant tally;
 * (6) any other element left over makes the potion Cloudy: −1 grade (not below 1); (7) Layered:
 * 3+ ingredients, no catalyst, each potency higher than the slot before: +1 grade (max 3).
 */
export function brewResult(world, slots) {
  const items = (slots || []).map((id) => ingredient(world, id));
  if (items.some((i) => !i)) return { ok: false, error: 'Unknown ingredient' };
  if (items.length < MIN_INGREDIENTS) return { ok: false, error: `Add at least ${MIN_INGREDIENTS} ingredients` };
  if (items.length > SLOTS) return { ok: false, error: `The cauldron holds ${SLOTS} ingredients` };
  const steps = [];
  const eff = items.map((i) => (i.kind === 'catalyst' ? null : { element: i.element, potency: i.potency, name: i.name }));
  items.forEach((it, idx) => {
    if (it.kind !== 'catalyst') return;
    const prev = idx > 0 ? eff[idx - 1] : null;
    if (!prev) {
      steps.push(`${it.name} fizzles (nothing to act on)`);
      return;
    }
    if (it.effect === 'double') {
      prev.potency *= 2;
      steps.push(`${it.name} doubles ${prev.name} to ${prev.potency}`);
    } else if (it.effect === 'invert') {
      prev.element = OPPOSITE[prev.element];
      steps.push(`${it.name} turns ${prev.name} to ${prev.element}`);
    }
  });
  const tallies = { heat: 0, cold: 0, calm: 0, spark: 0 };
  for (const e of eff) if (e) tallies[e.element] += e.potency;
  const raw = { ...tallies };
  for (const [a, b] of [['heat', 'cold'], ['calm', 'spark']]) {
    const cut = Math.min(tallies[a], tallies[b]);
    if (cut > 0) steps.push(`${a} ${tallies[a]} and ${b} ${tallies[b]} cancel by ${cut}`);
    tallies[a] -= cut;
    tallies[b] -= cut;
  }
  const top = Math.max(...ELEMENTS.map((e) => tallies[e]));
  const leaders = ELEMENTS.filter((e) => tallies[e] === top);
  if (top === 0 || leaders.length > 1) {
    steps.push(top === 0 ? 'nothing is left: murk' : `tie between ${leaders.join(' and ')}: murk`);
    return { ok: true, family: 'murk', grade: 0, cloudy: false, layered: false, tallies, raw, steps };
  }
  const dominant = leaders[0];
  let grade = gradeFor(top);
  steps.push(`${dominant} ${top} is dominant: grade ${grade}`);
  const cloudy = ELEMENTS.some((e) => e !== dominant && tallies[e] > 0);
  if (cloudy) {
    grade = Math.max(1, grade - 1);
    steps.push(`another element is left over: cloudy, grade ${grade}`);
  }
  const layered = items.length >= 3 && items.every((i) => i.kind !== 'catalyst')
    && items.every((i, idx) => idx === 0 || i.potency > items[idx - 1].potency);
  if (layered) {
    grade = Math.min(3, grade + 1);
    steps.push(`rising potencies: layered, grade ${grade}`);
  }
  return { ok: true, family: FAMILY_OF[dominant], grade, cloudy, layered, tallies, raw, steps };
}

/** Return a potion's display name: "Sturdy Hush Elixir" (Murky Sludge has no grade word). */
export function potionName(p) {
  if (!p || p.family === 'murk' || !FAMILIES[p.family]) return FAMILIES.murk.name;
  return `${GRADE_WORD[p.grade] || ''} ${FAMILIES[p.family].name}`.trim();
}

/** Return the book key of a brew result: "<family>-<grade>" ("murk" for sludge). */
export function bookKey(p) {
  return p.family === 'murk' ? 'murk' : `${p.family}-${p.grade}`;
}

/** Return every possible book entry key in display order (4 families × 3 grades, then murk). */
export function allBookKeys() {
  const keys = [];
  for (const fam of ['ember', 'rime', 'hush', 'zest']) for (const g of [1, 2, 3]) keys.push(`${fam}-${g}`);
  keys.push('murk');
  return keys;
}

/** Split a book key into {family, grade}. */
export function parseKey(key) {
  if (key === 'murk') return { family: 'murk', grade: 0 };
  const [family, g] = String(key).split('-');
  return { family, grade: Number(g) };
}
