// A few helpers to build the DOM without a framework.

/** An element with attributes (on* are listeners) and children (strings become text, null is skipped). */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) {
      continue;
    }
    if (name.startsWith('on')) {
      element.addEventListener(name.slice(2).toLowerCase(), value);
    } else {
      element.setAttribute(name, value === true ? '' : value);
    }
  }
  element.append(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
  return element;
}

/** A link that the router follows without reloading the page. */
export const link = (href, text, attributes = {}) => h('a', { href, ...attributes }, text);

/** How long ago, in words: "12 s", "5 min", "3 h", "2 d". */
export function age(isoDate, now = Date.now()) {
  if (!isoDate) {
    return '';
  }
  const seconds = Math.max(0, Math.round((now - Date.parse(isoDate)) / 1000));
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86400)} d`;
}

export const time = (isoDate) => (isoDate ? new Date(isoDate).toLocaleString() : '');

/** A box saying why something failed, with the API's detail. */
export function problemBox(error) {
  return h('div', { class: 'problem', role: 'alert' }, error.message);
}

/** Shows the current page again, as it now is (after a change made on it). */
export function reloadView() {
  window.dispatchEvent(new Event('console:navigate'));
}

/** Goes to a page of the console without reloading (main.js renders it). */
export function navigate(path) {
  history.pushState(null, '', path);
  window.dispatchEvent(new Event('console:navigate'));
}

const shownData = new WeakMap();

/**
 * Fills the container with build(data), unless it already shows the same data: a refresh that changes nothing
 * leaves the page alone, and with it what someone is reading, typing in or clicking.
 */
export function update(container, data, build) {
  const signature = JSON.stringify(data);
  if (shownData.get(container) === signature) {
    return;
  }
  shownData.set(container, signature);
  container.replaceChildren(...[build(data)].flat().filter((child) => child !== null && child !== undefined));
}
