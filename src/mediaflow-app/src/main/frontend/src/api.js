// The console talks to the Orchestration Cluster REST API (/v2) of Camunda 8.8, so it works the same against the
// embedded engine and a real cluster. Keys are strings there (they exceed JavaScript's safe integers). Its task list
// alone asks the application's own API (/console/api), which lists the job-based user tasks of processes an earlier
// version deployed beside the Camunda user tasks the REST API lists; each task is then worked through /v2.

const REST_API = '/v2';

/** The console's own API: the same task search over job-based user tasks too. */
export const CONSOLE_API = '/console/api';

/** A refused request: the API's problem detail (RFC 9457), whose `detail` says why. */
export class ApiProblem extends Error {
  constructor(status, problem, request) {
    super(problem?.detail || problem?.title || `${request} answered HTTP ${status}`);
    this.status = status;
    this.problem = problem;
  }
}

async function call(method, path, body, api = REST_API) {
  // A multipart body (an upload) sets its own Content-Type, with its boundary.
  const multipart = body instanceof FormData;
  const response = await fetch(`${api}${path}`, {
    method,
    headers: body === undefined || multipart ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined || multipart ? body : JSON.stringify(body)
  });
  const type = response.headers.get('Content-Type') ?? '';
  const text = await response.text();
  const payload = type.includes('json') && text ? JSON.parse(text) : text;
  if (!response.ok) {
    throw new ApiProblem(response.status, typeof payload === 'object' ? payload : { detail: payload || undefined },
      `${method} ${api}${path}`);
  }
  return payload;
}

export const get = (path) => call('GET', path);

/** Uploads a file as Tasklist does, into the cluster's document store; its Camunda document reference. */
export function uploadDocument(file) {
  const body = new FormData();
  body.append('file', file, file.name);
  body.append('metadata', new Blob([JSON.stringify({ contentType: file.type || undefined, fileName: file.name })],
    { type: 'application/json' }));
  return call('POST', '/documents', body);
}

export const post = (path, body = {}) => call('POST', path, body);
export const patch = (path, body) => call('PATCH', path, body);
export const put = (path, body) => call('PUT', path, body);
export const del = (path) => call('DELETE', path);

/** Every item of a search, page after page; of the REST API unless another `api` is named. */
export async function searchAll(path, filter = {}, sort, api = REST_API) {
  const limit = 100;
  const items = [];
  for (let from = 0; ; from += limit) {
    const result = await call('POST', path, { filter, ...(sort ? { sort } : {}), page: { from, limit } }, api);
    items.push(...result.items);
    if (result.items.length < limit || items.length >= (result.page?.totalItems ?? 0)) {
      return items;
    }
  }
}

/** Variables as a plain object; the API carries each value as JSON text. */
export function variablesObject(variables) {
  return Object.fromEntries(variables.map(({ name, value }) => [name, parseValue(value)]));
}

function parseValue(value) {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * A linked form's schema: the API returns it as JSON text. Null when the element has no form: 204 in 8.8, or a
 * 404 from an API that has none.
 */
export async function formSchema(path) {
  try {
    const form = await get(path);
    if (!form) {
      return null;
    }
    return typeof form.schema === 'string' ? JSON.parse(form.schema) : form.schema;
  } catch (e) {
    if (e instanceof ApiProblem && e.status === 404) {
      return null;
    }
    throw e;
  }
}
