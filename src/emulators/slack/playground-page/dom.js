// Tiny DOM builder. Message data only ever reaches the page through text nodes and
// attributes set here — never through innerHTML — so hostile text stays text.

/**
 * h('div', { class: 'x', onclick: fn, 'aria-label': 'y' }, child, 'text', [more])
 * Children may be nodes, strings (become text nodes), arrays, null/undefined/false (skipped).
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (key.startsWith('on') && typeof value === 'function') {
        el.addEventListener(key.slice(2), value);
      } else if (key === 'class') {
        el.className = value;
      } else if (key === 'dataset') {
        Object.assign(el.dataset, value);
      } else if (key === 'style' && typeof value === 'object') {
        Object.assign(el.style, value);
      } else if (key === 'href' || key === 'src') {
        el.setAttribute(key, safeUrl(value));
      } else {
        el.setAttribute(key, value === true ? '' : String(value));
      }
    }
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
  return el;
}

export function text(value) {
  return document.createTextNode(String(value ?? ''));
}

/** Only http(s), mailto, slack: and relative/data-image URLs survive; anything else (javascript:) becomes '#'. */
export function safeUrl(url) {
  const value = String(url ?? '').trim();
  if (/^(https?:|mailto:|slack:|tel:)/i.test(value)) return value;
  if (/^data:image\/(png|gif|jpe?g|webp|svg\+xml);/i.test(value)) return value;
  if (/^[/#?]/.test(value) || value === '') return value || '#';
  return '#';
}

/** An external link that always opens in a new tab without giving it our window. */
export function externalLink(url, children, className = 'link') {
  return h('a', { class: className, href: url, target: '_blank', rel: 'noopener noreferrer' }, children);
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}
