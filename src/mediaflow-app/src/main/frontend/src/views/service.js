// Service: what the workers did with the media service's three APIs, from the plugin's meters: calls per minute,
// failures by the service's code, and the waits open. One read of /actuator/prometheus per refresh gives them all,
// for every API at once. The meters count since this application started.
import { h, update } from '../dom.js';
import { every } from '../refresh.js';

const APIS = ['transcoding', 'live', 'delivery'];
// The meters mediaflow.api.calls (a timer: its count) and mediaflow.waits.open, as Prometheus names them.
const CALLS = 'mediaflow_api_calls_seconds_count';
const WAITS_OPEN = 'mediaflow_waits_open';
const MINUTE = 60_000;

// One sample line of Prometheus's text format, `name{label="value",...} value`, and one label of it.
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;
const ESCAPED = { '\\\\': '\\', '\\"': '"', '\\n': '\n' };

/** The samples of the meters named `names`, each with its labels and value; comment lines are none. */
function samples(text, names) {
  const found = [];
  for (const line of text.split('\n')) {
    const sample = SAMPLE.exec(line);
    if (sample && names.includes(sample[1])) {
      const labels = {};
      for (const [, key, value] of (sample[2] ?? '').matchAll(LABEL)) {
        labels[key] = value.replace(/\\./g, (escape) => ESCAPED[escape] ?? escape);
      }
      found.push({ name: sample[1], labels, value: Number(sample[3]) });
    }
  }
  return found;
}

async function scrape() {
  const response = await fetch('/actuator/prometheus', { headers: { Accept: 'text/plain' } });
  if (!response.ok) {
    throw new Error(`/actuator/prometheus answered HTTP ${response.status}`);
  }
  return samples(await response.text(), [CALLS, WAITS_OPEN]);
}

/** One API's figures in the samples: calls so far, failures by code, waits open (its job types' own). */
function figures(scraped, api) {
  let calls = 0;
  let waits = 0;
  const failed = new Map();
  for (const { name, labels, value } of scraped) {
    if (name === CALLS && labels.api === api) {
      calls += value;
      if (labels.code !== 'none') {
        failed.set(labels.code, (failed.get(labels.code) ?? 0) + value);
      }
    } else if (name === WAITS_OPEN && labels.operation?.startsWith(`mediaflow.${api}.`)) {
      waits += value;
    }
  }
  const failures = [...failed.keys()].sort().map((code) => ({ code, count: failed.get(code) }));
  return { api, calls, failures, waits };
}

export async function servicePage() {
  const body = h('tbody');
  // Earlier readings, to turn the counts into calls per minute over the last minute (or as long as the page is open).
  const readings = [];

  const load = async () => {
    const now = Date.now();
    const scraped = await scrape();
    const current = APIS.map((api) => figures(scraped, api));
    readings.push({ at: now, calls: Object.fromEntries(current.map((api) => [api.api, api.calls])) });
    while (readings.length > 2 && readings[1].at <= now - MINUTE) {
      readings.shift();
    }
    const since = readings[0];
    const minutes = (now - since.at) / MINUTE;
    const rows = current.map((api) => ({
      ...api,
      perMinute: minutes > 0 ? Math.round((api.calls - since.calls[api.api]) / minutes) : null
    }));
    update(body, rows, () => rows.map((api) => h('tr', { 'data-api': api.api },
      h('th', { scope: 'row' }, api.api),
      h('td', { class: 'calls-per-minute' }, api.perMinute === null ? 'measuring…' : String(api.perMinute)),
      h('td', { class: 'calls' }, String(api.calls)),
      h('td', { class: 'failures' }, api.failures.length
        ? h('ul', {}, ...api.failures.map((failure) => h('li', { 'data-code': failure.code },
          h('code', {}, failure.code), ` × ${failure.count}`)))
        : 'none'),
      h('td', { class: 'waits' }, String(api.waits)))));
  };
  await load();
  return {
    element: h('section', {}, h('h1', {}, 'Service'),
      h('p', { class: 'meta' }, 'The workers\' calls to the media service since this application started, from its '
        + 'meters (also at ', h('code', {}, '/actuator/prometheus'), ').'),
      h('table', { id: 'service' },
        h('thead', {}, h('tr', {}, h('th', {}, 'API'), h('th', {}, 'Calls per minute'), h('th', {}, 'Calls'),
          h('th', {}, 'Failures by code'), h('th', {}, 'Waits open'))),
        body)),
    stop: every(load, 5_000)
  };
}
