// A tiny hyperscript helper: views build real DOM nodes with it, no framework.

/**
 * Create an element.
 * @param {string} tag  tag name, optionally with classes: "div.row.active"
 * @param {object|null} props  attributes; `on*` functions become listeners, `style` may be an object
 * @param {...any} children  nodes, strings, numbers, arrays; null/false/undefined are skipped
 * @returns {HTMLElement}
 */
export function h(tag, props, ...children) {
  const [name, ...classes] = tag.split('.');
  const el = document.createElement(name || 'div');
  if (classes.length) el.className = classes.join(' ');
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === 'style' && typeof value === 'object') {
      Object.assign(el.style, value);
    } else if (key === 'class') {
      el.className = [el.className, value].filter(Boolean).join(' ');
    } else if (key === 'value' || key === 'checked') {
      el[key] = value;
    } else if (key === 'html') {
      el.innerHTML = value;
    } else {
      el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/**
 * Create an inline SVG icon from one path string on a 24×24 grid.
 * @param {string} path  the path's `d`
 * @param {object} [opts]
 * @param {number} [opts.size=24]  width and height in px
 * @param {string} [opts.color='currentColor']  fill (or stroke when `outline`)
 * @param {boolean} [opts.evenodd=false]  set fill-rule="evenodd" so inner sub-paths cut holes
 * @param {boolean} [opts.outline=false]  draw the path's outline (stroke, no fill) instead of filling it
 * @param {number} [opts.strokeWidth=2]  stroke width when `outline`
 */
export function icon(path, { size = 24, color = 'currentColor', evenodd = false, outline = false, strokeWidth = 2 } = {}) {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', size);
  svg.setAttribute('height', size);
  const p = document.createElementNS(ns, 'path');
  p.setAttribute('d', path);
  if (outline) {
    p.setAttribute('fill', 'none');
    p.setAttribute('stroke', color);
    p.setAttribute('stroke-width', strokeWidth);
    p.setAttribute('stroke-linejoin', 'round');
  } else {
    p.setAttribute('fill', color);
  }
  if (evenodd) p.setAttribute('fill-rule', 'evenodd');
  svg.append(p);
  return svg;
}
