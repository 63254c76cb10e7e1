// Cover drawings of Pinboard posts: a cover spec {t: template, h: height / width}
// becomes an inline SVG string. Each template is a flat illustration drawn for this
// app on a 100-wide canvas, in the template's two colours (world.covers).

const ART = {
  loaf: (f) => `<path d="M18 70c-4-22 14-38 32-38s36 16 32 38z" fill="${f}"/><path d="M18 70h64v8H18z" fill="${f}" opacity=".7"/>`
    + '<path d="M34 46l6 10M48 42l6 11M62 46l6 10" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".75"/>',
  leaf: (f) => `<path d="M50 84C20 70 22 30 62 18c14 28 10 56-12 66z" fill="${f}"/><path d="M50 84C52 60 56 40 62 18" stroke="#fff" stroke-width="2.5" fill="none" opacity=".7"/>`
    + '<path d="M53 62l-12-8M55 48l-10-9M57 36l8-6M55 54l10-6" stroke="#fff" stroke-width="1.8" opacity=".6"/>',
  peak: (f) => `<circle cx="72" cy="28" r="9" fill="${f}" opacity=".45"/><path d="M8 82l28-44 16 22 12-16 28 38z" fill="${f}"/>`
    + '<path d="M30 47l6-9 6 9-3 3-3-3-3 3z" fill="#fff" opacity=".9"/>',
  book: (f) => `<path d="M14 30c12-6 24-6 36 2v48c-12-8-24-8-36-2z" fill="${f}"/><path d="M86 30c-12-6-24-6-36 2v48c12-8 24-8 36-2z" fill="${f}" opacity=".75"/>`
    + '<path d="M22 42c7-3 14-3 21 0M22 52c7-3 14-3 21 0M57 42c7-3 14-3 21 0M57 52c7-3 14-3 21 0" stroke="#fff" stroke-width="2" opacity=".7" fill="none"/>',
  mug: (f) => `<path d="M24 40h42v30a10 10 0 01-10 10H34a10 10 0 01-10-10z" fill="${f}"/><path d="M66 46h6a8 8 0 010 16h-6" stroke="${f}" stroke-width="5" fill="none"/>`
    + `<path d="M36 30c-4-5 4-8 0-14M46 30c-4-5 4-8 0-14M56 30c-4-5 4-8 0-14" stroke="${f}" stroke-width="2.5" fill="none" opacity=".6"/>`,
  yarn: (f) => `<circle cx="46" cy="54" r="26" fill="${f}"/><path d="M26 40c14 4 30 18 36 36M24 54c14 2 28 12 32 24M34 30c12 8 24 24 28 40M58 30c-10 8-22 26-24 46" stroke="#fff" stroke-width="2" fill="none" opacity=".55"/>`
    + `<path d="M70 22l14 48M78 20l8 50" stroke="${f}" stroke-width="3" stroke-linecap="round" opacity=".8"/>`,
  tent: (f) => `<path d="M10 80l40-52 40 52z" fill="${f}"/><path d="M50 28v52M42 80l8-22 8 22z" fill="#fff" stroke="#fff" stroke-width="1.5" opacity=".8"/>`
    + `<path d="M4 82h92" stroke="${f}" stroke-width="3" opacity=".5"/>`,
  bowl: (f) => `<path d="M18 50h64a32 32 0 01-64 0z" fill="${f}"/><ellipse cx="50" cy="50" rx="32" ry="6" fill="#fff" opacity=".5"/>`
    + `<circle cx="40" cy="46" r="4" fill="${f}" opacity=".8"/><circle cx="54" cy="44" r="5" fill="${f}" opacity=".6"/><circle cx="62" cy="48" r="3" fill="${f}"/>`,
  shelf: (f) => `<rect x="12" y="62" width="76" height="7" rx="2" fill="${f}"/><rect x="20" y="36" width="9" height="26" fill="${f}" opacity=".8"/>`
    + `<rect x="31" y="40" width="8" height="22" fill="${f}" opacity=".6"/><rect x="41" y="33" width="10" height="29" fill="${f}" opacity=".9"/>`
    + `<path d="M62 62c0-10 4-16 10-16s10 6 10 16z" fill="${f}" opacity=".7"/><path d="M72 46c0-8 6-12 6-18" stroke="${f}" stroke-width="2" fill="none"/>`,
  camera: (f) => `<rect x="16" y="34" width="68" height="44" rx="8" fill="${f}"/><rect x="30" y="26" width="18" height="10" rx="3" fill="${f}"/>`
    + '<circle cx="50" cy="56" r="15" fill="#fff" opacity=".85"/><circle cx="50" cy="56" r="9" fill="#000" opacity=".35"/><circle cx="74" cy="42" r="3" fill="#fff" opacity=".8"/>',
  jar: (f) => `<rect x="34" y="18" width="32" height="10" rx="3" fill="${f}"/><path d="M30 32h40v44a8 8 0 01-8 8H38a8 8 0 01-8-8z" fill="${f}" opacity=".85"/>`
    + '<circle cx="42" cy="50" r="3" fill="#fff" opacity=".7"/><circle cx="54" cy="60" r="4" fill="#fff" opacity=".6"/><circle cx="46" cy="70" r="2.5" fill="#fff" opacity=".7"/><path d="M30 44h40" stroke="#fff" stroke-width="2" opacity=".6"/>',
  sun: (f) => `<circle cx="50" cy="58" r="20" fill="${f}"/><path d="M50 24v10M50 82v10M16 58h10M74 58h10M26 34l7 7M74 34l-7 7" stroke="${f}" stroke-width="4" stroke-linecap="round"/>`
    + `<path d="M6 74h88v26H6z" fill="${f}" opacity=".35"/>`,
};

/** Return the SVG markup of a cover: {t, h} with the colours of world.covers. */
export function coverSvg(world, cover, key) {
  const spec = (world.covers || []).find((c) => c.id === (cover && cover.t)) || { id: 'sun', bg: '#eef0f5', fg: '#7c8294' };
  const ratio = Math.min(1.6, Math.max(0.8, Number(cover && cover.h) || 1.2));
  const h = Math.round(100 * ratio);
  const dy = Math.round((h - 100) / 2);
  const art = (ART[spec.id] || ART.sun)(spec.fg);
  const dots = `<pattern id="dp-${key}" width="10" height="10" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1" fill="${spec.fg}" opacity=".14"/></pattern>`;
  return `<svg viewBox="0 0 100 ${h}" width="100%" height="100%" preserveAspectRatio="xMidYMid slice" xmlns="http://www.w3.org/2000/svg"><defs>${dots}</defs>`
    + `<rect width="100" height="${h}" fill="${spec.bg}"/><rect width="100" height="${h}" fill="url(#dp-${key})"/><g transform="translate(0 ${dy})">${art}</g></svg>`;
}

/** Return the height / width ratio of a cover. */
export function coverRatio(cover) {
  return Math.min(1.6, Math.max(0.8, Number(cover && cover.h) || 1.2));
}
