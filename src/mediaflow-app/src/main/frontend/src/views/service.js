// Service: what the workers did with the media service's three APIs, from the plugin's meters (Spring Boot's
// /actuator/metrics, the same meters /actuator/prometheus renders): calls per minute, failures by the service's
// code, and the waits open. The meters count since this application started.
import { h, update } from '../dom.js';
import { every } from '../refresh.js';

const APIS = ['transcoding', 'live', 'delivery'];
const CALLS = 'mediaflow.api.calls';
const WAITS_OPEN = 'mediaflow.waits.open';
const MINUTE = 60_000;

/** A meter's measurement and tags; a meter nothing has recorded yet is not there (404): nothing to show. */
async function meter(name, tags = {}) {
  const query = Object.entries(tags).map(([key, value]) => `tag=${encodeURIComponent(`${key}:${value}`)}`).join('&');
  const response = await fetch(`/actuator/metrics/${name}${query ? `?${query}` : ''}`);
  if (response.status === 404) {
    return null;
  }
  if (!response.ok) {
    throw new Error(`/actuator/metrics/${name} answered HTTP ${response.status}`);
  }
  return response.json();
}

const measured = (answer, statistic) =>
  answer?.measurements.find((measurement) => measurement.statistic === statistic)?.value ?? 0;
const tagValues = (answer, tag) => answer?.availableTags.find((available) => available.tag === tag)?.values ?? [];

/** One API's figures now: calls so far, failures by code, waits open. */
async function figures(api) {
  const calls = await meter(CALLS, { api });
  const failures = [];
  for (const code of tagValues(calls, 'code').filter((code) => code !== 'none').sort()) {
    failures.push({ code, count: measured(await meter(CALLS, { api, code }), 'COUNT') });
  }
  let waits = 0;
  const open = await meter(WAITS_OPEN);
  for (const operation of tagValues(open, 'operation').filter((type) => type.startsWith(`mediaflow.${api}.`))) {
    waits += measured(await meter(WAITS_OPEN, { operation }), 'VALUE');
  }
  return { api, calls: measured(calls, 'COUNT'), failures, waits };
}

export async function servicePage() {
  const body = h('tbody');
  // Earlier readings, to turn the counts into calls per minute over the last minute (or as long as the page is open).
  const readings = [];

  const load = async () => {
    const now = Date.now();
    const current = await Promise.all(APIS.map(figures));
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
