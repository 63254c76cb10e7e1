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

/** Return text as a search box compares it: folded, every run of white space one space. */
function searchForm(value) {
  return fold(value).replace(/\s+/g, ' ');
}

/** Return true when `query` is blank or, folded (spaces squeezed), is part of one of `fields` folded the same way:
 * the one rule of the apps' search boxes ("sao" finds "São Paulo", "cafe" finds "Café", "ÉMILE" finds "Emile"). */
export function matchesQuery(query, fields) {
  const q = searchForm(query).trim();
  return !q || fields.some((f) => searchForm(f).includes(q));
}

/**
 * Return [start, end): the part of `text` that matchesQuery's rule matches first for a non-blank `query` (so a
 * highlight marks what the search found: "cafe" marks "Café", "Cafe\u0301" whole with its accent), else null.
 * Offsets are into `text` as written (UTF-16), found by folding growing prefixes, so a letter that folds to
 * another length (a decomposed accent, a run of spaces) maps back to the letters it came from.
 */
export function matchSpan(query, text) {
  const q = searchForm(query).trim();
  const s = String(text ?? '');
  const at = q ? searchForm(s).indexOf(q) : -1;
  if (at < 0) return null;
  const cuts = [0]; // code point boundaries
  for (const ch of s) cuts.push(cuts[cuts.length - 1] + ch.length);
  const len = (cut) => searchForm(s.slice(0, cut)).length;
  let start = 0;
  while (start + 1 < cuts.length && len(cuts[start + 1]) <= at) start += 1;
  let end = start;
  while (end < cuts.length - 1 && len(cuts[end]) < at + q.length) end += 1;
  // Marks that folded away after the last letter (an accent written as its own code point) belong to it.
  while (end < cuts.length - 1 && /^\p{M}+$/u.test(s.slice(cuts[end], cuts[end + 1]))) end += 1;
  return [cuts[start], cuts[end]];
}
