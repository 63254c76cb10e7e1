// Poster drawings of the Clips app: a scene spec {t: template, c: [c0, c1, c2]}
// becomes an inline SVG string (viewBox 90×160, 9:16). Positions of stars, confetti
// and windows come from a small hash of the clip id, so a clip always looks the same.

/** Return a deterministic pseudo-random generator seeded from a string. */
function rng(seedText) {
  let s = 2166136261;
  for (const ch of String(seedText)) s = Math.imul(s ^ ch.charCodeAt(0), 16777619) >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n) => Math.round(n * 10) / 10;

function grad(id, top, bottom) {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="90" height="160" fill="url(#${id})"/>`;
}

const DRAW = {
  sunrise(c, r, g) {
    return `${grad(g, c[0], c[1])}<circle cx="45" cy="92" r="24" fill="${c[2]}"/>`
      + '<path d="M0 108 Q22 88 45 104 T90 98 V160 H0z" fill="#000" opacity=".18"/>'
      + '<path d="M0 124 Q30 106 58 122 T90 118 V160 H0z" fill="#000" opacity=".28"/>'
      + '<path d="M0 142 Q40 128 90 140 V160 H0z" fill="#000" opacity=".38"/>';
  },
  waves(c, r, g) {
    let s = grad(g, c[0], c[1]);
    for (let i = 0; i < 5; i += 1) {
      const y = 70 + i * 18;
      const a = r1(6 + r() * 6);
      s += `<path d="M0 ${y} q11 -${a} 22 0 t22 0 t22 0 t24 0 V160 H0z" fill="${c[2]}" opacity="${r1(0.25 + i * 0.14)}"/>`;
    }
    return s + `<circle cx="${r1(20 + r() * 50)}" cy="34" r="9" fill="#fff" opacity=".85"/>`;
  },
  skyline(c, r, g) {
    let s = grad(g, c[0], c[1]) + `<circle cx="66" cy="38" r="11" fill="#fff" opacity=".8"/>`;
    let x = -2;
    while (x < 90) {
      const w = 10 + Math.floor(r() * 10);
      const top = 70 + Math.floor(r() * 50);
      s += `<rect x="${x}" y="${top}" width="${w}" height="${160 - top}" fill="${c[2]}"/>`;
      for (let wy = top + 5; wy < 150; wy += 8) {
        for (let wx = x + 2; wx < x + w - 3; wx += 5) {
          if (r() < 0.45) s += `<rect x="${wx}" y="${wy}" width="2.5" height="3.5" fill="#ffe8a3" opacity=".9"/>`;
        }
      }
      x += w + 1;
    }
    return s;
  },
  starfield(c, r, g) {
    let s = grad(g, c[0], c[1]);
    for (let i = 0; i < 34; i += 1) s += `<circle cx="${r1(r() * 90)}" cy="${r1(r() * 160)}" r="${r1(0.4 + r() * 0.9)}" fill="#fff" opacity="${r1(0.5 + r() * 0.5)}"/>`;
    const cx = r1(30 + r() * 30);
    return s + `<circle cx="${cx}" cy="82" r="17" fill="${c[2]}"/><ellipse cx="${cx}" cy="82" rx="30" ry="7" fill="none" stroke="#fff" stroke-width="2" opacity=".75" transform="rotate(-18 ${cx} 82)"/>`;
  },
  garden(c, r, g) {
    let s = grad(g, c[0], '#ffffff') + `<rect y="122" width="90" height="38" fill="${c[1]}"/>`;
    for (let i = 0; i < 6; i += 1) {
      const x = r1(8 + i * 14 + r() * 6);
      const top = r1(62 + r() * 40);
      s += `<path d="M${x} 124 V${top}" stroke="${c[1]}" stroke-width="2.2"/><ellipse cx="${r1(x + 5)}" cy="${r1(top + 18)}" rx="5" ry="2.4" fill="${c[1]}"/>`;
      s += `<circle cx="${x}" cy="${top}" r="6" fill="${c[2]}"/><circle cx="${x}" cy="${top}" r="2.2" fill="#fff6c9"/>`;
    }
    return s;
  },
  confetti(c, r, g) {
    let s = grad(g, c[0], c[0]);
    for (let i = 0; i < 42; i += 1) {
      const x = r1(r() * 88);
      const y = r1(r() * 158);
      const col = r() < 0.5 ? c[1] : c[2];
      s += r() < 0.5
        ? `<rect x="${x}" y="${y}" width="5" height="2.5" fill="${col}" transform="rotate(${Math.floor(r() * 180)} ${x} ${y})"/>`
        : `<circle cx="${x}" cy="${y}" r="${r1(1.2 + r() * 1.5)}" fill="${col}"/>`;
    }
    return s + `<circle cx="45" cy="80" r="20" fill="#fff" opacity=".55"/>`;
  },
  mountains(c, r, g) {
    const p = r1(30 + r() * 25);
    return `${grad(g, c[0], '#ffffff')}<path d="M-10 130 L${p} 58 L${p + 40} 130z" fill="${c[1]}"/>`
      + `<path d="M${p - 11} 78 L${p} 58 L${p + 11} 78 L${p + 4} 74 L${p - 3} 80z" fill="${c[2]}"/>`
      + `<path d="M30 135 L68 76 L110 135z" fill="${c[1]}" opacity=".75"/><path d="M61 87 L68 76 L75 87 L70 84z" fill="${c[2]}"/>`
      + '<rect y="128" width="90" height="32" fill="#000" opacity=".22"/>';
  },
  rain(c, r, g) {
    let s = grad(g, c[0], c[1]);
    for (let i = 0; i < 26; i += 1) {
      const x = r1(r() * 92);
      const y = r1(40 + r() * 115);
      s += `<path d="M${x} ${y} l-3 9" stroke="${c[2]}" stroke-width="1.1" opacity=".8"/>`;
    }
    return s + `<g fill="${c[2]}" opacity=".95"><circle cx="30" cy="34" r="11"/><circle cx="44" cy="28" r="14"/><circle cx="58" cy="35" r="10"/><rect x="20" y="35" width="48" height="10" rx="5"/></g>`;
  },
};

/** Return the SVG markup of a scene; `key` (a clip id) fixes the scattered details. */
export function posterSvg(scene, key) {
  const t = scene && DRAW[scene.t] ? scene.t : 'confetti';
  const c = scene && Array.isArray(scene.c) && scene.c.length >= 3 ? scene.c : ['#dfe3ee', '#7c8294', '#3a4055'];
  const gid = `g-${String(key).replace(/[^A-Za-z0-9_-]/g, '')}-${t}`;
  return `<svg viewBox="0 0 90 160" preserveAspectRatio="xMidYMid slice" width="100%" height="100%" xmlns="http://www.w3.org/2000/svg">${DRAW[t](c, rng(key), gid)}</svg>`;
}
