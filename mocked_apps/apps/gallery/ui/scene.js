// Draws a photo: an original picture built from the world's small scene description
// (sky, sun, hills, water, city, trees and one subject). Pure string building; the
// "random" placement comes from a hash of the photo id, so a photo always looks the same.

const LAND = { w: 120, h: 90 };

/** A deterministic generator of floats in [0, 1) seeded by a string. */
function seeded(text) {
  let s = 2166136261;
  for (const ch of String(text)) s = Math.imul(s ^ ch.charCodeAt(0), 16777619) >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Return a hex colour mixed toward white (amount > 0) or black (amount < 0). */
export function shade(hex, amount) {
  const m = /^#?([0-9a-f]{6})$/i.exec(String(hex));
  if (!m) return hex;
  const n = parseInt(m[1], 16);
  const mix = (c) => Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount));
  const r = mix(n >> 16), g = mix((n >> 8) & 255), b = mix(n & 255);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

function luminance(hex) {
  const m = /^#?([0-9a-f]{6})$/i.exec(String(hex));
  if (!m) return 1;
  const n = parseInt(m[1], 16);
  return (0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
}

const f = (n) => Math.round(n * 10) / 10;

/** Subjects, drawn around (0, 0) = bottom centre, about 40 units wide. */
const SUBJECTS = {
  lighthouse: (c) => `<ellipse cx="0" cy="2" rx="22" ry="6" fill="#6d6f78"/>
    <polygon points="-8,0 8,0 5,-42 -5,-42" fill="#f6f3ee"/>
    <polygon points="-7.3,-8 7.3,-8 6.6,-16 -6.6,-16" fill="${c}"/><polygon points="-5.9,-24 5.9,-24 5.3,-32 -5.3,-32" fill="${c}"/>
    <rect x="-5" y="-49" width="10" height="7" fill="#2b2d38"/><rect x="-3.5" y="-48" width="7" height="5" fill="#ffe27a"/>
    <polygon points="-7,-49 7,-49 0,-56" fill="${c}"/><polygon points="3,-46 40,-54 40,-38" fill="#fff6c2" opacity=".35"/>`,
  kite: (c) => `<path d="M0 0 C -6 12 6 20 -2 32 S 6 44 -4 58" stroke="#445" stroke-width=".7" fill="none"/>
    <polygon points="0,-12 8,0 0,16 -8,0" fill="${c}"/><polygon points="0,-12 8,0 0,0" fill="${shade(c, 0.35)}"/><polygon points="0,0 -8,0 0,16" fill="${shade(c, -0.25)}"/>
    <path d="M-3 24l3 2-3 2zM1 38l3 2-3 2z" fill="#ffd34a"/>`,
  mug: (c) => `<ellipse cx="0" cy="0" rx="22" ry="5" fill="#f1ece4"/><ellipse cx="0" cy="-1" rx="15" ry="3" fill="#ddd5c8"/>
    <path d="M-11 -22 h22 v17 a6 6 0 01-6 6 h-10 a6 6 0 01-6-6z" fill="${c}"/>
    <path d="M11 -18 a6 6 0 110 10" stroke="${c}" stroke-width="3" fill="none"/>
    <ellipse cx="0" cy="-22" rx="11" ry="2.6" fill="#7a4a2b"/><ellipse cx="0" cy="-22" rx="5" ry="1.2" fill="#e8c9a0"/>
    <path d="M-4 -27 c -3 -4 3 -6 0 -10 M4 -27 c -3 -4 3 -6 0 -10" stroke="#fff" stroke-width="1.2" fill="none" opacity=".75"/>`,
  cake: (c, s) => `<ellipse cx="0" cy="1" rx="26" ry="5" fill="#f4f4f6"/>
    <rect x="-18" y="-18" width="36" height="18" rx="2" fill="${c}"/><rect x="-18" y="-22" width="36" height="6" rx="2" fill="#fff8f1"/>
    <path d="M-18 -16 q3 5 6 0 q3 5 6 0 q3 5 6 0 q3 5 6 0 q3 5 6 0 q3 5 6 0" fill="#fff8f1"/>
    ${[-10, -2, 6, 12].map((x) => `<rect x="${x}" y="-30" width="2" height="8" fill="#7fb7e8"/>${s.dim
    ? `<path d="M${x + 1} -31 c -2 -3 2 -4 0 -7" stroke="#ccc" stroke-width=".8" fill="none"/>`
    : `<ellipse cx="${x + 1}" cy="-32.5" rx="1.4" ry="2.4" fill="#ffc33d"/>`}`).join('')}`,
  flowers: (c) => [-44, -30, -17, -4, 9, 22, 35, 46].map((x, i) => {
    const h = 26 + ((i * 7) % 11);
    return `<path d="M${x} 4 q ${i % 2 ? 3 : -3} ${-h / 2} 0 ${-h}" stroke="#3e8a3a" stroke-width="1.6" fill="none"/>
      <path d="M${x - 5} ${-h} q 0 -9 5 -9 q 5 0 5 9 q -5 5 -10 0z" fill="${i % 3 === 1 ? shade(c, -0.2) : c}"/>
      <path d="M${x} ${-h - 9} l 0 7" stroke="${shade(c, 0.3)}" stroke-width="1"/>`;
  }).join(''),
  greenhouse: () => `<g stroke="#fff" stroke-width="1.4" opacity=".75" fill="none">
    <path d="M-70 -10 V -70 M-35 -10 V -80 M0 -10 V -84 M35 -10 V -80 M70 -10 V -70 M-70 -58 Q 0 -110 70 -58 M-70 -35 H 70"/></g>`,
  tent: (c) => `<polygon points="-24,0 0,-30 24,0" fill="${c}"/><polygon points="0,-30 24,0 14,0" fill="${shade(c, -0.25)}"/>
    <polygon points="-6,0 0,-16 6,0" fill="#3a2a1e"/><path d="M0 -30 L -34 2 M0 -30 L 34 2" stroke="#ddd" stroke-width=".6"/>`,
  fire: (c) => `<circle cx="0" cy="-8" r="26" fill="${c}" opacity=".18"/>
    <rect x="-16" y="-4" width="32" height="5" rx="2.5" fill="#6b4226" transform="rotate(14)"/><rect x="-16" y="-4" width="32" height="5" rx="2.5" fill="#5a3820" transform="rotate(-14)"/>
    <path d="M-9 -2 C -12 -14 -3 -16 -4 -28 C 4 -20 10 -14 8 -2z" fill="${c}"/><path d="M-4 -2 C -6 -10 0 -12 1 -20 C 5 -12 7 -8 5 -2z" fill="#ffd34a"/>`,
  boat: (c) => `<path d="M-20 -4 H 20 L 14 5 H -14z" fill="#3a2c28"/><path d="M0 -4 V -42" stroke="#3a2c28" stroke-width="1.4"/>
    <polygon points="1,-40 1,-7 20,-7" fill="${c}"/><polygon points="-1,-34 -1,-8 -14,-8" fill="${shade(c, -0.15)}"/>
    <path d="M-24 8 q 6 -3 12 0 t 12 0 t 12 0 t 12 0" stroke="#fff" stroke-width=".8" fill="none" opacity=".5"/>`,
  boats: (c) => [[-34, 0, c, 0.8], [2, -6, '#f4efe6', 0.65], [34, 2, '#f2c230', 0.9]].map(([x, y, col, k]) =>
    `<g transform="translate(${x} ${y}) scale(${k})"><path d="M-16 -3 H 16 L 11 5 H -11z" fill="${col}"/>
     <rect x="-6" y="-11" width="10" height="8" fill="#f4f4f4"/><path d="M6 -3 V -24" stroke="#333" stroke-width="1.2"/></g>`).join(''),
  canoe: (c) => `<rect x="-70" y="-8" width="46" height="6" fill="#7a5533"/><path d="M-66 -2 v 12 M-34 -2 v 12" stroke="#5a3d24" stroke-width="2.4"/>
    <path d="M-20 -4 Q 8 4 36 -4 Q 8 -8 -20 -4z" fill="${c}"/><path d="M4 -14 L 14 6" stroke="#6b4a2b" stroke-width="1.6"/>
    <ellipse cx="15" cy="7" rx="2" ry="3.4" fill="#6b4a2b" transform="rotate(-26 15 7)"/>`,
  umbrella: (c) => `<rect x="-4" y="-18" width="8" height="18" rx="2" fill="#2f3340"/><circle cx="0" cy="-22" r="4" fill="#2f3340"/>
    <path d="M0 -24 V -36" stroke="#222" stroke-width="1"/>
    <path d="M-18 -34 A 18 14 0 0 1 18 -34 q -4.5 -3 -9 0 q -4.5 -3 -9 0 q -4.5 -3 -9 0 q -4.5 -3 -9 0z" fill="${c}"/>`,
  blossom: (c, s, rnd) => {
    let out = `<path d="M-4 4 L -3 -22 L -14 -36 M-3 -22 L 10 -38 M-2 -14 L 8 -22" stroke="#6b4a36" stroke-width="4" fill="none" stroke-linecap="round"/>`;
    for (let i = 0; i < 26; i += 1) {
      const a = rnd() * Math.PI * 2;
      const r = 10 + rnd() * 22;
      out += `<circle cx="${f(Math.cos(a) * r * 1.2)}" cy="${f(-40 + Math.sin(a) * r * 0.7)}" r="${f(5 + rnd() * 5)}" fill="${i % 3 ? c : shade(c, 0.35)}" opacity=".92"/>`;
    }
    return out;
  },
  bike: (c) => `<g fill="none" stroke="#2a2d36" stroke-width="2"><circle cx="-15" cy="-10" r="10"/><circle cx="15" cy="-10" r="10"/></g>
    <path d="M-15 -10 L -4 -24 H 11 L 15 -10 M-4 -24 L 1 -10 L 11 -24 M-15 -10 H 1" stroke="${c}" stroke-width="2.6" fill="none" stroke-linejoin="round"/>
    <path d="M-7 -27 H -1 M11 -24 L 9 -30 H 14" stroke="#2a2d36" stroke-width="2.2" fill="none" stroke-linecap="round"/>`,
  vase: (c) => `<ellipse cx="0" cy="2" rx="30" ry="6" fill="#8f8f96"/><ellipse cx="0" cy="0" rx="24" ry="4" fill="#b5b5bb"/>
    <path d="M-7 -44 h14 c0 6 -4 8 -4 12 c 14 6 16 28 2 32 h -6 c -14 -4 -12 -26 2 -32 c 0 -4 -4 -6 -4 -12z" fill="${c}"/>
    <path d="M-12 -20 h 24" stroke="${shade(c, 0.35)}" stroke-width="2"/>`,
  bowls: (c) => [[-26, 0, c], [0, -2, shade(c, 0.3)], [26, 0, shade(c, -0.2)]].map(([x, y, col]) =>
    `<path d="M${x - 12} ${y - 10} a 12 10 0 0 0 24 0z" fill="${col}"/><ellipse cx="${x}" cy="${y - 10}" rx="12" ry="2.4" fill="${shade(col, -0.3)}"/>`).join(''),
  plate: (c) => `<ellipse cx="0" cy="-6" rx="30" ry="10" fill="#f7f5f0"/><ellipse cx="0" cy="-7" rx="20" ry="6" fill="${c}"/>
    <path d="M-14 -8 q 5 -4 10 0 t 10 0 t 10 0 M-12 -5 q 5 -4 10 0 t 10 0" stroke="${shade(c, -0.25)}" stroke-width="1.1" fill="none"/>
    <circle cx="2" cy="-9" r="4" fill="#c0392b"/><circle cx="4" cy="-10" r="1" fill="#3e8a3a"/><path d="M34 -16 L 38 2" stroke="#b9bcc4" stroke-width="2"/>`,
  board: (c) => `<rect x="-44" y="-62" width="88" height="52" fill="#fbfcfd" stroke="#7d8592" stroke-width="2"/>
    <g stroke="${c}" stroke-width="1.6" fill="none"><rect x="-36" y="-54" width="20" height="12"/><rect x="8" y="-54" width="22" height="12"/>
    <path d="M-16 -48 H 8 M-26 -42 V -28 H 16 M19 -42 V -28" /></g><path d="M-30 -20 h 30" stroke="#e0553f" stroke-width="1.4"/>
    <rect x="-44" y="-10" width="88" height="3" fill="#7d8592"/>`,
  houses: (c, s) => [-44, -20, 4, 28].map((x, i) => {
    const h = 18 + (i % 2) * 6;
    const lit = s.night ? `<rect x="${x + 5}" y="${-h + 6}" width="4" height="4" fill="#ffd56b"/><rect x="${x + 12}" y="${-h + 6}" width="4" height="4" fill="${i % 2 ? '#ffd56b' : shade(c, 0.1)}"/>` : '';
    return `<rect x="${x}" y="${-h}" width="21" height="${h}" fill="${c}"/><polygon points="${x - 2},${-h} ${x + 10.5},${-h - 11} ${x + 23},${-h}" fill="${shade(c, -0.2)}"/>${lit}`;
  }).join(''),
  bench: (c) => `<rect x="-26" y="-22" width="52" height="4" rx="1" fill="${c}"/><rect x="-26" y="-30" width="52" height="4" rx="1" fill="${c}"/>
    <rect x="-26" y="-13" width="52" height="4" rx="1" fill="${shade(c, -0.15)}"/>
    <path d="M-22 -9 V 2 M22 -9 V 2 M-22 -30 V -9 M22 -30 V -9" stroke="#3b3b42" stroke-width="2.4"/>
    <path d="M-26 -30.5 h 52 M-26 -13.5 h 52" stroke="#fff" stroke-width="1" opacity=".9"/>`,
  sign: (c) => `<rect x="-2" y="-48" width="4" height="50" fill="${c}"/>
    <polygon points="-2,-46 22,-46 28,-41 22,-36 -2,-36" fill="${shade(c, 0.15)}"/><polygon points="2,-32 -22,-32 -28,-27 -22,-22 2,-22" fill="${shade(c, 0.15)}"/>
    <path d="M3 -41 h 16 M-19 -27 h 16" stroke="#fff" stroke-width="1.4"/>`,
  lanterns: (c) => `<path d="M-70 -74 Q 0 -50 70 -74" stroke="#3a3040" stroke-width=".8" fill="none"/>` +
    [-48, -28, -9, 10, 29, 48].map((x, i) => {
      const y = -74 + 24 * (1 - ((x / 70) ** 2)) * 0.5 + 6;
      const col = i % 2 ? shade(c, -0.2) : c;
      return `<circle cx="${x}" cy="${f(y + 6)}" r="9" fill="${col}" opacity=".22"/><ellipse cx="${x}" cy="${f(y + 6)}" rx="5" ry="6.5" fill="${col}"/>`;
    }).join(''),
  ducks: (c) => [[-22, 0, 1], [6, 4, 0.85], [26, -3, 0.75]].map(([x, y, k]) =>
    `<g transform="translate(${x} ${y}) scale(${k})"><ellipse cx="0" cy="-4" rx="9" ry="5" fill="${c}"/><circle cx="7" cy="-11" r="4" fill="${shade(c, -0.1)}"/>
     <polygon points="10,-11 15,-10 10,-9" fill="#f08a24"/><circle cx="8" cy="-12" r=".8" fill="#222"/></g>`).join(''),
};

/** Return the SVG markup of a world photo record ({id, portrait, scene}). */
export function sceneSvg(photo, { slice = false } = {}) {
  const s = (photo && photo.scene) || {};
  const W = photo && photo.portrait ? 90 : 120;
  const H = photo && photo.portrait ? 120 : 90;
  const sx = (x) => f((x * W) / LAND.w);
  const sy = (y) => f((y * H) / LAND.h);
  const rnd = seeded(photo ? photo.id : 'x');
  const gid = `sky-${photo ? photo.id : 'x'}`;
  const parts = [];
  const sky = s.indoor ? [s.indoor[0], shade(s.indoor[0], -0.08)] : (s.sky || ['#9cc9ee', '#e9f5ff']);
  const night = !s.indoor && luminance(sky[0]) < 0.3;
  parts.push(`<defs><linearGradient id="${gid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>`);
  parts.push(`<rect width="${W}" height="${H}" fill="url(#${gid})"/>`);
  const horizon = H * 0.62;
  const groundY = H * (s.indoor ? 0.66 : 0.74);
  if (s.indoor) {
    parts.push(`<rect x="0" y="${f(groundY)}" width="${W}" height="${f(H - groundY)}" fill="${s.indoor[1]}"/>`);
    parts.push(`<rect x="0" y="${f(groundY)}" width="${W}" height="2" fill="${shade(s.indoor[1], 0.2)}"/>`);
    if (s.sunbeam) parts.push(`<polygon points="0,0 ${f(W * 0.35)},0 ${f(W * 0.75)},${f(groundY)} ${f(W * 0.3)},${f(groundY)}" fill="#fff" opacity=".22"/>`);
  }
  for (let i = 0; i < (s.stars || 0); i += 1) {
    parts.push(`<circle cx="${f(rnd() * W)}" cy="${f(rnd() * H * 0.55)}" r="${f(0.3 + rnd() * 0.6)}" fill="#fff" opacity="${f(0.5 + rnd() * 0.5)}"/>`);
  }
  if (s.sun) parts.push(`<circle cx="${sx(s.sun[0])}" cy="${sy(s.sun[1])}" r="${f(s.sun[2] * 1.9)}" fill="#fff3c4" opacity=".35"/><circle cx="${sx(s.sun[0])}" cy="${sy(s.sun[1])}" r="${s.sun[2]}" fill="#ffd54a"/>`);
  if (s.moon) {
    const [mx, my, mr] = s.moon;
    parts.push(`<circle cx="${sx(mx)}" cy="${sy(my)}" r="${f(mr * 1.8)}" fill="#f4f1d0" opacity=".12"/><circle cx="${sx(mx)}" cy="${sy(my)}" r="${mr}" fill="#f4f1d6"/>
      <circle cx="${f(sx(mx) - mr * 0.3)}" cy="${f(sy(my) - mr * 0.2)}" r="${f(mr * 0.22)}" fill="#dcd8b8"/><circle cx="${f(sx(mx) + mr * 0.35)}" cy="${f(sy(my) + mr * 0.3)}" r="${f(mr * 0.15)}" fill="#dcd8b8"/>`);
  }
  for (let i = 0; i < (s.clouds || 0); i += 1) {
    const cx = f(10 + rnd() * (W - 30));
    const cy = f(8 + rnd() * H * 0.25);
    parts.push(`<g fill="#fff" opacity=".88"><ellipse cx="${cx}" cy="${cy}" rx="11" ry="4.5"/><ellipse cx="${f(cx + 6)}" cy="${f(cy - 3)}" rx="7" ry="5"/><ellipse cx="${f(cx - 5)}" cy="${f(cy - 1.5)}" rx="5" ry="3.5"/></g>`);
  }
  (s.hills || []).forEach(([color, height]) => {
    const top = H * (1 - height);
    const n = 3;
    let d = `M0 ${H} L0 ${f(top + rnd() * H * 0.12)}`;
    for (let i = 1; i <= n; i += 1) {
      const x = (W * i) / n;
      const peak = top - rnd() * H * 0.1;
      d += ` Q ${f(x - W / n / 2)} ${f(peak - H * 0.08)} ${f(x)} ${f(top + rnd() * H * 0.12)}`;
    }
    parts.push(`<path d="${d} L ${W} ${H}z" fill="${color}"/>`);
  });
  if (s.city) {
    const [color, n] = s.city;
    const base = s.water ? horizon : groundY;
    const bw = W / n;
    for (let i = 0; i < n; i += 1) {
      const bh = H * (0.12 + rnd() * 0.22);
      const x = i * bw + rnd() * 2;
      parts.push(`<rect x="${f(x)}" y="${f(base - bh)}" width="${f(bw - 1.5)}" height="${f(bh)}" fill="${color}"/>`);
      if (night || s.rain) {
        for (let k = 0; k < 4; k += 1) {
          if (rnd() < 0.5) parts.push(`<rect x="${f(x + 2 + (k % 2) * 4)}" y="${f(base - bh + 3 + Math.floor(k / 2) * 5)}" width="2" height="2.5" fill="#ffd873" opacity=".9"/>`);
        }
      }
    }
  }
  if (s.water) {
    parts.push(`<rect x="0" y="${f(horizon)}" width="${W}" height="${f(H - horizon)}" fill="${s.water}"/>`);
    if (s.sun) {
      const x = sx(s.sun[0]);
      for (let i = 0; i < 5; i += 1) {
        const y = horizon + 3 + i * 4;
        parts.push(`<rect x="${f(x - 7 + i * 1.2)}" y="${f(y)}" width="${f(14 - i * 2.4)}" height="1.3" fill="#ffd54a" opacity=".6"/>`);
      }
    }
    for (let i = 0; i < 6; i += 1) {
      parts.push(`<path d="M${f(rnd() * W)} ${f(horizon + 4 + rnd() * (H - horizon - 6))} q 3 -1.5 6 0" stroke="#fff" stroke-width=".6" fill="none" opacity=".45"/>`);
    }
  }
  if (s.sand) parts.push(`<path d="M0 ${f(H * 0.84)} Q ${f(W * 0.5)} ${f(H * 0.78)} ${W} ${f(H * 0.86)} V ${H} H 0z" fill="${s.sand}"/>`);
  if (s.ground) parts.push(`<rect x="0" y="${f(groundY)}" width="${W}" height="${f(H - groundY)}" fill="${s.ground}"/>`);
  if (s.pond) parts.push(`<ellipse cx="${f(W * 0.42)}" cy="${f(groundY + (H - groundY) * 0.5)}" rx="${f(W * 0.36)}" ry="${f((H - groundY) * 0.32)}" fill="${s.pond}"/>`);
  if (s.trees) {
    const [color, n, kind] = s.trees;
    for (let i = 0; i < n; i += 1) {
      const x = ((i + 0.5) * W) / n + (rnd() - 0.5) * 8;
      const base = groundY + 1 + rnd() * 3;
      const h = H * (0.22 + rnd() * 0.16);
      if (kind === 'pine') {
        parts.push(`<rect x="${f(x - 1)}" y="${f(base - 4)}" width="2" height="5" fill="#4a3526"/><polygon points="${f(x - h * 0.28)},${f(base - 3)} ${f(x)},${f(base - h)} ${f(x + h * 0.28)},${f(base - 3)}" fill="${color}"/>`);
      } else if (kind === 'bare') {
        parts.push(`<path d="M${f(x)} ${f(base)} V ${f(base - h)} M${f(x)} ${f(base - h * 0.6)} l -6 -8 M${f(x)} ${f(base - h * 0.75)} l 5 -7" stroke="${color}" stroke-width="1.6" fill="none"/>`);
      } else {
        parts.push(`<rect x="${f(x - 1.2)}" y="${f(base - h * 0.5)}" width="2.4" height="${f(h * 0.5)}" fill="#5a4030"/><circle cx="${f(x)}" cy="${f(base - h * 0.62)}" r="${f(h * 0.3)}" fill="${color}"/>`);
      }
    }
  }
  if (s.obj && SUBJECTS[s.obj]) {
    const k = Math.min(W, H) / 90;
    let ox = W / 2;
    let oy = s.indoor ? groundY + (H - groundY) * 0.55 : s.water && !s.sand ? horizon + (H - horizon) * 0.45 : H * 0.9;
    if (s.obj === 'kite') { ox = W * 0.64; oy = H * 0.3; }
    if (s.obj === 'lanterns') oy = H * 0.95;
    if (s.obj === 'greenhouse') oy = H;
    if (s.obj === 'houses') oy = groundY + 1;
    if (s.obj === 'ducks') { ox = W * 0.42; oy = groundY + (H - groundY) * 0.55; }
    if (s.obj === 'canoe') oy = horizon + (H - horizon) * 0.5;
    parts.push(`<g transform="translate(${f(ox)} ${f(oy)}) scale(${f(k)})">${SUBJECTS[s.obj](s.oc || '#d9383a', { ...s, night }, rnd)}</g>`);
  }
  if (s.fog) parts.push(`<rect x="0" y="${f(H * 0.35)}" width="${W}" height="${f(H * 0.4)}" fill="#fff" opacity=".32"/><rect x="0" y="${f(H * 0.5)}" width="${W}" height="${f(H * 0.2)}" fill="#fff" opacity=".25"/>`);
  if (s.rain) {
    let d = '';
    for (let i = 0; i < 40; i += 1) { const x = rnd() * W; const y = rnd() * H; d += `M${f(x)} ${f(y)} l -1.5 5 `; }
    parts.push(`<path d="${d}" stroke="#dfe6ef" stroke-width=".5" opacity=".7"/>`);
  }
  if (s.dim) parts.push(`<rect width="${W}" height="${H}" fill="#0b0b18" opacity=".35"/>`);
  const aspect = slice ? 'xMidYMid slice' : 'xMidYMid meet';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" preserveAspectRatio="${aspect}" width="100%" height="100%">${parts.join('')}</svg>`;
}
