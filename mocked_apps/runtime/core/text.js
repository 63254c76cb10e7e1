// Text order that is the same on every host. A bare `a.localeCompare(b)` collates by the host's locale (Node
// takes it from LANG / LC_ALL, a browser from its settings): "Ch…" sorts after "H…" in Czech and "Aa…" after
// "Z…" in Danish, so the same state would list, or even tick, differently. Every app compares text through here.

const EN_US = new Intl.Collator('en-US');

/** Compare two texts in the fixed en-US collation (what the device pages run under): <0, 0 or >0. */
export function compareText(a, b) {
  return EN_US.compare(String(a ?? ''), String(b ?? ''));
}

/** Return text as searches compare it: accents dropped, lower case ("Émile" -> "emile", "São" -> "sao"), so a query
 * typed without accents (as most keyboards and agents type) still finds "São Paulo" or "Café". */
export function fold(value) {
  return String(value ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Return true when `query` is blank or, folded (spaces squeezed), is part of one of `fields` folded the same way:
 * the one rule of the apps' search boxes ("sao" finds "São Paulo", "cafe" finds "Café", "ÉMILE" finds "Emile"). */
export function matchesQuery(query, fields) {
  const q = fold(query).trim().replace(/\s+/g, ' ');
  return !q || fields.some((f) => fold(f).replace(/\s+/g, ' ').includes(q));
}
